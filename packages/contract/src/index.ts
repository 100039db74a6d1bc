// Wire types shared by the server and the console. Everything here describes JSON on the wire:
// ids are strings (64-bit), dates are 'YYYY-MM-DD HH:mm:ss' strings, flags are 0/1 integers.

export * from './envelope.js';
export * from './constants.js';
export * from './entities.js';
export * from './auth.js';
export * from './buttons.js';
export * from './code-columns.js';
export * from './events.js';
export * from './sign-ins.js';
export * from './jobs.js';
// Entity types derived from the schemas ('@console/contract/schema'): types only, erased from bundles.
export type * from './entities/post.js';
export type * from './entities/attach.js';
export type * from './entities/oss.js';
export type * from './entities/user.js';
export type * from './entities/menu.js';
export type * from './entities/tenant.js';
export type * from './entities/region.js';
export type * from './entities/role.js';
export type * from './entities/role-effective.js';
export type * from './entities/dict.js';
export type * from './entities/dept.js';
export type * from './entities/scope.js';
export type * from './entities/client.js';
export type * from './entities/datasource.js';
export type * from './entities/code.js';
export type * from './entities/tenant-package.js';
export type * from './entities/notice.js';
export type * from './entities/message.js';
export type * from './entities/param.js';
export type * from './entities/sms.js';
export type * from './entities/log.js';
export type * from './entities/session.js';
export type * from './entities/monitor.js';
export type * from './entities/totp.js';
export type * from './entities/job.js';
export type * from './entities/business.js';
export type * from './entities/flow.js';
export type * from './entities/flow-form.js';
export type * from './entities/report.js';
export type * from './entities/sheet-import.js';
// The business constants are their own entry, '@console/contract/business': the sign-in page's
// chunk takes in every module this index reaches, and only the business pages need them.
// The rich-text allow-list is its own entry, '@console/contract/rich-text-policy': only the notice
// pages need it, and through this index it would land in the console's first download.
