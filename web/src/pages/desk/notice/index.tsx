import { NOTICE_LIMITS, type Notice, type NoticeInput } from '@console/contract';
import './locales';
import * as noticeApi from '../../../api/desk/notice';
import { CrudPage, defineCrud } from '../../../crud';
import {
  AudienceIdsField,
  AudienceTypeRadio,
  audienceIdsRequired,
  DateTimeInput,
  NoticeContentField,
} from './fields';

/**
 * Notices (/api/blade-desk/notice): rich-text announcements. The content is written with the
 * rich-text editor (downloaded only when a dialog edits it) and always shown through the
 * console's sanitiser (security S10), whatever the server stored. Adding one publishes it: each
 * user of its audience (all, roles or departments) is sent it as a message (decision 0038).
 */
const config = defineCrud<Notice, NoticeInput>({
  name: 'notice',
  title: 'desk.notice.title',
  rowTitle: 'title',
  api: noticeApi,
  permissions: { add: 'notice_add', edit: 'notice_edit', delete: 'notice_delete', view: 'notice_view' },
  export: { url: '/api/blade-desk/notice/export', permission: 'notice_export' },
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
      // Who is sent the notice as a message when it is added (published): fixed from then on.
      prop: 'audienceType',
      label: 'desk.notice.audienceType',
      type: 'radio',
      options: [
        { value: 'all', label: 'desk.notice.audienceAll' },
        { value: 'roles', label: 'desk.notice.audienceRoles' },
        { value: 'depts', label: 'desk.notice.audienceDepts' },
      ],
      table: { secondary: true },
      form: {
        initialValue: 'all',
        disableIn: ['edit'],
        help: 'desk.notice.audienceHelp',
        render: ({ disabled, options }) => <AudienceTypeRadio disabled={disabled} options={options} />,
      },
    },
    {
      prop: 'audienceIds',
      label: 'desk.notice.audienceIds',
      type: 'treeSelect',
      multiple: true, // sent comma-joined
      table: false,
      form: {
        disableIn: ['edit'],
        rules: [audienceIdsRequired],
        render: ({ mode, disabled, record }) => (
          <AudienceIdsField mode={mode} disabled={disabled} record={record} />
        ),
      },
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
