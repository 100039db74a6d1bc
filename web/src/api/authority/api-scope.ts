import type { ApiScope, ApiScopeInput } from '@console/contract';

import { crudResource } from '../resource';

const BASE = '/api/blade-system/api-scope';

export const { list, detail, submit, remove } = crudResource<ApiScope, ApiScopeInput>(BASE);
