import { AppstoreOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Modal, Space } from 'antd';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_ICONS, MenuIcon } from '../../../app/menu/icons';
import './locales';
import { usePageContainer } from './page-container';
import './icon-picker.css';

// The menu icon (`source`) of menus and top menus: typed, or picked from the console's own icons —
// the ones the shell can show (app/menu/icons.tsx); any other name shows the default icon.

const ICON_NAMES = Object.keys(MENU_ICONS).sort();
/** Icons a row of the grid holds: the arrow keys move by one, up and down by a row. */
const PER_ROW = 6;

/** A table cell showing a menu's icon, named by its title. */
export function iconCell(value: string | null) {
  return value ? (
    <span title={value}>
      <MenuIcon name={value} />
    </span>
  ) : null;
}

export interface IconFieldProps {
  /** From the Form.Item: the input's id, so the field's label names it. */
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
}

/** The icon field of a form: the name as text (with its icon) and a button opening the picker. */
export function IconField({ id, value, onChange, disabled, placeholder }: IconFieldProps) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const chooseText = t('authority.shared.icon.choose');
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={value ?? ''}
          onChange={(event) => onChange?.(event.target.value)}
          prefix={value ? <MenuIcon name={value} /> : undefined}
          placeholder={placeholder}
          disabled={disabled}
          allowClear
        />
        <Button
          icon={<AppstoreOutlined aria-hidden />}
          aria-label={chooseText}
          title={chooseText}
          disabled={disabled}
          onClick={() => setPicking(true)}
        />
      </Space.Compact>
      <IconPickerDialog
        open={picking}
        value={value ?? undefined}
        onPick={(name) => {
          onChange?.(name);
          setPicking(false);
        }}
        onClose={() => setPicking(false)}
      />
    </>
  );
}

export interface IconPickerDialogProps {
  open: boolean;
  value: string | undefined;
  onPick: (name: string) => void;
  onClose: () => void;
  /** Where the dialog renders; the page's element by default. */
  getContainer?: () => HTMLElement;
}

/**
 * A dialog with the icons as a grid of buttons, filtered by a search (name contains, any case).
 * Keyboard: type to filter, ↓ from the search to the grid, arrows within it, Enter or Space picks.
 */
export function IconPickerDialog({ open, value, onPick, onClose, getContainer }: IconPickerDialogProps) {
  const { t } = useTranslation();
  const pageContainer = usePageContainer();
  const [search, setSearch] = useState('');
  const grid = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => {
    const wanted = search.trim().toLowerCase();
    return wanted ? ICON_NAMES.filter((name) => name.toLowerCase().includes(wanted)) : ICON_NAMES;
  }, [search]);

  const buttons = () => [...(grid.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
  const onGridKey = (event: KeyboardEvent) => {
    const steps: Record<string, number> = {
      ArrowLeft: -1,
      ArrowRight: 1,
      ArrowUp: -PER_ROW,
      ArrowDown: PER_ROW,
    };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const all = buttons();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    all[Math.min(all.length - 1, Math.max(0, at + step))]?.focus();
  };

  return (
    <Modal
      open={open}
      title={t('authority.shared.icon.dialogTitle')}
      width={560}
      getContainer={getContainer ?? pageContainer}
      onCancel={onClose}
      afterOpenChange={(opened) => opened || setSearch('')}
      destroyOnHidden
      footer={null}
    >
      <Input.Search
        aria-label={t('authority.shared.icon.search')}
        placeholder={t('authority.shared.icon.search')}
        value={search}
        allowClear
        autoFocus
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          // Enter must not submit the form the field sits in; ↓ goes to the icons.
          if (event.key === 'Enter') event.preventDefault();
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            buttons()[0]?.focus();
          }
        }}
        style={{ marginBottom: 12 }}
      />
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('authority.shared.icon.none')} />
      ) : (
        <div
          ref={grid}
          role="group"
          aria-label={t('authority.shared.icon.list')}
          className="icon-picker-grid"
          style={{ gridTemplateColumns: `repeat(${PER_ROW}, 1fr)` }}
          onKeyDown={onGridKey}
        >
          {shown.map((name) => (
            <button
              key={name}
              type="button"
              className="icon-picker-item"
              aria-label={name}
              aria-pressed={name === value}
              title={name}
              onClick={() => onPick(name)}
            >
              <MenuIcon name={name} />
              <span className="icon-picker-name">{name.replace(/Outlined$/, '')}</span>
            </button>
          ))}
        </div>
      )}
    </Modal>
  );
}
