import { Type } from 'typebox';
import { TenantIdQuery } from '../../../core/schema.js';

export { PostInputSchema, PostSchema } from '@console/contract/schema';

export const PostSelectQuery = Type.Object({ tenantId: TenantIdQuery });
