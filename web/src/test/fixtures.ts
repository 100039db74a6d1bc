// Answers for component tests (the app never imports this). It loads no app code (its app imports
// are types), so a vi.mock factory can load it without loading the module being mocked:
// `vi.mock('…/api/x', async () => (await import('…/test/fixtures')).crudApiMock(() => stored))`.
import type { AuditFields, Message, MessageKind, Page, TreeNode } from '@console/contract';
import { vi } from 'vitest';
import type { OAuthToken } from '../api/auth';

/** A token answer as the server gives it for the seeded administrator. */
export function tokenAnswer(overrides: Partial<OAuthToken> = {}): OAuthToken {
  return {
    access_token: 'access-1',
    token_type: 'bearer',
    refresh_token: 'refresh-1',
    expires_in: 3600,
    scope: 'all',
    tenant_id: '000000',
    user_id: '1123598821738675201',
    user_name: 'admin',
    real_name: '管理员',
    nick_name: 'admin',
    account: 'admin',
    avatar: '',
    role_id: '1123598816738675201',
    role_name: 'administrator',
    dept_id: '1123598813738675201',
    post_id: '1123598817738675201',
    oauth_id: '',
    client_id: 'saber',
    license: 'powered by console',
    jti: 'jti-1',
    password_change_required: false,
    second_factor_setup_required: false,
    ...overrides,
  };
}

/** The audit columns of a record as seeded: no author or editor, enabled, not deleted. */
export const auditColumns: Readonly<Omit<AuditFields, 'id'>> = {
  createUser: null,
  createDept: null,
  createTime: null,
  updateUser: null,
  updateTime: null,
  status: 1,
  isDeleted: 0,
};

/** A message to the seeded administrator: unread, without body or link unless `more` says. */
export function messageOf(
  id: string,
  kind: MessageKind,
  title: string,
  more: Partial<Message> = {},
): Message {
  return {
    ...auditColumns,
    id,
    tenantId: '000000',
    userId: '1123598821738675201',
    kind,
    title,
    body: null,
    link: null,
    readTime: null,
    fileName: null,
    createTime: '2026-12-06 10:00:00',
    ...more,
  };
}

/**
 * A node of a `tree` answer (menus, departments, roles): its id is also its key and value. As the
 * server answers it: a leaf has no `children` key.
 */
export function treeNode(id: string, title: string, children: TreeNode[] = []): TreeNode {
  const node = { id, parentId: '0', title, key: id, value: id };
  return children.length > 0 ? { ...node, hasChildren: true, children } : { ...node, hasChildren: false };
}

/** A `list` answer holding all of `records` on its first and only page of 10. */
export function onePage<T>(...records: T[]): Page<T> {
  return { records, total: records.length, size: 10, current: 1, pages: 1 };
}

/**
 * What vi.mock can answer for a table page's api module: `record` alone in the list and as the
 * detail, and saves and removals that succeed. `record` is a getter because vi.mock's factory runs
 * before the test file's own constants are set; it is read only when the page calls.
 */
export function crudApiMock<T>(record: () => T) {
  return {
    list: vi.fn(() => Promise.resolve(onePage(record()))),
    detail: vi.fn(() => Promise.resolve(record())),
    submit: vi.fn(() => Promise.resolve(true)),
    remove: vi.fn(() => Promise.resolve(true)),
  };
}
