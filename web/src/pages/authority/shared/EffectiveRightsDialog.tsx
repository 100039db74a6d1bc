import { CaretDownOutlined } from '@ant-design/icons';
import type {
  EffectiveApiScope,
  EffectiveDataRule,
  EffectiveDataScope,
  EffectiveMenu,
  EffectiveRights,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Collapse,
  Empty,
  Flex,
  Modal,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
  Tree,
  Typography,
  type TableColumnsType,
  type TreeDataNode,
} from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './effective-locales';
import * as roleApi from '../../../api/system/role';
import { useLabelText, type LabelText } from '../../../app/menu/labels';
import {
  buttonRows,
  menuCount,
  roleNamer,
  scopeTypeKey,
  verdictOf,
  type ButtonRow,
} from './effective-rights';
import { usePageContainer } from './page-container';

/** Whose permissions: a user's (every role they hold) or one role's alone. */
export type EffectiveTarget = { userId: string } | { roleId: string };

export interface EffectiveRightsDialogProps {
  /** The dialog is open for this user or role; none: closed. */
  target: EffectiveTarget | undefined;
  /** The user's or role's name, in the title. */
  name: string;
  onClose: () => void;
}

/**
 * Each tab's content scrolls on its own, so the dialog (title, roles, note and footer included) fits
 * a screen 768 pixels high; focusable, the keyboard scrolls it (Tab, then the arrow keys).
 */
const PANE_STYLE = { maxHeight: 'min(440px, calc(100vh - 400px))', overflow: 'auto' } as const;

/**
 * 查看权限 (issue 48): what a user, or a role alone, really gets — the sidebar's menus under each
 * top menu, the buttons, the data scopes by resource and the API scopes — each naming the roles it
 * comes from (`role/effective`). Read-only.
 */
export function EffectiveRightsDialog({ target, name, onClose }: EffectiveRightsDialogProps) {
  const { t } = useTranslation();
  const getContainer = usePageContainer();
  const rights = useQuery({
    queryKey: ['role', 'effective', target],
    queryFn: () => roleApi.effective(target!),
    enabled: target !== undefined,
    // Always what the records say now: nothing kept once the dialog closes.
    gcTime: 0,
    retry: false,
  });
  const closeText = t('authority.effective.close');
  const retryText = t('authority.effective.retry');
  return (
    <Modal
      open={target !== undefined}
      title={t('authority.effective.title', { name })}
      width={880}
      getContainer={getContainer}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button aria-label={closeText} onClick={onClose}>
          {closeText}
        </Button>
      }
    >
      {rights.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('authority.effective.loadFailed')}
          action={
            <Button size="small" aria-label={retryText} onClick={() => void rights.refetch()}>
              {retryText}
            </Button>
          }
        />
      ) : !rights.data ? (
        <Spin style={{ display: 'block', padding: 48 }} />
      ) : (
        <EffectiveRightsView rights={rights.data} />
      )}
    </Modal>
  );
}

/** The roles' names as tags. */
function RoleTags({ names }: { names: readonly string[] }) {
  return (
    <>
      {names.map((roleName, at) => (
        <Tag key={`${roleName}-${at}`} color="blue" style={{ marginInlineEnd: 4 }}>
          {roleName}
        </Tag>
      ))}
    </>
  );
}

/** The answer once loaded: who, then a tab for each kind of permission. */
export function EffectiveRightsView({ rights }: { rights: EffectiveRights }) {
  const { t } = useTranslation();
  const labelText = useLabelText();
  const namesOf = roleNamer(rights);
  const tab = (key: 'menus' | 'buttons' | 'dataScopes' | 'apiScopes', children: ReactNode) => {
    const label = t(`authority.effective.tabs.${key}`);
    return {
      key,
      label,
      children: (
        // A scrolling pane is focusable, so the keyboard can scroll it.
        <div role="region" aria-label={label} tabIndex={0} style={PANE_STYLE}>
          {children}
        </div>
      ),
    };
  };
  return (
    <Flex vertical gap={12}>
      <div>
        <Typography.Text strong>{t('authority.effective.roles')}</Typography.Text>
        {rights.roles.length > 0 ? (
          <RoleTags names={rights.roles.map((role) => `${role.roleName} (${role.roleAlias})`)} />
        ) : (
          <Typography.Text type="warning">{t('authority.effective.noRoles')}</Typography.Text>
        )}
      </div>
      {rights.administrator && (
        <Alert type="info" showIcon title={t(`authority.effective.${rights.administrator}`)} />
      )}
      <Tabs
        items={[
          tab('menus', <MenuViews rights={rights} labelText={labelText} namesOf={namesOf} />),
          tab('buttons', <Buttons rights={rights} labelText={labelText} namesOf={namesOf} />),
          tab('dataScopes', <DataScopes rights={rights} labelText={labelText} namesOf={namesOf} />),
          tab('apiScopes', <ApiScopes rights={rights} labelText={labelText} namesOf={namesOf} />),
        ]}
      />
    </Flex>
  );
}

interface PartProps {
  rights: EffectiveRights;
  labelText: LabelText;
  namesOf: (roleIds: readonly string[]) => string[];
}

const empty = (text: string) => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;

