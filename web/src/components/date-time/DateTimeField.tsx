import { DatePicker, type GetProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef } from 'react';

type DatePickerProps = GetProps<typeof DatePicker>;

/** How a moment shows, and what a moment field takes typed: a whole moment, minutes, or a day. */
export const DATE_TIME_FORMATS = ['YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD'] as const;

/** Whether a typed text is a day alone (no time), DATE_TIME_FORMATS's last form. */
export const isDayOnly = (text: string): boolean => /^\s*\d{4}-\d{1,2}-\d{1,2}\s*$/.test(text);

export interface DateTimeFieldProps extends Omit<
  DatePickerProps,
  'showTime' | 'format' | 'onChange' | 'value' | 'picker'
> {
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
  /**
   * A typed day alone means its end (23:59:59), as the end of a period does; otherwise its start.
   * Moments picked in the panel are kept as picked.
   */
  dayEnd?: boolean;
}

/**
 * A form's moment (date and time). Typing takes `2026-12-10 09:00:00`, `2026-12-10 09:00` and the
 * day alone, `2026-12-10` (issue 45: a typed day was dropped silently); the placeholder shows the
 * full form.
 */
export function DateTimeField({ dayEnd, onChange, ...props }: DateTimeFieldProps) {
  // What was last typed into the field: the picker answers a moment, not how it was written.
  const typed = useRef('');
  return (
    <span
      style={{ display: 'contents' }}
      onChangeCapture={(event) => {
        typed.current = (event.target as HTMLInputElement).value ?? '';
      }}
    >
      <DatePicker
        placeholder={DATE_TIME_FORMATS[0]}
        {...props}
        showTime
        format={[...DATE_TIME_FORMATS]}
        onChange={(picked) => {
          const value = picked as Dayjs | null;
          const dayOnly = isDayOnly(typed.current);
          typed.current = '';
          onChange?.(value && dayOnly && dayEnd ? value.endOf('day').millisecond(0) : value);
        }}
      />
    </span>
  );
}
