import type { Client, ClientInput } from '@console/contract';

import { crudResource } from '../resource';

const BASE = '/api/blade-system/client';

export const { list, detail, submit, remove } = crudResource<Client, ClientInput>(BASE);
