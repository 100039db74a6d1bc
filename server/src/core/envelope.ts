import type { R } from '@console/contract';

export function ok<T>(data: T, msg: string): R<T> {
  return { code: 200, success: true, data, msg };
}

export function failure(code: number, msg: string): R<null> {
  return { code, success: false, data: null, msg };
}
