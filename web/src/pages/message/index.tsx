import { CheckOutlined, EyeOutlined } from '@ant-design/icons';
import { MESSAGE_KINDS, type Message } from '@console/contract';
import { Tag } from 'antd';
import { useMemo, useState } from 'react';
import * as messageApi from '../../api/desk/message';
import { MESSAGE_QUERY_KEY } from '../../api/desk/message';
import type { QueryParams } from '../../api/request';
import { MessageDialog } from '../../components/message/MessageDialog';
import { useMessageActions } from '../../components/message/messages';
import { CrudPage, defineCrud, type CrudActionContext, type TextKey } from '../../crud';

type Actions = ReturnType<typeof useMessageActions>;

/** The search form's read state, and the filter the server reads for it. */
const READ_FILTERS: Record<string, QueryParams> = {
  unread: { readTime_null: 1 },
  read: { readTime_notnull: 1 },
};

/** The search, with the read state picked in the search form (`readTime`) as the server's filter. */
export function messageFilters({ readTime, ...filters }: QueryParams): QueryParams {
  return { ...filters, ...READ_FILTERS[String(readTime)] };
}

/** The list of the search. */
function listMessages(current: number, size: number, params: QueryParams) {
  return messageApi.list(current, size, messageFilters(params));
}

/** Calls, then says it worked; a refusal the request layer has shown already. */
async function thenSay(context: CrudActionContext<Message>, call: () => Promise<void>) {
  try {
    await call();
  } catch {
    return;
  }
  context.success();
}

/**
 * The page's table: the user's messages newest first, searched by kind, title and read state, and
 * exported as searched by the holders of message_export (decision 0045). A row's 查看 marks the
 * message read and shows it; rows are marked read one by one, as selected or all at once, and
 * deleted as selected (with the kit's confirmation). Every change reads all message queries again
 * (MESSAGE_QUERY_KEY), the top bar's badge and popover too.
 */
function messageCrud(actions: Actions, show: (message: Message) => void) {
  const markRead = (ids: readonly string[], context: CrudActionContext<Message>) =>
    thenSay(context, () => actions.read(ids));
  return defineCrud<Message, never>({
    // The kit's query keys are [name, 'list', …]: under MESSAGE_QUERY_KEY with the others.
    name: MESSAGE_QUERY_KEY[0],
    title: 'shell.messages.title',
    rowTitle: 'title',
    api: { list: listMessages, remove: actions.remove },
    permissions: { bulkDelete: true },
    // 导出: the caller's own messages of the search (message_export, a button of 工作台).
    export: { url: '/api/blade-desk/message/export', permission: 'message_export', filters: messageFilters },
    columns: [
      {
        prop: 'kind',
        label: 'shell.messages.kind',
        options: MESSAGE_KINDS.map((kind) => ({
          value: kind,
          label: `shell.messages.kinds.${kind}` satisfies TextKey,
        })),
        search: { op: 'equal' },
      },
      {
        prop: 'title',
        label: 'shell.messages.messageTitle',
        search: true,
        table: { ellipsis: true },
      },
      { prop: 'createTime', label: 'shell.messages.createTime', table: { content: 'datetime' } },
      {
        prop: 'readTime',
        label: 'shell.messages.readState',
        options: [
          { value: 'unread', label: 'shell.messages.unread' },
          { value: 'read', label: 'shell.messages.read' },
        ],
        search: true,
        table: {
          content: 'tag',
          render: (readTime, _row, { t }) =>
            readTime === null ? (
              <Tag color="processing">{t('shell.messages.unread')}</Tag>
            ) : (
              <span title={t('shell.messages.readAt', { time: readTime })}>{t('shell.messages.read')}</span>
            ),
        },
      },
    ],
    rowActions: [
      {
        key: 'view',
        label: 'shell.messages.view',
        icon: <EyeOutlined aria-hidden />,
        onClick: (row) => {
          actions.opened(row);
          show(row);
        },
      },
      {
        key: 'read',
        label: 'shell.messages.markRead',
        icon: <CheckOutlined aria-hidden />,
        visible: (row) => row.readTime === null,
        onClick: (row, context) => markRead([row.id], context),
      },
    ],
    toolbarActions: [
      {
        key: 'read',
        label: 'shell.messages.markRead',
        icon: <CheckOutlined aria-hidden />,
        needsSelection: true,
        onClick: (context) => markRead(context.selectedIds, context),
      },
      {
        key: 'readAll',
        label: 'shell.messages.readAll',
        onClick: async (context) => {
          if (await context.confirm('shell.messages.readAllConfirm'))
            await thenSay(context, () => actions.readAll());
        },
      },
    ],
  });
}

/**
 * 消息中心 (/desk/message/index): the signed-in user's own messages, for every user without a menu
 * grant (a fixed route of router.tsx).
 */
export default function MessageCenterPage() {
  const actions = useMessageActions();
  const [shown, setShown] = useState<Message>();
  const config = useMemo(() => messageCrud(actions, setShown), [actions]);
  return (
    <CrudPage config={config}>
      <MessageDialog message={shown} onClose={() => setShown(undefined)} getContainer={false} />
    </CrudPage>
  );
}
