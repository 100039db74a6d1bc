import { SearchOutlined } from '@ant-design/icons';
import { Input, type InputProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdleComponent } from '../deferred';
import '../../i18n/console-texts';

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

const loadSearchBox = () => import('./MenuSearchBox').then((module) => module.default);

/**
 * The top bar's menu search. Its results list (antd's AutoComplete) loads when the browser is idle
 * after the first signed-in page, or when the field is reached; the field is there from the start,
 * and what was typed and the focus carry over.
 */
export function MenuSearch({ width }: { width: number }) {
  const [text, setText] = useState('');
  const { Component: SearchBox, request } = useIdleComponent(loadSearchBox);
  const [focused, setFocused] = useState(false);
  if (SearchBox) return <SearchBox width={width} text={text} setText={setText} autoFocus={focused} />;
  return (
    <SearchInput
      style={{ width }}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onFocus={() => {
        setFocused(true);
        request();
      }}
      onBlur={() => setFocused(false)}
      onMouseEnter={request}
    />
  );
}
