import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichTextField, SafeHtml } from '../../../components/rich-text';
import type { CrudMode } from '../../../crud';

interface ControlProps<V> {
  id?: string;
  value?: V;
  onChange?: (value: V) => void;
  disabled?: boolean;
}

/** 'YYYY-MM-DD HH:mm:ss' (the wire) to the native picker's 'YYYY-MM-DDTHH:mm:ss' and back. */
export const toPickerValue = (value: string | null | undefined) => (value ? value.replace(' ', 'T') : '');
export const fromPickerValue = (value: string) => {
  if (value === '') return null;
  const text = value.replace('T', ' ');
  return text.length === 16 ? `${text}:00` : text; // a picker without seconds
};

/** The release time: the browser's own date and time picker (keyboard and screen-reader ready). */
export function DateTimeInput({ id, value, onChange, disabled }: ControlProps<string | null>) {
  return (
    <Input
      id={id}
      type="datetime-local"
      step={1}
      disabled={disabled}
      value={toPickerValue(value)}
      onChange={(event) => onChange?.(fromPickerValue(event.target.value))}
    />
  );
}

/** The content: the rich-text editor when adding or editing, the sanitised text when viewing. */
export function NoticeContentField({
  mode,
  id,
  value,
  onChange,
  disabled,
}: ControlProps<string> & { mode: CrudMode }) {
  const { t } = useTranslation();
  if (mode === 'view')
    return (
      <div id={id} aria-label={t('desk.notice.content')} role="document">
        <SafeHtml html={value} />
      </div>
    );
  return (
    <RichTextField
      id={id}
      label={t('desk.notice.content')}
      value={value}
      onChange={onChange}
      disabled={disabled}
    />
  );
}