/** The whole menu and each top menu's, as the sidebar shows them; the whole one open first. */
function MenuViews({ rights, labelText, namesOf }: PartProps) {
  const { t } = useTranslation();
  const treeData = (menus: readonly EffectiveMenu[]): TreeDataNode[] =>
    menus.map((menu) => ({
      key: menu.id,
      title: (
        <Space size={6} wrap>
          <span>{labelText(menu.name, `menu.${menu.code}`)}</span>
          <RoleTags names={namesOf(menu.roleIds)} />
        </Space>
      ),
      ...(menu.children ? { children: treeData(menu.children) } : {}),
    }));
  return (
    <Collapse
      size="small"
      defaultActiveKey={['whole']}
      items={rights.menus.map((view) => {
        const title =
          view.topMenuId === null
            ? t('authority.effective.wholeMenu')
            : t('authority.effective.topMenu', { name: labelText(view.name ?? '', `menu.${view.code}`) });
        return {
          key: view.topMenuId ?? 'whole',
          label: title,
          extra: t('authority.effective.menuCount', { count: menuCount(view.menus) }),
          children:
            view.menus.length === 0 ? (
              empty(t('authority.effective.noMenus'))
            ) : (
              <div role="group" aria-label={title}>
                <Tree
                  selectable={false}
                  defaultExpandAll
                  blockNode
                  // A hidden caret: the node's name is its title alone.
                  switcherIcon={<CaretDownOutlined aria-hidden />}
                  treeData={treeData(view.menus)}
                />
              </div>
            ),
        };
      })}
    />
  );
}

/** The buttons by page, each with its code and roles. */
function Buttons({ rights, labelText, namesOf }: PartProps) {
  const { t } = useTranslation();
  if (rights.buttons.length === 0) return empty(t('authority.effective.noButtons'));
  const columns: TableColumnsType<ButtonRow> = [
    {
      key: 'page',
      title: t('authority.effective.page'),
      render: (_, row) => (row.pageCode ? labelText(row.pageName ?? '', `menu.${row.pageCode}`) : '—'),
      onCell: (row) => ({ rowSpan: row.pageSpan }),
    },
    {
      key: 'button',
      title: t('authority.effective.button'),
      render: (_, row) => labelText(row.name, `menu.${row.code}`),
    },
    { key: 'code', dataIndex: 'code', title: t('authority.effective.code') },
    {
      key: 'roles',
      title: t('authority.effective.fromRoles'),
      render: (_, row) => <RoleTags names={namesOf(row.roleIds)} />,
    },
  ];
  return (
    <Table<ButtonRow>
      size="small"
      bordered
      rowKey="id"
      pagination={false}
      columns={columns}
      dataSource={buttonRows(rights.buttons)}
    />
  );
}

/** Each resource's rules, and whether they limit it. */
function DataScopes({ rights, labelText, namesOf }: PartProps) {
  const { t } = useTranslation();
  if (rights.dataScopes.length === 0) return empty(t('authority.effective.noDataScopes'));
  const columns: TableColumnsType<EffectiveDataRule> = [
    { key: 'scopeName', dataIndex: 'scopeName', title: t('authority.effective.ruleName') },
    {
      key: 'scopeType',
      title: t('authority.effective.scopeType'),
      render: (_, rule) => {
        const type = scopeTypeKey(rule.scopeType);
        return type ? t(`authority.effective.types.${type}`) : rule.scopeType;
      },
    },
    {
      key: 'scopeColumn',
      title: t('authority.effective.scopeColumn'),
      render: (_, rule) => [rule.scopeColumn, rule.scopeValue].filter(Boolean).join(' = ') || '—',
    },
    {
      key: 'roles',
      title: t('authority.effective.fromRoles'),
      render: (_, rule) => <RoleTags names={namesOf(rule.roleIds)} />,
    },
  ];
  const resourceName = (scope: EffectiveDataScope) => {
    const label = labelText(scope.resourceCode, `menu.${scope.resourceCode}`);
    return label === scope.resourceCode ? label : `${label} (${scope.resourceCode})`;
  };
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('authority.effective.dataScopeNote')}</Typography.Text>
      {rights.dataScopes.map((scope) => {
        const verdict = verdictOf(scope, rights.administrator);
        const verdictText =
          verdict === 'platform'
            ? t('authority.effective.platformUnlimited')
            : t(`authority.effective.${verdict}`);
        return (
          <section key={scope.resourceCode} aria-label={resourceName(scope)}>
            <Space size={8} style={{ marginBottom: 6 }} wrap>
              <Typography.Text strong>{resourceName(scope)}</Typography.Text>
              <Tag color={verdict === 'limited' ? 'orange' : 'green'}>{verdictText}</Tag>
            </Space>
            <Table<EffectiveDataRule>
              size="small"
              bordered
              rowKey="id"
              pagination={false}
              columns={columns}
              dataSource={scope.rules}
            />
          </section>
        );
      })}
    </Flex>
  );
}

/** The API scopes granted and in force, each with its roles. */
function ApiScopes({ rights, namesOf }: PartProps) {
  const { t } = useTranslation();
  if (rights.apiScopes.length === 0) return empty(t('authority.effective.noApiScopes'));
  const columns: TableColumnsType<EffectiveApiScope> = [
    { key: 'scopeName', dataIndex: 'scopeName', title: t('authority.effective.scopeName') },
    {
      key: 'scopeMethod',
      title: t('authority.effective.scopeMethod'),
      render: (_, scope) => scope.scopeMethod ?? t('authority.effective.allMethods'),
    },
    { key: 'scopePath', dataIndex: 'scopePath', title: t('authority.effective.scopePath') },
    { key: 'resourceCode', dataIndex: 'resourceCode', title: t('authority.effective.resourceCode') },
    {
      key: 'roles',
      title: t('authority.effective.fromRoles'),
      render: (_, scope) => <RoleTags names={namesOf(scope.roleIds)} />,
    },
  ];
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('authority.effective.apiScopeNote')}</Typography.Text>
      <Table<EffectiveApiScope>
        size="small"
        bordered
        rowKey="id"
        pagination={false}
        columns={columns}
        dataSource={rights.apiScopes}
      />
    </Flex>
  );
}
