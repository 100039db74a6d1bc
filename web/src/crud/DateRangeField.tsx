import { DatePicker, type GetProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMATS, isDayOnly } from '../components/date-time/DateTimeField';
import '../i18n/console-texts';

type RangePickerProps = GetProps<typeof DatePicker.RangePicker>;
type Range = [Dayjs | null, Dayjs | null] | null;

export interface DateRangeFieldProps extends Omit<
  RangePickerProps,
  'showTime' | 'placeholder' | 'format' | 'onChange'
> {
  /** Moments rather than whole days. */
  withTime?: boolean;
  onChange?: (range: Range) => void;
}

/**
 * A search form's date range. Its own module, loaded only by pages that search by date, so the
 * date picker's code stays out of the other table pages. With times, a day typed alone is taken
 * too (issue 45): from its start, up to its end.
 */
export default function DateRangeField({ withTime, onChange, ...props }: DateRangeFieldProps) {
  const { t } = useTranslation();
  // What was last typed into each end: the picker answers moments, not how they were written.
  const typed = useRef<[string, string]>(['', '']);
  return (
    <span
      style={{ display: 'contents' }}
      onChangeCapture={(event) => {
        const input = event.target as HTMLInputElement;
        const inputs = [...(input.closest('.ant-picker')?.querySelectorAll('input') ?? [])];
        const end = inputs.indexOf(input);
        if (end === 0 || end === 1) typed.current[end] = input.value ?? '';
      }}
    >
      <DatePicker.RangePicker
        {...props}
        showTime={withTime}
        {...(withTime ? { format: [...DATE_TIME_FORMATS] } : {})}
        allowEmpty={[true, true]}
        placeholder={[t('crud.search.rangeStart'), t('crud.search.rangeEnd')]}
        onChange={(range) => {
          const last = range?.[1];
          const dayEnd = withTime && last && isDayOnly(typed.current[1]);
          typed.current = ['', ''];
          onChange?.(range && dayEnd ? [range[0], last.endOf('day').millisecond(0)] : range);
        }}
      />
    </span>
  );
}
