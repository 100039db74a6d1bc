import type { Param, ParamInput } from '@console/contract';

import { crudResource } from '../resource';

const BASE = '/api/blade-system/param';

export const { list, detail, submit, remove } = crudResource<Param, ParamInput>(BASE);
