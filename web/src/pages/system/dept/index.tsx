import { PlusOutlined } from '@ant-design/icons';
import { DEPT_LIMITS, ROOT_PARENT_ID, type DeptInput, type DeptNode } from '@console/contract';
import './locales';
import { useMemo } from 'react';
import { importResource } from '../../../api/sheet-import';
import { useSheetImport } from '../../../components/sheet-import/SheetImport';
import * as deptApi from '../../../api/system/dept';
import { CrudPage, defineCrud } from '../../../crud';
import { ParentSelect } from '../../authority/shared/ParentSelect';
import { refreshingChoices } from '../../authority/shared/refreshing-choices';
import { isSearch, searchRows } from './dept-rows';
import { DEPT_TREE_KEY, loadDeptTree } from './dept-tree';

/**
 * Departments (/api/blade-system/dept) of the tenant as a tree table that loads each level when it
 * is expanded. The server refuses to remove a department with departments or users below it and
 * says which; the request layer shows that message.
 */
const config = defineCrud<DeptNode, DeptInput>({
  name: 'dept',
  title: 'system.dept.title',
  rowTitle: 'deptName',
  api: {
    list: async (_current, _size, filters) =>
      isSearch(filters)
        ? searchRows(await deptApi.lazyList(filters))
        : deptApi.lazyList({ ...filters, parentId: ROOT_PARENT_ID }),
    detail: deptApi.detail as (id: string) => Promise<DeptNode>,
    // The parent and user pages' department choices follow every change.
    submit: refreshingChoices(deptApi.submit, DEPT_TREE_KEY),
    remove: refreshingChoices(deptApi.remove, DEPT_TREE_KEY),
  },
  tree: { lazy: { load: (row) => deptApi.lazyList({ parentId: row.id }) } },
  permissions: { add: 'dept_add', edit: 'dept_edit', delete: 'dept_delete', view: 'dept_view' },
  // The whole tree under the search (each department followed by its children).
  export: { url: '/api/blade-system/dept/export', permission: 'dept_export' },
  rowActions: [
    {
      key: 'addChild',
      label: 'system.dept.addChild',
      icon: <PlusOutlined aria-hidden />,
      permission: 'dept_add',
      onClick: (row, { openAdd }) => openAdd({ parentId: row.id }),
    },
  ],
  columns: [
    {
      prop: 'deptName',
      label: 'system.dept.deptName',
      search: true,
      form: { required: 'system.dept.deptNameRequired', maxLength: DEPT_LIMITS.deptName },
    },
    {
      prop: 'fullName',
      label: 'system.dept.fullName',
      search: true,
      table: { ellipsis: true },
      form: { maxLength: DEPT_LIMITS.fullName },
    },
    {
      prop: 'parentId',
      label: 'system.dept.parentId',
      type: 'treeSelect',
      remote: { queryKey: DEPT_TREE_KEY, load: loadDeptTree },
      table: false,
      form: {
        render: ({ options, disabled }) => (
          <ParentSelect options={options} disabled={disabled} placeholder="system.dept.parentRoot" />
        ),
      },
    },
    {
      prop: 'deptCategory',
      label: 'system.dept.deptCategory',
      dict: { code: 'org_category', numeric: true },
      search: true,
      table: { width: 120 },
    },
    {
      prop: 'sort',
      label: 'system.dept.sort',
      type: 'number',
      table: { width: 90, align: 'right' },
      form: { required: 'system.dept.sortRequired' },
    },
    {
      prop: 'remark',
      label: 'system.dept.remark',
      type: 'textarea',
      table: false,
      form: { maxLength: DEPT_LIMITS.remark },
    },
  ],
});

/** The page's import (issue 52): every row checked as a save checks it, then stored. */
const importApi = importResource('/api/blade-system/dept');
const importKeys = [{ field: 'deptName', label: 'system.dept.deptName' as const }];

export default function DeptPage() {
  const sheet = useSheetImport<DeptNode>({ api: importApi, permission: 'dept_add', keys: importKeys });
  const withImport = useMemo(
    () => ({ ...config, toolbarActions: [...(config.toolbarActions ?? []), ...sheet.actions] }),
    [sheet.actions],
  );
  return <CrudPage config={withImport}>{sheet.element}</CrudPage>;
}
