// '@console/contract/schema': the TypeBox schemas, for the server (validation and responses).
// The console imports only their types, through the main entry ('@console/contract'), so no
// schema code reaches its bundles.
export * from './schema.js';
export * from './entities/post.js';
