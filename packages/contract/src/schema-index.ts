// '@console/contract/schema': the TypeBox schemas, for the server (validation and responses).
// The console imports only their types, through the main entry ('@console/contract'), so no
// schema code reaches its bundles.
export * from './schema.js';
export * from './entities/post.js';
export * from './entities/param.js';
export * from './entities/notice.js';
export * from './entities/message.js';
export * from './entities/tenant-package.js';
export * from './entities/client.js';
export * from './entities/datasource.js';
export * from './entities/code.js';
export * from './entities/scope.js';
export * from './entities/dept.js';
export * from './entities/dict.js';
export * from './entities/role.js';
export * from './entities/role-effective.js';
export * from './entities/region.js';
export * from './entities/tenant.js';
export * from './entities/menu.js';
export * from './entities/user.js';
export * from './entities/oss.js';
export * from './entities/attach.js';
export * from './entities/sms.js';
export * from './entities/log.js';
export * from './entities/session.js';
export * from './entities/monitor.js';
export * from './entities/totp.js';
export * from './entities/job.js';
export * from './entities/business.js';
export * from './entities/flow.js';
export * from './entities/flow-form.js';
export * from './entities/report.js';
export * from './entities/sheet-import.js';
