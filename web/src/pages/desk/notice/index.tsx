import { NOTICE_LIMITS, type Notice, type NoticeInput } from '@console/contract';
import './locales';
import * as noticeApi from '../../../api/desk/notice';
import { CrudPage, defineCrud } from '../../../crud';
import { DateTimeInput, NoticeContentField } from './fields';

/**
 * Notices (/api/blade-desk/notice): rich-text announcements. The content is written with the
 * rich-text editor (downloaded only when a dialog edits it) and always shown through the
 * console's sanitiser (security S10), whatever the server stored.
 */
const config = defineCrud<Notice, NoticeInput>({
  name: 'notice',
  title: 'desk.notice.title',
  rowTitle: 'title',
  api: noticeApi,
  permissions: { add: 'notice_add', edit: 'notice_edit', delete: 'notice_delete', view: 'notice_view' },
  defaultSort: [{ field: 'releaseTime', order: 'descend' }],
  columns: [
    {
      prop: 'title',
      label: 'desk.notice.noticeTitle',
      search: true,
      table: { ellipsis: true },
      form: { required: 'desk.notice.noticeTitleRequired', maxLength: NOTICE_LIMITS.title },
    },
    {
      prop: 'category',
      label: 'desk.notice.category',
      type: 'select',
      dict: { code: 'notice', numeric: true },
      search: { op: 'equal' },
      table: { width: 140 },
      form: { required: 'desk.notice.categoryRequired' },
    },
    {
      prop: 'releaseTime',
      label: 'desk.notice.releaseTime',
      search: { range: true },
      table: { width: 180, sort: true },
      form: { render: ({ disabled }) => <DateTimeInput disabled={disabled} /> },
    },
    {
      prop: 'content',
      label: 'desk.notice.content',
      table: false,
      form: {
        span: 24,
        render: ({ mode, disabled }) => <NoticeContentField mode={mode} disabled={disabled} />,
      },
    },
  ],
});

export default function NoticePage() {
  return <CrudPage config={config} />;
}
