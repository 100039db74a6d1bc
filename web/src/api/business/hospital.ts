import type { Hospital, HospitalInput } from '@console/contract';
import { crudResource } from '../resource';
import { sheetResource } from './sheets';

const BASE = '/api/zxgxg-api/hospital';

export const { list, detail, submit, remove } = crudResource<Hospital, HospitalInput>(BASE);
export const { exportSheet, imports } = sheetResource(BASE);
