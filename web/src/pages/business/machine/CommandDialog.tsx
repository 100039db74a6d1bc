import type { MachineCommand, MachineCommandInput } from '@console/contract';
import {
  COMMAND_ENDED,
  COMMAND_KINDS,
  COMMAND_STATES,
  MACHINE_ONLINE,
  type CommandKind,
  type CommandState,
} from '@console/contract/business';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, InputNumber, Modal, Radio, Table, Tag, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as commandApi from '../../../api/business/command';
import { RequestError } from '../../../api/request';
import { ask } from '../../../crud';
import type { MachineRow } from './machine-columns';

/** The commands shown at once: the dialog fits a 1366×768 screen with its form above them. */
const PAGE_SIZE = 5;
/** While a listed command may still change, the list is read again this often (ms). */
const REFRESH_MS = 3_000;
/** The states a command may still leave. */
const OPEN_STATES: readonly CommandState[] = COMMAND_STATES.filter((state) => !COMMAND_ENDED.includes(state));

const STATE_COLORS: Record<CommandState, string> = {
  created: 'default',
  sent: 'processing',
  acknowledged: 'processing',
  succeeded: 'success',
  failed: 'error',
  'timed-out': 'warning',
};

/** The queries of one machine's commands: under 'command', which the server's change events name. */
export const commandsQueryKey = (machineId: string | undefined) => ['command', 'machine', machineId] as const;

/** A new command id: 32 hex digits (getRandomValues works on plain http too, unlike randomUUID). */
const newRequestId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

interface CommandValues {
  kind: CommandKind;
  slotNo?: number;
}

export interface CommandDialogProps {
  /** The machine commanded; the dialog is open while there is one. */
  machine: MachineRow | undefined;
  onClose: () => void;
}

/**
 * 远程指令 (machine_command): tells one machine to open a slot, reboot, check for updates or reload
 * its configuration, after asking; below, its recent commands and their states, read again when the
 * server says the commands changed and every 3 s while one may still change. A send carries a
 * command id made for it: the same send tried again after a failure carries the same id, so the
 * server makes the command once; the next send gets a new one.
 */
