import { MAX_UPLOAD_QUOTA, UNLIMITED_ACCOUNTS } from '@console/contract';
import { Input, InputNumber } from 'antd';
import { fromLocalInput, toLocalInput } from './date-time';

/** An expiry moment; the form holds the wire's text (or null for never). Form.Item gives id, value, onChange. */
export function ExpireTimeField({
  id,
  value,
  onChange,
  disabled,
}: {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
}) {
  return (
    <Input
      id={id}
      type="datetime-local"
      value={toLocalInput(value)}
      disabled={disabled}
      onChange={(event) => onChange?.(fromLocalInput(event.target.value))}
    />
  );
}

/** An account limit: -1 (unlimited) or a whole number from 0. Form.Item gives id, value, onChange. */
export function AccountNumberField(props: {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  disabled?: boolean;
}) {
  return <InputNumber {...props} min={UNLIMITED_ACCOUNTS} precision={0} style={{ width: '100%' }} />;
}

const MB = 1024 * 1024;

/**
 * A storage quota: the wire's bytes shown and typed as whole MB (0 up to the contract's maximum).
 * Form.Item gives id, value, onChange.
 */
export function UploadQuotaField({
  id,
  value,
  onChange,
  disabled,
}: {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  disabled?: boolean;
}) {
  return (
    <InputNumber
      id={id}
      value={typeof value === 'number' ? Math.round(value / MB) : null}
      onChange={(mb) => onChange?.(typeof mb === 'number' ? mb * MB : null)}
      disabled={disabled}
      min={0}
      max={MAX_UPLOAD_QUOTA / MB}
      precision={0}
      suffix="MB"
      style={{ width: '100%' }}
    />
  );
}
