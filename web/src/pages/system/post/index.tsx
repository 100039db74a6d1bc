import { POST_LIMITS, type Post, type PostInput } from '@console/contract';
import './locales';
import { useMemo } from 'react';
import { importResource } from '../../../api/sheet-import';
import { useSheetImport } from '../../../components/sheet-import/SheetImport';
import * as postApi from '../../../api/system/post';
import { CrudPage, defineCrud } from '../../../crud';

/** Posts (/api/blade-system/post): the job positions of the tenant, given to users. */
const config = defineCrud<Post, PostInput>({
  name: 'post',
  title: 'system.post.title',
  rowTitle: 'postName',
  api: postApi,
  permissions: { add: 'post_add', edit: 'post_edit', delete: 'post_delete', view: 'post_view' },
  export: { url: '/api/blade-system/post/export', permission: 'post_export' },
  columns: [
    {
      prop: 'category',
      label: 'system.post.category',
      dict: { code: 'post_category', numeric: true },
      search: true,
      form: { required: 'system.post.categoryRequired' },
    },
    {
      prop: 'postCode',
      label: 'system.post.postCode',
      search: true,
      form: { required: 'system.post.postCodeRequired', maxLength: POST_LIMITS.postCode },
    },
    {
      prop: 'postName',
      label: 'system.post.postName',
      search: true,
      form: { required: 'system.post.postNameRequired', maxLength: POST_LIMITS.postName },
    },
    {
      prop: 'sort',
      label: 'system.post.sort',
      type: 'number',
      table: { width: 110, sort: true },
      form: { required: 'system.post.sortRequired' },
    },
    {
      prop: 'remark',
      label: 'system.post.remark',
      type: 'textarea',
      table: false,
      form: { maxLength: POST_LIMITS.remark },
    },
  ],
});

/** The page's import (issue 52): every row checked as a save checks it, then stored. */
const importApi = importResource('/api/blade-system/post');
const importKeys = [{ field: 'postCode', label: 'system.post.postCode' as const }];

export default function PostPage() {
  const sheet = useSheetImport<Post>({ api: importApi, permission: 'post_add', keys: importKeys });
  const withImport = useMemo(
    () => ({ ...config, toolbarActions: [...(config.toolbarActions ?? []), ...sheet.actions] }),
    [sheet.actions],
  );
  return <CrudPage config={withImport}>{sheet.element}</CrudPage>;
}
