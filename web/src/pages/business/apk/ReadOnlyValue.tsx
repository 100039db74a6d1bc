import { Input } from 'antd';

export interface ReadOnlyValueProps {
  /** The Form.Item's: the label's target and the record's value. */
  id?: string;
  value?: unknown;
  /** The value as people read it (a size, an amount); by default its text. */
  format?: (value: unknown) => string;
}

/**
 * A record's value shown in a dialog and never sent back from there (a size or digest the server
 * computed, an amount in yuan): a read-only text field, so its label still names it.
 */
export function ReadOnlyValue({ id, value, format }: ReadOnlyValueProps) {
  const text = format ? format(value) : value === null || value === undefined ? '' : String(value);
  return <Input id={id} value={text} readOnly variant="filled" />;
}
