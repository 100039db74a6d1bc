import { Type, type Static } from 'typebox';
import type { MessageKind } from '../entities.js';
import { AuditFieldsSchema, Nullable } from '../schema.js';

/**
 * A message to one user (消息中心, issue 47): what it is about (`kind`), a title, a body (plain text,
 * or a notice's sanitized rich text), a link into the console the recipient may open, and when the
 * recipient read it (null: unread).
 */
export const MessageSchema = Type.Object({
  ...AuditFieldsSchema,
  tenantId: Type.String(),
  userId: Type.String(),
  kind: Type.Union([
    Type.Literal('notice'),
    Type.Literal('task'),
    Type.Literal('refund'),
    Type.Literal('machine'),
    Type.Literal('system'),
  ]),
  title: Type.String(),
  body: Nullable(Type.String()),
  link: Nullable(Type.String()),
  readTime: Nullable(Type.String()),
  /** The file it carries (GET message/file?id=), or null: a scheduled report's .xlsx. */
  fileName: Nullable(Type.String()),
});

export type Message = Static<typeof MessageSchema>;

/** The schema's kinds are MESSAGE_KINDS, no more and no fewer (a compile error otherwise). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const kindsAgree: Same<Message['kind'], MessageKind> = true;
void kindsAgree;

/** The caller's unread messages: in all, and of each kind. */
export const MessageUnreadCountSchema = Type.Object({
  total: Type.Integer(),
  notice: Type.Integer(),
  task: Type.Integer(),
  refund: Type.Integer(),
  machine: Type.Integer(),
  system: Type.Integer(),
});

export type MessageUnreadCount = Static<typeof MessageUnreadCountSchema>;
