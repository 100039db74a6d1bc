import { SearchOutlined } from '@ant-design/icons';
import { Input, type InputProps } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../i18n/console-texts';

/** What the search box takes over from the field shown until it has loaded (MenuSearch.tsx). */
export interface MenuSearchProps {
  width: number;
  text: string;
  setText: (text: string) => void;
  /** The input had the focus before the search box replaced it. */
  autoFocus: boolean;
}

/** The search field itself, alone until the search box has loaded, then inside it. */
export function SearchInput(props: InputProps) {
  const { t } = useTranslation();
  return (
    <Input
      prefix={<SearchOutlined aria-hidden />}
      placeholder={t('shell.search.placeholder')}
      aria-label={t('shell.search.label')}
      allowClear
      {...props}
    />
  );
}
