import { AutoComplete } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_TAGS, useLanguage } from '../../i18n';
import { MenuIcon } from '../menu/icons';
import { useLabelText } from '../menu/labels';
import { searchMenu } from '../menu/menu-search';
import { useMenu } from '../menu/menu-queries';
import { trailTo } from '../menu/routes';
import { SearchInput, type MenuSearchProps } from './SearchInput';
import { useOpenMenuItem } from './Sidebar';
import '../../i18n/console-texts';

/** At most this many results are listed; typing more narrows them. */
const MAX_RESULTS = 20;

/**
 * The menu search of the top bar (spec §5): menus whose name starts with the typed text, in the
 * current language or as stored. The results are a listbox: arrow keys move, Enter opens. Loaded
 * after the first signed-in page (MenuSearch.tsx shows its input until then).
 */
export default function MenuSearchBox({ width, text, setText, autoFocus }: MenuSearchProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { items } = useMenu();
  const labelText = useLabelText();
  const openItem = useOpenMenuItem();

  const results = useMemo(
    () => searchMenu(items, text, (item) => labelText(item.name, item.i18n), LANGUAGE_TAGS[language]),
    [items, text, labelText, language],
  );
  const options = results.slice(0, MAX_RESULTS).map((item) => {
    const path = trailTo(items, (candidate) => candidate.id === item.id)
      .slice(0, -1)
      .map((parent) => labelText(parent.name, parent.i18n))
      .join(' / ');
    const label = labelText(item.name, item.i18n);
    return {
      value: item.id,
      // The option's accessible name (the visible one holds an icon and the menu's place).
      'aria-label': path ? `${label}, ${path}` : label,
      label: (
        <span className="shell-search-option">
          <MenuIcon name={item.icon} /> <span>{label}</span>
          {path && <span className="shell-search-path">{path}</span>}
        </span>
      ),
    };
  });

  return (
    <AutoComplete
      value={text}
      options={options}
      onChange={setText}
      onSelect={(id: string) => {
        const item = results.find((result) => result.id === id);
        setText('');
        if (item) openItem(item);
      }}
      notFoundContent={text.trim() ? t('shell.search.empty') : null}
      style={{ width }}
      popupMatchSelectWidth={Math.max(width, 260)}
      // A plain list: its options are real, named options for assistive technology.
      virtual={false}
    >
      <SearchInput autoFocus={autoFocus} />
    </AutoComplete>
  );
}
