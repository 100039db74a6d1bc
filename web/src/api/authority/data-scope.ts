import type { DataScope, DataScopeInput } from '@console/contract';

import { crudResource } from '../resource';

const BASE = '/api/blade-system/data-scope';

export const { list, detail, submit, remove } = crudResource<DataScope, DataScopeInput>(BASE);
