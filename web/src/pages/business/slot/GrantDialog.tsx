import type { GrantResult, GrantTreeSlot } from '@console/contract';
import { Form, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import * as slotApi from '../../../api/business/slot';
import { FormDialog, type TextKey } from '../../../crud';
import { UserPicker, type Choice } from './pickers';

/** 授权 or 取消授权. */
export type GrantKind = 'grant' | 'cancel';

/** The whole machine, or the slots selected in the list. */
type Scope = 'machine' | 'slots';

interface GrantValues {
  users: Choice[];
  scope: Scope;
}

const TEXTS = {
  grant: { title: 'business.slot.grant.title', hint: 'business.slot.grant.hint' },
  cancel: { title: 'business.slot.cancel.title', hint: 'business.slot.cancel.hint' },
} as const satisfies Record<GrantKind, { title: TextKey; hint: TextKey }>;

export interface GrantDialogProps {
  /** What the dialog does; it is open while there is something. */
  kind: GrantKind | undefined;
  machineNo: string;
  /** The slots selected in the list (none: the whole machine is the only scope). */
  slots: readonly GrantTreeSlot[];
  /** Asks in the page's confirmation dialog (before cancelling). */
  confirm: (text: TextKey) => Promise<boolean>;
  onClose: () => void;
  /** Done: how many grants the server added or removed. */
  onDone: (kind: GrantKind, changed: number) => void;
}

/**
 * 授权 (slot_grant) and 取消授权 (slot_cancel): users of the tenant, and either the whole machine
 * (`grant/machine`, `cancel/grant` with its number) or the selected slots (`grant/slot`,
 * `cancel/grant` with their ids). Cancelling asks first.
 */
export function GrantDialog({ kind, machineNo, slots, confirm, onClose, onDone }: GrantDialogProps) {
  const { t } = useTranslation();
  const texts = TEXTS[kind ?? 'grant'];

  const save = async ({ users, scope }: GrantValues) => {
    if (!kind) return;
    const userIds = users.map((user) => user.value);
    const whole = scope === 'machine';
    const machineNos = [machineNo];
    const slotIds = slots.map((slot) => slot.id);
    if (
      kind === 'cancel' &&
      !(await confirm(whole ? 'business.slot.cancel.confirmMachine' : 'business.slot.cancel.confirmSlots'))
    )
      return;
    let result: GrantResult;
    if (kind === 'cancel')
      result = await slotApi.cancelGrant(whole ? { userIds, machineNos } : { userIds, slotIds });
    else if (whole) result = await slotApi.grantMachines({ userIds, machineNos });
    else result = await slotApi.grantSlots({ userIds, slotIds });
    onDone(kind, result.changed);
  };

  const scopeLabel = t('business.slot.scope');

  return (
    <FormDialog<GrantValues>
      open={kind !== undefined}
      name={`slot-${kind ?? 'grant'}`}
      draft={kind && `${machineNo}|${slots.map((slot) => slot.id).join(',')}`}
      title={t(texts.title)}
      width={560}
      danger={kind === 'cancel'}
      initialValues={{ users: [], scope: slots.length > 0 ? 'slots' : 'machine' }}
      onSubmit={save}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t(texts.hint)}</Typography.Paragraph>
      <Form.Item
        name="users"
        label={t('business.slot.users')}
        rules={[{ required: true, type: 'array', min: 1, message: t('business.slot.usersRequired') }]}
      >
        <UserPicker />
      </Form.Item>
      <Form.Item name="scope" label={scopeLabel}>
        <Radio.Group
          aria-label={scopeLabel}
          options={[
            { value: 'machine', label: t('business.slot.scopeMachine', { machineNo }) },
            {
              value: 'slots',
              label:
                slots.length > 0
                  ? t('business.slot.scopeSlots', { count: slots.length })
                  : t('business.slot.scopeSlotsNone'),
              disabled: slots.length === 0,
            },
          ]}
        />
      </Form.Item>
      {slots.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('business.slot.chosenSlots', {
            names: slots.map((slot) => slot.title).join(t('business.slot.listSeparator')),
          })}
        </Typography.Paragraph>
      )}
    </FormDialog>
  );
}
