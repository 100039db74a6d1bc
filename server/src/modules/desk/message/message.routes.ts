import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MessageSchema, MessageUnreadCountSchema } from '@console/contract/schema';
import { Type } from 'typebox';
import { ok } from '../../../core/envelope.js';
import { Envelope, IdQuery, IdsQuery, ListQuerySchema, PageOf } from '../../../core/schema.js';
import { registerListExport } from '../../../core/workbook/list-export.js';
import type { MessageService } from './message.service.js';

/** `.xlsx` of `报表-20261207.xlsx`: the ASCII name's extension (letters and digits only). */
const extensionOf = (name: string) => /\.[A-Za-z0-9]{1,8}$/.exec(name)?.[0] ?? '';

/**
 * /api/blade-desk/message: the signed-in user's own messages (消息中心). Every call answers or changes
 * the caller's messages only, so every signed-in user may make it (`everyone: 'own'`); a message of
 * another user or tenant answers 404.
 */
export const messageRoutes: FastifyPluginAsyncTypebox<{ messages: MessageService }> = async (
  app,
  { messages },
) => {
  const own = { everyone: 'own' } as const;
  app.get(
    '/list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(MessageSchema)) } },
      config: own,
    },
    async (req) => ok(await messages.list(req.actor, req.query), req.t('ok')),
  );
  // 导出 (decision 0045): the caller's own messages of the list's search. The center has no menu: the
  // export asks its button (message_export, under 工作台), never a read for everyone (S16).
  registerListExport(app, {
    entity: MessageSchema,
    list: (actor, query) => messages.list(actor, query),
    read: own,
    button: 'message_export',
    title: 'export.title.message',
  });
  app.get(
    '/detail',
    { schema: { querystring: IdQuery, response: { 200: Envelope(MessageSchema) } }, config: own },
    async (req) => ok(await messages.detail(req.actor, req.query.id), req.t('ok')),
  );
  // The file a message carries (a scheduled report's .xlsx): a download, its recipient's only.
  app.get('/file', { schema: { querystring: IdQuery }, config: own }, async (req, reply) => {
    const file = await messages.file(req.actor, req.query.id);
    return reply
      .type(file.contentType)
      .header(
        'content-disposition',
        `attachment; filename="message-${req.query.id}${extensionOf(file.name)}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      )
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(file.content);
  });
  app.get(
    '/unread-count',
    { schema: { response: { 200: Envelope(MessageUnreadCountSchema) } }, config: own },
    async (req) => ok(await messages.unreadCount(req.actor), req.t('ok')),
  );
  app.post(
    '/read',
    { schema: { querystring: IdsQuery, response: { 200: Envelope(Type.Boolean()) } }, config: own },
    async (req) => {
      await messages.read(req.actor, req.query.ids);
      return ok(true, req.t('updated'));
    },
  );
  app.post(
    '/read-all',
    {
      schema: {
        querystring: Type.Object({ kinds: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: { 200: Envelope(Type.Boolean()) },
      },
      config: own,
    },
    async (req) => {
      await messages.readAll(req.actor, req.query.kinds);
      return ok(true, req.t('updated'));
    },
  );
  app.post(
    '/remove',
    { schema: { querystring: IdsQuery, response: { 200: Envelope(Type.Boolean()) } }, config: own },
    async (req) => {
      await messages.remove(req.actor, req.query.ids);
      return ok(true, req.t('deleted'));
    },
  );
};