export function CommandDialog({ machine, onClose }: CommandDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [modal, modalHolder] = Modal.useModal();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CommandValues>();
  const kind = Form.useWatch('kind', form);
  const [sending, setSending] = useState(false);
  const inFlight = useRef(false);
  // The id of the send being tried, and what it sends: a retry of the same send keeps the id.
  const attempt = useRef<{ requestId: string; sends?: string }>(undefined);
  attempt.current ??= { requestId: newRequestId() };
  const [current, setCurrent] = useState(1);
  const headingId = useId();

  const slotCount = machine?.slotCount ?? 1;
  const machineNo = machine?.machineNo ?? '';
  const commands = useQuery({
    queryKey: [...commandsQueryKey(machine?.id), current],
    queryFn: () => commandApi.list(current, PAGE_SIZE, { machineId: machine!.id }),
    enabled: machine !== undefined,
    refetchInterval: (query) =>
      query.state.data?.records.some((command) => OPEN_STATES.includes(command.state)) ? REFRESH_MS : false,
  });

  const kindLabel = (value: CommandKind) => t(`business.machine.command.kinds.${value}`);

  const confirmed = (values: CommandValues) =>
    ask(modal, {
      title: t('business.machine.command.confirmTitle'),
      content: t(`business.machine.command.confirm.${values.kind}`, { machineNo, slotNo: values.slotNo }),
    });

  const send = async (values: CommandValues) => {
    if (!machine || inFlight.current) return;
    inFlight.current = true;
    try {
      if (!(await confirmed(values))) return;
      const input: MachineCommandInput = { machineId: machine.id, kind: values.kind, requestId: '' };
      if (values.kind === 'open-slot') input.params = { slotNo: values.slotNo };
      // Another send than the one that failed: a new id.
      const sends = JSON.stringify([input.kind, input.params?.slotNo]);
      let tried = attempt.current!;
      if (tried.sends !== undefined && tried.sends !== sends) tried = { requestId: newRequestId() };
      attempt.current = { requestId: tried.requestId, sends };
      input.requestId = tried.requestId;
      setSending(true);
      try {
        await commandApi.issue(input);
      } catch (error) {
        // The request layer has shown the server's reason; a failure to reach the server it leaves to us.
        if (!(error instanceof RequestError)) void message.error(t('request.unreachable'));
        return;
      }
      attempt.current = { requestId: newRequestId() };
      void message.success(t('business.machine.command.sent'));
      setCurrent(1);
      void queryClient.invalidateQueries({ queryKey: commandsQueryKey(machine.id) });
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const kindText = (command: MachineCommand) => {
    const slotNo = command.params.slotNo;
    return command.kind === 'open-slot' && typeof slotNo === 'number'
      ? t('business.machine.command.kindWithSlot', { kind: kindLabel(command.kind), slotNo })
      : kindLabel(command.kind);
  };

  return (
    <Modal
      open={machine !== undefined}
      title={t('business.machine.command.title', { machineNo })}
      width={760}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      onCancel={onClose}
    >
      {modalHolder}
      <Typography.Paragraph type="secondary">
        {t('business.machine.command.forMachine', { machineNo, machineName: machine?.machineName ?? '' })}
      </Typography.Paragraph>
      {machine?.onlineStatus === MACHINE_ONLINE.OFFLINE && (
        <Alert
          type="warning"
          showIcon
          title={t('business.machine.command.offline')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<CommandValues>
        form={form}
        name="machine-command"
        layout="vertical"
        aria-label={t('business.machine.command.form')}
        onFinish={(values) => void send(values)}
      >
        <Flex wrap gap={16} align="flex-end">
          <Form.Item
            name="kind"
            label={t('business.machine.command.kind')}
            rules={[{ required: true, message: t('business.machine.command.kindRequired') }]}
          >
            <Radio.Group
              optionType="button"
              aria-label={t('business.machine.command.kind')}
              aria-required
              options={COMMAND_KINDS.map((value) => ({ value, label: kindLabel(value) }))}
            />
          </Form.Item>
          {/* Always there, shown for 远程开格 only: what is sent reads the kind chosen when sending. No
              min or max on the input: it would turn a number out of range into another slot on blur. */}
          <Form.Item
            name="slotNo"
            label={t('business.machine.command.slotNo')}
            tooltip={t('business.machine.command.slotNoHelp', { max: slotCount })}
            hidden={kind !== 'open-slot'}
            required
            dependencies={['kind']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: unknown) => {
                  if (getFieldValue('kind') !== 'open-slot') return Promise.resolve();
                  if (value === null || value === undefined)
                    return Promise.reject(new Error(t('business.machine.command.slotNoRequired')));
                  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= slotCount
                    ? Promise.resolve()
                    : Promise.reject(
                        new Error(t('business.machine.command.slotNoRange', { max: slotCount })),
                      );
                },
              }),
            ]}
          >
            <InputNumber style={{ width: 120 }} aria-required />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={sending}>
              {t('business.machine.command.send')}
            </Button>
          </Form.Item>
        </Flex>
      </Form>
      <section aria-labelledby={headingId}>
        <Typography.Title level={5} id={headingId} style={{ marginTop: 0 }}>
          {t('business.machine.command.recent')}
        </Typography.Title>
        {commands.isError ? (
          <Alert type="error" showIcon title={t('business.machine.command.loadFailed')} />
        ) : (
          <Table<MachineCommand>
            rowKey="id"
            size="small"
            loading={commands.isPending}
            dataSource={commands.data?.records ?? []}
            locale={{ emptyText: t('business.machine.command.empty') }}
            pagination={{
              current,
              pageSize: PAGE_SIZE,
              total: commands.data?.total ?? 0,
              size: 'small',
              showSizeChanger: false,
              hideOnSinglePage: true,
              onChange: setCurrent,
            }}
            columns={[
              {
                key: 'createTime',
                dataIndex: 'createTime',
                title: t('business.machine.command.time'),
                width: 160,
              },
              {
                key: 'kind',
                dataIndex: 'kind',
                title: t('business.machine.command.kind'),
                width: 170,
                render: (_, command) => kindText(command),
              },
              {
                key: 'state',
                dataIndex: 'state',
                title: t('business.machine.command.state'),
                width: 96,
                render: (state: CommandState) => (
                  <Tag color={STATE_COLORS[state]}>{t(`business.machine.command.states.${state}`)}</Tag>
                ),
              },
              {
                key: 'createUserName',
                dataIndex: 'createUserName',
                title: t('business.machine.command.user'),
                width: 100,
                ellipsis: true,
              },
              {
                key: 'reason',
                dataIndex: 'reason',
                title: t('business.machine.command.reason'),
                ellipsis: { showTitle: true },
              },
            ]}
          />
        )}
      </section>
    </Modal>
  );
}
