import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MachineCommandInputSchema, MachineCommandSchema } from '@console/contract/schema';
import { ok } from '../../../core/envelope.js';
import { Envelope, IdQuery, ListQuerySchema, PageOf } from '../../../core/schema.js';
import type { CommandService } from './command.service.js';

/**
 * Commands to machines (issue 50): `POST machine/command` (button 远程指令), and the commands the
 * caller may see at `command/list|detail` (the machine page's: menu 机器管理).
 */
export const commandRoutes: FastifyPluginAsyncTypebox<{ commands: CommandService }> = async (
  app,
  { commands },
) => {
  app.post(
    '/machine/command',
    {
      schema: { body: MachineCommandInputSchema, response: { 200: Envelope(MachineCommandSchema) } },
      config: { access: 'user', button: 'machine_command' },
    },
    async (req) => ok(await commands.issue(req.actor, req.body), req.t('command.sent')),
  );
  const read = { menu: 'machine' } as const;
  app.get(
    '/command/list',
    {
      schema: { querystring: ListQuerySchema, response: { 200: Envelope(PageOf(MachineCommandSchema)) } },
      config: read,
    },
    async (req) => ok(await commands.list(req.actor, req.query), req.t('ok')),
  );
  app.get(
    '/command/detail',
    { schema: { querystring: IdQuery, response: { 200: Envelope(MachineCommandSchema) } }, config: read },
    async (req) => ok(await commands.detail(req.actor, req.query.id), req.t('ok')),
  );
};
