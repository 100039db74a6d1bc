import type { Attach } from '@console/contract';

import { crudResource } from '../resource';

const BASE = '/api/blade-resource/attach';

export const { list, detail, remove } = crudResource<Attach, never>(BASE);
