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
}

/** Sign-in failures are not wrapped in R (contract.md, "Sign-in"). */
export interface OAuthError {
  error_code: number;
  error_description: string;
}

/** A tree node as the tree calls answer it. */
export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children?: TreeNode[];
}
