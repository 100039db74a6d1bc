import type { Notice, NoticeInput } from '@console/contract';

import { crudResource } from '../resource';

const BASE = '/api/blade-desk/notice';

export const { list, detail, submit, remove } = crudResource<Notice, NoticeInput>(BASE);
