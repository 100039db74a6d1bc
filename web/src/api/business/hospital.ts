import type { Hospital, HospitalInput } from '@console/contract';
import { crudResource } from '../resource';
import { importResource } from '../sheet-import';

const BASE = '/api/zxgxg-api/hospital';

export const { list, detail, submit, remove } = crudResource<Hospital, HospitalInput>(BASE);
/** The import's calls (template, dry run, commit, report); the export is the kit's (`export`). */
export const imports = importResource(BASE);
