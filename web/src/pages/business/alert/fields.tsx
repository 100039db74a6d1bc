import type { AlertRule } from '@console/contract';
import { ALERT_LIMITS } from '@console/contract/business';
import { Form, InputNumber, Switch, type FormRule } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextKey } from '../../../crud';
import { i18n } from '../../../i18n';
import './locales';

type AlertKind = AlertRule['kind'];

/** The unit of a kind's threshold: machine-silent counts minutes, refund-waiting hours; others none. */
const UNITS: Partial<Record<AlertKind, 'minutes' | 'hours'>> = {
  'machine-silent': 'minutes',
  'refund-waiting': 'hours',
};

/** The unit's text key of a kind's threshold, or undefined when the kind has none. */
export function thresholdUnit(kind: unknown): TextKey | undefined {
  const unit = UNITS[kind as AlertKind];
  return unit && `business.alert.units.${unit}`;
}

/** Whether rules of the kind take a threshold. */
export const hasThreshold = (kind: unknown): boolean => thresholdUnit(kind) !== undefined;

/** A threshold as the table shows it: 30 分钟, 24 小时; — for kinds without one. */
export function thresholdText(value: number | null, kind: unknown): string {
  const unit = thresholdUnit(kind);
  return unit && value !== null ? `${value} ${i18n.t(unit)}` : '—';
}

// Rules translate when they run: the columns are a constant that follows the language.
const reject = (key: TextKey) => Promise.reject(new Error(i18n.t(key)));

/** The threshold: required, a whole number in range, for the kinds that have one; nothing else. */
export const thresholdRule: FormRule = ({ getFieldValue }) => ({
  validator: (_, value: unknown) => {
    if (!hasThreshold(getFieldValue('kind'))) return Promise.resolve();
    if (value === null || value === undefined || value === '')
      return reject('business.alert.rules.thresholdRequired');
    const { minimum, maximum } = ALERT_LIMITS.threshold;
    const number = Number(value);
    return Number.isInteger(number) && number >= minimum && number <= maximum
      ? Promise.resolve()
      : reject('business.alert.rules.thresholdRange');
  },
});

interface ControlProps<V> {
  id?: string;
  value?: V;
  onChange?: (value: V) => void;
  disabled?: boolean;
}

/**
 * The threshold, in the unit of the form's kind (分钟 or 小时, after the number); disabled, saying so,
 * for a kind without one (what was typed is kept should the kind come back, and not sent).
 */
export function ThresholdField({ id, value, onChange, disabled }: ControlProps<number | null>) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  // useWatch answers undefined until after its first render: the form's value meanwhile.
  const kind =
    Form.useWatch<AlertKind | undefined>('kind', form) ?? (form.getFieldValue('kind') as AlertKind);
  const unit = thresholdUnit(kind);
  // A kind without a threshold takes back the message asking for one.
  useEffect(() => {
    if (form.getFieldError('threshold').length > 0) form.validateFields(['threshold']).catch(() => {});
  }, [unit, form]);
  return (
    <InputNumber<number>
      id={id}
      value={unit ? (value ?? null) : null}
      onChange={(next) => onChange?.(next)}
      min={ALERT_LIMITS.threshold.minimum}
      max={ALERT_LIMITS.threshold.maximum}
      precision={0}
      disabled={disabled || !unit}
      placeholder={t(
        kind === 'machine-silent'
          ? 'business.alert.rules.thresholdMinutes'
          : kind === 'refund-waiting'
            ? 'business.alert.rules.thresholdHours'
            : 'business.alert.rules.thresholdNone',
      )}
      // Always a suffix, so choosing another kind does not rebuild the input (antd would drop focus).
      suffix={<span>{unit ? t(unit) : ''}</span>}
      style={{ width: '100%' }}
    />
  );
}

/** 短信通知: a switch holding the wire's 1 or 0. */
export function SmsSwitch({ id, value, onChange, disabled }: ControlProps<number>) {
  const { t } = useTranslation();
  return (
    <Switch
      id={id}
      checked={value === 1}
      onChange={(checked) => onChange?.(checked ? 1 : 0)}
      disabled={disabled}
      checkedChildren={t('business.alert.rules.yes')}
      unCheckedChildren={t('business.alert.rules.no')}
    />
  );
}
