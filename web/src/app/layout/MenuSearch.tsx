import { useState } from 'react';
import { useIdleComponent } from '../deferred';
import { SearchInput } from './SearchInput';

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
