import {
  DisconnectOutlined,
  KeyOutlined,
  SendOutlined,
  ToolOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import type { MachineInput } from '@console/contract';
import { useMemo, useState } from 'react';
import './locales';
import * as machineApi from '../../../api/business/machine';
import { CrudPage, defineCrud, type CrudActionContext, type TextKey } from '../../../crud';
import { useSheetImport } from '../../../components/sheet-import/SheetImport';
import { BindWxDialog } from './BindWxDialog';
import { CommandDialog } from './CommandDialog';
import { machineColumns, type MachineRow } from './machine-columns';
import { RepairDialog } from './RepairDialog';
import { SecretDialog, type ShownSecret } from './SecretDialog';

/** The device secret in a submit or rotate answer: there only when one was just made. */
const secretOf = (answer: unknown): string | undefined =>
  typeof answer === 'object' &&
  answer !== null &&
  'deviceSecret' in answer &&
  typeof answer.deviceSecret === 'string' &&
  answer.deviceSecret !== ''
    ? answer.deviceSecret
    : undefined;

/** The machine whose WeChat account is being set, with the page's actions for when it is done. */
interface Binding {
  machine: MachineRow;
  context: CrudActionContext<MachineRow>;
  /** Each opening mounts the dialog afresh, so its form starts from the machine. */
  key: number;
}

/** The machine being sent commands; each opening mounts the dialog afresh (a new command id). */
interface Commanding {
  machine: MachineRow;
  key: number;
}

/** The machine being reported (报修), with the page's actions for when it is done. */
interface Reporting {
  machine: MachineRow;
  context: CrudActionContext<MachineRow>;
  key: number;
}

let openings = 0;

/** The import's key column (issue 52): a machine of the sheet's number is updated, not refused. */
const MACHINE_KEYS = [{ field: 'machineNo', label: 'business.machine.machineNo' as const }];

/**
 * Machines (/api/zxgxg-api/machine): the tenant's storage machines and their slots. Besides add,
 * edit, view (with the slot grid) and delete (refused while a slot is in use): the WeChat account
 * answering for a machine, bound (machine_bind) and, once bound, unbound after asking
 * (machine_edit), a new device secret (machine_edit), 远程指令 to the machine with its recent commands
 * (machine_command), 报修 (machine_repair: a repair order to the hospital's maintainer, whose end
 * clears the slot's fault; the machine shows 维修中 meanwhile), 导出 (machine_export: the kit's, the
 * visible columns of the search), and the import with its template (new machines, or updates by
 * machine number). A device secret is shown once, when made: on create and on reset.
 */
export default function MachinePage() {
  const sheets = useSheetImport<MachineRow>({
    api: machineApi.imports,
    permission: 'machine_add',
    keys: MACHINE_KEYS,
  });
  const [binding, setBinding] = useState<Binding>();
  const [secret, setSecret] = useState<ShownSecret>();
  const [commanding, setCommanding] = useState<Commanding>();
  const [reporting, setReporting] = useState<Reporting>();

  // Built once per import tools: the actions only set this page's state, whose setters never change.
  const config = useMemo(
    () =>
      defineCrud<MachineRow, MachineInput>({
        name: 'machine',
        title: 'business.machine.title',
        rowTitle: 'machineNo',
        api: {
          ...machineApi,
          // A new machine's answer carries its device secret, this once: show it.
          submit: async (input) => {
            const saved = await machineApi.submit(input);
            const deviceSecret = secretOf(saved);
            if (deviceSecret) setSecret({ machineNo: input.machineNo, secret: deviceSecret });
            return saved;
          },
        },
        permissions: {
          add: 'machine_add',
          edit: 'machine_edit',
          delete: 'machine_delete',
          view: 'machine_view',
        },
        export: { url: '/api/zxgxg-api/machine/export', permission: 'machine_export' },
        columns: machineColumns,
        toolbarActions: sheets.actions,
        rowActions: [
          {
            key: 'bind',
            label: 'business.machine.bind.action',
            icon: <WechatOutlined aria-hidden />,
            permission: 'machine_bind',
            visible: (machine) => !machine.wxOpenId,
            onClick: (machine, context) => setBinding({ machine, context, key: ++openings }),
          },
          {
            key: 'unbind',
            label: 'business.machine.unbind.action',
            icon: <DisconnectOutlined aria-hidden />,
            danger: true,
            permission: 'machine_edit',
            visible: (machine) => !!machine.wxOpenId,
            onClick: async (machine, context) => {
              if (!(await context.confirm('business.machine.unbind.confirm'))) return;
              try {
                await machineApi.unbindWxAccount(machine.id);
              } catch {
                return; // The request layer has said why.
              }
              context.success('business.machine.unbind.done');
              await context.refresh();
            },
          },
          {
            key: 'command',
            label: 'business.machine.command.action',
            icon: <SendOutlined aria-hidden />,
            permission: 'machine_command',
            onClick: (machine) => setCommanding({ machine, key: ++openings }),
          },
          {
            key: 'repair',
            label: 'business.machine.repair.action',
            icon: <ToolOutlined aria-hidden />,
            permission: 'machine_repair',
            onClick: (machine, context) => setReporting({ machine, context, key: ++openings }),
          },
          {
            key: 'secret',
            label: 'business.machine.secret.action',
            icon: <KeyOutlined aria-hidden />,
            permission: 'machine_edit',
            onClick: async (machine, context) => {
              if (!(await context.confirm('business.machine.secret.confirm'))) return;
              try {
                const deviceSecret = secretOf(await machineApi.rotateSecret(machine.id));
                if (deviceSecret) setSecret({ machineNo: machine.machineNo, secret: deviceSecret });
              } catch {
                // The request layer has said why.
              }
            },
          },
        ],
      }),
    [sheets.actions],
  );

  const bound = (text: TextKey) => {
    setBinding(undefined);
    binding?.context.success(text);
    void binding?.context.refresh();
  };

  return (
    <CrudPage config={config}>
      <BindWxDialog
        key={`bind-${binding?.key ?? 0}`}
        machine={binding?.machine}
        onClose={() => setBinding(undefined)}
        onDone={bound}
      />
      <SecretDialog shown={secret} onClose={() => setSecret(undefined)} />
      <CommandDialog
        key={`command-${commanding?.key ?? 0}`}
        machine={commanding?.machine}
        onClose={() => setCommanding(undefined)}
      />
      <RepairDialog
        key={`repair-${reporting?.key ?? 0}`}
        machine={reporting?.machine}
        onClose={() => setReporting(undefined)}
        onDone={() => {
          setReporting(undefined);
          void reporting?.context.refresh();
        }}
      />
      {sheets.element}
    </CrudPage>
  );
}
