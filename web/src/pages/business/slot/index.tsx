import { EditOutlined, SafetyCertificateOutlined, StopOutlined } from '@ant-design/icons';
import type { GrantTreeSlot, SlotHolder } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Empty, Flex, Spin, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './locales';
import * as slotApi from '../../../api/business/slot';
import { CrudPage, defineCrud, type CrudActionContext, type CrudColumn } from '../../../crud';
import { SlotStatusTag } from '../shared/slot-status';
import { GrantDialog, type GrantKind } from './GrantDialog';
import { MachinePicker, userLabel, type Choice } from './pickers';
import { StatusDialog } from './StatusDialog';

type Context = CrudActionContext<GrantTreeSlot>;

/** A page dialog's subject, with the page's actions for when it is done. */
interface Opened<S> {
  subject: S;
  slots: readonly GrantTreeSlot[];
  context: Context;
  /** Each opening mounts the dialog afresh, so it starts from its subject. */
  key: number;
}

let openings = 0;

/** The machine's grant tree: the header reads it, and the slot list loads it (the same call). */
const treeKey = (machineNo: string) => ['slot', 'grant-tree', machineNo] as const;

/** Who holds a machine or a slot, as tags; on a slot, a grant of the whole machine says so. */
function holderTags(holders: readonly SlotHolder[], t: TFunction, onSlot: boolean) {
  if (holders.length === 0)
    return <Typography.Text type="secondary">{t('business.slot.noHolders')}</Typography.Text>;
  return (
    <Flex gap={4} wrap>
      {holders.map((holder) => {
        const viaMachine = holder.via === 'machine';
        return (
          <Tag
            key={`${holder.via}-${holder.userId}`}
            color={viaMachine ? 'geekblue' : 'blue'}
            title={viaMachine ? t('business.slot.viaMachineTitle') : undefined}
            style={{ marginInlineEnd: 0 }}
          >
            {userLabel(holder)}
            {onSlot && viaMachine && ` (${t('business.slot.viaMachine')})`}
          </Tag>
        );
      })}
    </Flex>
  );
}

const slotColumns: CrudColumn<GrantTreeSlot>[] = [
  {
    prop: 'slotNo',
    label: 'business.slot.slotNo',
    table: { content: 'text', render: (_, row) => row.title },
    form: false,
  },
  {
    prop: 'status',
    label: 'business.slot.status',
    dict: { code: 'slot_status', numeric: true },
    search: true,
    table: {
      content: 'tag',
      render: (value, _, { labels }) => <SlotStatusTag status={value} label={labels[0] ?? String(value)} />,
    },
    form: false,
  },
  {
    prop: 'holders',
    label: 'business.slot.holders',
    table: { width: 480, render: (holders, _, { t }) => holderTags(holders, t, true) },
    form: false,
  },
];

/**
 * Slots (/business/slot): pick a machine, then see who holds it whole and, slot by slot, each
 * slot's state and holders (`slot/grant-tree`). 授权 gives users the whole machine or the selected
 * slots (slot_grant), 取消授权 takes it back after asking (slot_cancel), 修改状态 sets the selected
 * slots' state (slot_edit). Each change says how much it changed and loads the tree again.
 */
