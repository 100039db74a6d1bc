import type { Static } from 'typebox';
import type { TreeNodeSchema } from './schema.js';

/** The envelope every API answer except the token and captcha calls is wrapped in. */
export interface R<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

/** A page of a list call: `data` of `GET …/list`. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /**
   * Absent (or true): `total` counts every match. false: the list stopped counting at a bound (the
   * logs, at 10,000 rows; issue 21): there are more than `total` matches, and `total` stays a number
   * so that older clients page on as before.
   */
  totalExact?: boolean;
}

/** Sign-in failures are not wrapped in R (contract.md, "Sign-in"). */
export interface OAuthError {
  error_code: number;
  error_description: string;
}

/** A tree node as the tree calls answer it (the schema: TreeNodeSchema). */
export type TreeNode = Static<typeof TreeNodeSchema>;
