import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { CSSProperties } from 'react';
import type { FilterValue } from './definition';

dayjs.extend(customParseFormat);

/** The date the server takes (a wire date); what is shown and typed may also use slashes. */
const WIRE_DATE = 'YYYY-MM-DD';
/** What a typed date may look like: 2026-12-01 or 2026/12/01 (the first is how it is shown). */
export const DATE_INPUTS = [WIRE_DATE, 'YYYY/MM/DD'];

/** A typed or stored date as the wire's YYYY-MM-DD, or undefined when it is none of the forms. */
export function wireDate(text: string): string | undefined {
  const parsed = dayjs(text.trim(), DATE_INPUTS, true);
  return parsed.isValid() ? parsed.format(WIRE_DATE) : undefined;
}

export interface DateValuePickerProps {
  value: FilterValue | undefined;
  /** The picked or typed date as YYYY-MM-DD, or null once cleared. */
  onChange: (value: FilterValue) => void;
  id?: string;
  placeholder?: string;
  style?: CSSProperties;
}

/** A date filter: the picker's date, or one typed as 2026-12-01 or 2026/12/01. */
export function DateValuePicker({ value, onChange, ...rest }: DateValuePickerProps) {
  const date = typeof value === 'string' ? wireDate(value.slice(0, 10)) : undefined;
  return (
    <DatePicker
      {...rest}
      format={DATE_INPUTS}
      value={date ? dayjs(date, WIRE_DATE) : null}
      onChange={(picked) => onChange(picked ? picked.format(WIRE_DATE) : null)}
    />
  );
}
