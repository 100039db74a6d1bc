import { AuditOutlined, SafetyOutlined } from '@ant-design/icons';
import {
  PLATFORM_TENANT_ID,
  ROLE_ALIAS_PATTERN,
  ROLE_LIMITS,
  ROOT_PARENT_ID,
  type RoleInput,
  type RoleNode,
} from '@console/contract';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './locales';
import * as menuApi from '../../../api/system/menu';
import * as roleApi from '../../../api/system/role';
import { useSession } from '../../../app/session/session-store';
import { website } from '../../../config/website';
import { CrudPage, defineCrud, optionsFromTree, type CrudFormValues } from '../../../crud';
import { EffectiveRightsDialog } from '../shared/EffectiveRightsDialog';
import { useIsAdministrator } from '../shared/effective-rights';
import { refreshingChoices } from '../shared/refreshing-choices';
import { GrantTreeDialog, type GrantSection } from '../shared/GrantTreeDialog';
import { ParentSelect } from '../shared/ParentSelect';

/** The parent field's choices. */
const ROLE_TREE = ['role', 'tree'] as const;

/** The submit body: the root for no parent, the id when editing. */
function toInput(values: CrudFormValues, row: RoleNode | undefined): RoleInput {
  const parentId =
    typeof values.parentId === 'string' && values.parentId !== '' ? values.parentId : ROOT_PARENT_ID;
  return {
    ...(row ? { id: row.id } : {}),
    roleName: String(values.roleName ?? ''),
    roleAlias: String(values.roleAlias ?? ''),
    parentId,
    sort: Number(values.sort),
    ...(typeof values.totpRequired === 'number' ? { totpRequired: values.totpRequired } : {}),
  };
}

/** The grant dialog's three tabs: the trees the caller may grant, checked as the roles hold them. */
export async function loadRoleGrant(roleIds: readonly string[], t: TFunction): Promise<GrantSection[]> {
  const [tree, keys] = await Promise.all([menuApi.grantTree(), menuApi.roleTreeKeys(roleIds)]);
  return [
    { key: 'menu', label: t('authority.role.grantMenu'), nodes: tree.menu, granted: keys.menu },
    {
      key: 'dataScope',
      label: t('authority.role.grantDataScope'),
      nodes: tree.dataScope,
      granted: keys.dataScope,
    },
    {
      key: 'apiScope',
      label: t('authority.role.grantApiScope'),
      nodes: tree.apiScope,
      granted: keys.apiScope,
    },
  ];
}

/** Saves the three tabs' checks for every role at once (`role/grant`). */
export function saveRoleGrant(roleIds: readonly string[], granted: Readonly<Record<string, string[]>>) {
  return roleApi.grant({
    roleIds: [...roleIds],
    menuIds: granted.menu ?? [],
    dataScopeIds: granted.dataScope ?? [],
    apiScopeIds: granted.apiScope ?? [],
  });
}

/**
 * The page's settings. `viewAs` opens 查看权限 on a row: given to administrators only, who alone may
 * ask `role/effective` (no button code: the server allows administrators).
 */
function roleConfig(
  showTenant: boolean,
  grant: (roleIds: readonly string[]) => void,
  viewAs: ((role: RoleNode) => void) | undefined,
) {
  return defineCrud<RoleNode, RoleInput>({
    name: 'role',
    title: 'authority.role.title',
    rowTitle: 'roleName',
    api: {
      list: (_current, _size, filters) => roleApi.list(filters),
      detail: roleApi.detail as (id: string) => Promise<RoleNode>,
      submit: refreshingChoices(roleApi.submit, ROLE_TREE),
      remove: refreshingChoices(roleApi.remove, ROLE_TREE),
    },
    permissions: { add: 'role_add', edit: 'role_edit', delete: 'role_delete', view: 'role_view' },
    export: { url: '/api/blade-system/role/export', permission: 'role_export' },
    tree: {},
    dialog: { width: 600, columns: 1 },
    toInput,
    toolbarActions: [
      {
        key: 'grant',
        label: 'authority.role.grant',
        icon: <SafetyOutlined aria-hidden />,
        permission: 'role_grant',
        needsSelection: true,
        onClick: ({ selectedIds }) => grant(selectedIds),
      },
    ],
    rowActions: viewAs && [
      {
        key: 'effective',
        label: 'authority.effective.action',
        icon: <AuditOutlined aria-hidden />,
        onClick: (row) => viewAs(row),
      },
    ],
    columns: [
      {
        prop: 'roleName',
        label: 'authority.role.roleName',
        search: true,
        form: { required: 'authority.role.roleNameRequired', maxLength: ROLE_LIMITS.roleName },
      },
      // The tenant a role belongs to: shown to the platform (tenant mode), never changed here.
      ...(showTenant
        ? [
            {
              prop: 'tenantId' as const,
              label: 'authority.role.tenantId' as const,
              form: { hideIn: ['add', 'edit'] as const },
            },
          ]
        : []),
      {
        prop: 'roleAlias',
        label: 'authority.role.roleAlias',
        search: true,
        form: {
          required: 'authority.role.roleAliasRequired',
          maxLength: ROLE_LIMITS.roleAlias,
          pattern: { regex: ROLE_ALIAS_PATTERN, message: 'authority.role.roleAliasPattern' },
        },
      },
      {
        prop: 'parentId',
        label: 'authority.role.parentId',
        type: 'treeSelect',
        remote: { queryKey: ROLE_TREE, load: async () => optionsFromTree(await roleApi.tree()) },
        table: false,
        form: {
          render: ({ options, disabled }) => (
            <ParentSelect options={options} disabled={disabled} placeholder="authority.role.parentRoot" />
          ),
        },
      },
      {
        prop: 'sort',
        label: 'authority.role.sort',
        type: 'number',
        table: { width: 100 },
        form: { required: 'authority.role.sortRequired', initialValue: 1 },
      },
      {
        prop: 'totpRequired',
        label: 'authority.role.totpRequired',
        type: 'radio',
        options: [
          { value: 0, label: 'authority.role.totpRequiredOff' },
          { value: 1, label: 'authority.role.totpRequiredOn' },
        ],
        table: false,
        form: { initialValue: 0, help: 'authority.role.totpRequiredHelp' },
      },
    ],
  });
}

/**
 * Roles (/api/blade-system/role): the tenant's roles as a tree, 权限设置 — the menus, data scopes
 * and API scopes of the selected roles (`role/grant`) — and, for administrators, 查看权限 — what a
 * role alone really gets (`role/effective`).
 */
export default function RolePage() {
  const { t } = useTranslation();
  const platform = useSession((state) => state.userInfo?.tenant_id === PLATFORM_TENANT_ID);
  const administrator = useIsAdministrator();
  const [granting, setGranting] = useState<readonly string[]>([]);
  const [viewing, setViewing] = useState<RoleNode>();
  const config = useMemo(
    () => roleConfig(website.tenantMode || platform, setGranting, administrator ? setViewing : undefined),
    [platform, administrator],
  );
  return (
    <CrudPage config={config}>
      <EffectiveRightsDialog
        target={viewing && { roleId: viewing.id }}
        name={viewing?.roleName ?? ''}
        onClose={() => setViewing(undefined)}
      />
      <GrantTreeDialog
        targetIds={granting}
        title={t('authority.role.grant')}
        queryKey="role"
        load={(ids) => loadRoleGrant(ids, t)}
        save={saveRoleGrant}
        onClose={() => setGranting([])}
      />
    </CrudPage>
  );
}