export default function SlotPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [machine, setMachine] = useState<Choice>();
  const machineNo = machine?.value;
  const tree = useQuery({
    queryKey: treeKey(machineNo ?? ''),
    queryFn: () => slotApi.grantTree(machineNo!),
    enabled: machineNo !== undefined,
  });
  const [grant, setGrant] = useState<Opened<GrantKind>>();
  const [status, setStatus] = useState<Opened<null>>();

  // Built once: the list reads the tree through the query cache, the actions set this page's state.
  const config = useMemo(() => {
    const open =
      <S,>(set: (opened: Opened<S>) => void, subject: S) =>
      (context: Context) =>
        set({ subject, slots: context.selectedRows, context, key: ++openings });
    return defineCrud<GrantTreeSlot, never>({
      name: 'slot',
      title: 'business.slot.slots',
      rowTitle: 'title',
      api: {
        // One machine's slots (`machineNo` is the page's fixed filter), in the state searched for.
        list: async (_current, _size, filters) => {
          const no = String(filters.machineNo ?? '');
          const [found] = await queryClient.fetchQuery({
            queryKey: treeKey(no),
            queryFn: () => slotApi.grantTree(no),
          });
          const slots = found?.children ?? [];
          const wanted = filters.status;
          return wanted === undefined || wanted === null || wanted === ''
            ? slots
            : slots.filter((slot) => String(slot.status) === String(wanted));
        },
      },
      permissions: {},
      // The machine's slots from the slot list (machineNo is the page's param, status its search);
      // the holders are the grant tree's, not a slot's field: the export writes the slot's own.
      export: { url: '/api/zxgxg-api/slot/export', permission: 'slot_export', leaveOut: ['holders'] },
      columns: slotColumns,
      toolbarActions: [
        {
          key: 'grant',
          label: 'business.slot.grant.action',
          icon: <SafetyCertificateOutlined aria-hidden />,
          permission: 'slot_grant',
          onClick: open<GrantKind>(setGrant, 'grant'),
        },
        {
          key: 'cancel',
          label: 'business.slot.cancel.action',
          icon: <StopOutlined aria-hidden />,
          permission: 'slot_cancel',
          danger: true,
          onClick: open<GrantKind>(setGrant, 'cancel'),
        },
        {
          key: 'status',
          label: 'business.slot.setStatus.action',
          icon: <EditOutlined aria-hidden />,
          permission: 'slot_edit',
          needsSelection: true,
          onClick: open<null>(setStatus, null),
        },
      ],
    });
  }, [queryClient]);
  const params = useMemo(() => ({ machineNo }), [machineNo]);

  const granted = (kind: GrantKind, changed: number) => {
    setGrant(undefined);
    void message.success(
      changed === 0
        ? t('business.slot.unchanged')
        : kind === 'grant'
          ? t('business.slot.grant.done', { count: changed })
          : t('business.slot.cancel.done', { count: changed }),
    );
    void grant?.context.refresh();
  };

  const statusSet = (count: number) => {
    setStatus(undefined);
    void message.success(t('business.slot.setStatus.done', { count }));
    void status?.context.refresh();
  };

  const node = tree.data?.[0];
  return (
    <section aria-label={t('business.slot.title')}>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={24} align="center" wrap>
          <Flex gap={8} align="center">
            <label htmlFor="slot-machine">{t('business.slot.machine')}</label>
            <MachinePicker id="slot-machine" value={machine} onChange={setMachine} />
          </Flex>
          {machineNo !== undefined && (
            <Flex gap={8} align="center" wrap style={{ flex: '1 1 320px' }}>
              <Typography.Text type="secondary">{t('business.slot.wholeMachine')}</Typography.Text>
              {tree.isPending ? (
                <Spin size="small" />
              ) : (
                <div aria-label={t('business.slot.wholeMachine')} role="group">
                  {holderTags(node?.holders ?? [], t, false)}
                </div>
              )}
            </Flex>
          )}
        </Flex>
      </Card>
      {machineNo === undefined ? (
        <Empty description={t('business.slot.chooseMachine')} style={{ padding: 48 }} />
      ) : (
        <CrudPage config={config} params={params}>
          <GrantDialog
            key={`grant-${grant?.key ?? 0}`}
            kind={grant?.subject}
            machineNo={machineNo}
            slots={grant?.slots ?? []}
            confirm={(text) => grant?.context.confirm(text) ?? Promise.resolve(false)}
            onClose={() => setGrant(undefined)}
            onDone={granted}
          />
          <StatusDialog
            key={`status-${status?.key ?? 0}`}
            slots={status?.slots ?? []}
            onClose={() => setStatus(undefined)}
            onDone={statusSet}
          />
        </CrudPage>
      )}
    </section>
  );
}
