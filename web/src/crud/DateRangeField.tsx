import { DatePicker, type GetProps } from 'antd';
import { useTranslation } from 'react-i18next';
import '../i18n/console-texts';

type RangePickerProps = GetProps<typeof DatePicker.RangePicker>;

export interface DateRangeFieldProps extends Omit<RangePickerProps, 'showTime' | 'placeholder'> {
  /** Moments rather than whole days. */
  withTime?: boolean;
}

/**
 * A search form's date range. Its own module, loaded only by pages that search by date, so the
 * date picker's code stays out of the other table pages.
 */
export default function DateRangeField({ withTime, ...props }: DateRangeFieldProps) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      {...props}
      showTime={withTime}
      allowEmpty={[true, true]}
      placeholder={[t('crud.search.rangeStart'), t('crud.search.rangeEnd')]}
    />
  );
}
