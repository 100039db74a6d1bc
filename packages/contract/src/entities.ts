/** Columns every table carries (contract.md; business-domain.md). */
export interface AuditFields {
  id: string;
  createUser: string | null;
  createDept: string | null;
  createTime: string | null;
  updateUser: string | null;
  updateTime: string | null;
  status: number;
  isDeleted: number;
}

/** A system parameter (blade_param): platform-wide key/value settings. */
export interface Param extends AuditFields {
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark: string | null;
}

/** What `param/submit` takes: no id creates, an id updates. */
export interface ParamInput {
  id?: string | null;
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark?: string | null;
}

/** Field limits the server enforces and the console's forms mirror. */
export const PARAM_LIMITS = { paramName: 255, paramKey: 255, paramValue: 65_535, remark: 255 } as const;
