import { Button, Dropdown } from 'antd';
import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../app/menu/permission-store';
import { DELETE_ICON, EDIT_ICON, MORE_ICON, VIEW_ICON } from './row-icons';
import type { CrudMode, CrudRowAction, CrudToolbarAction } from './types';
import '../i18n/console-texts';

/**
 * How many text buttons a row shows: past that, the first ones less one stay and the rest go into
 * a 更多 menu, so that the buttons' column leaves the table's width to the data (a 1366 px
 * screen). Icons alone (a narrow pane) are small enough to all show.
 */
export const ROW_BUTTONS_SHOWN = 4;

/** The buttons a row shows and those its 更多 menu holds, in order (view, edit, delete, the page's). */
export function splitRowButtons<B>(buttons: readonly B[], iconOnly = false): { shown: B[]; more: B[] } {
  if (iconOnly || buttons.length <= ROW_BUTTONS_SHOWN) return { shown: [...buttons], more: [] };
  return { shown: buttons.slice(0, ROW_BUTTONS_SHOWN - 1), more: buttons.slice(ROW_BUTTONS_SHOWN - 1) };
}

/**
 * A row's button: its text is its accessible name, its icon is decoration (styles: crud.css). Icon
 * only: the text is still its accessible name, and its tooltip.
 */
function LinkButton(props: {
  icon?: ReactNode;
  text: string;
  danger?: boolean;
  disabled?: boolean;
  iconOnly?: boolean;
  onClick: () => void;
}) {
  const iconOnly = props.iconOnly === true && props.icon !== undefined;
  return (
    <button
      type="button"
      className={props.danger ? 'crud-row-action crud-row-action--danger' : 'crud-row-action'}
      disabled={props.disabled}
      aria-label={iconOnly ? props.text : undefined}
      title={iconOnly ? props.text : undefined}
      onClick={props.onClick}
    >
      {props.icon}
      {!iconOnly && props.text}
    </button>
  );
}

/** One of a row's buttons, before it is drawn as a button or as an item of the 更多 menu. */
interface RowButton {
  key: string;
  icon?: ReactNode;
  text: string;
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

/**
 * 更多: a plain button until it is first used (a 200-row page would otherwise hold 200 antd
 * dropdowns); then antd's dropdown menu, which opens from the keyboard too (Enter or Space, the
 * arrows, Escape back to the button) and renders inside the page.
 */
function MoreButton({ buttons, iconOnly }: { buttons: readonly RowButton[]; iconOnly?: boolean }) {
  const { t } = useTranslation();
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const holder = useRef<HTMLSpanElement>(null);
  const focusButton = () => holder.current?.querySelector('button')?.focus();
  // The button is drawn again inside the dropdown once armed: it keeps the focus it had.
  useEffect(() => {
    if (armed) focusButton();
  }, [armed]);
  // Escape closes the open menu (antd) and gives the focus back to its button, as a menu button does.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      // After antd has closed the menu and let go of the focus.
      if (event.key === 'Escape') setTimeout(focusButton, 50);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open]);
  const choose = (button: RowButton | undefined) => {
    if (!button || button.disabled) return;
    setOpen(false);
    button.onClick();
  };
  const text = t('crud.action.more');
  const button = (
    <button
      type="button"
      className="crud-row-action"
      aria-haspopup="menu"
      aria-expanded={open}
      aria-label={iconOnly ? text : undefined}
      title={iconOnly ? text : undefined}
      onClick={
        armed
          ? undefined
          : () => {
              setArmed(true);
              setOpen(true);
            }
      }
    >
      {MORE_ICON}
      {!iconOnly && text}
    </button>
  );
  if (!armed) return <span ref={holder}>{button}</span>;
  return (
    <span ref={holder}>
      <Dropdown
        open={open}
        onOpenChange={setOpen}
        trigger={['click']}
        autoFocus
        menu={{
          items: buttons.map((one) => ({
            key: one.key,
            label: one.text,
            icon: one.icon,
            danger: one.danger,
            disabled: one.disabled,
          })),
          onClick: ({ key, domEvent }) => {
            // Enter is handled below: antd's menu inside a dropdown does not choose on it.
            if (domEvent.type === 'keydown') return;
            choose(buttons.find((one) => one.key === key));
          },
          onKeyDown: (event) => {
            if (event.key !== 'Enter' && event.key !== ' ') return;
            const item = (event.target as HTMLElement).closest<HTMLElement>('[data-menu-id]');
            const chosen = buttons.find((one) => item?.dataset.menuId?.endsWith(`-${one.key}`));
            if (!chosen) return;
            event.preventDefault();
            choose(chosen);
          },
        }}
      >
        {button}
      </Dropdown>
    </span>
  );
}

interface RowButtonsProps<T> {
  row: T;
  /** Which of the kit's buttons the user may use. */
  view: boolean;
  edit: boolean;
  remove: boolean;
  /** false: the row may not be deleted (config.removable), its delete button shows disabled. */
  removable?: boolean;
  /** The page's own buttons the user holds the permission of. */
  actions: readonly CrudRowAction<T>[] | undefined;
  /** The buttons as icons alone (a table in a narrow pane). */
  iconOnly?: boolean;
  onOpen: (mode: CrudMode, row: T) => void;
  onRemove: (rows: readonly T[]) => void;
  onAction: (action: CrudRowAction<T>, row: T) => unknown;
}

/** The buttons of a row: view, edit, delete, then the page's own; past four, a 更多 menu. */
function RowButtonsOf<T>({
  row,
  view,
  edit,
  remove,
  removable = true,
  actions,
  iconOnly,
  onOpen,
  onRemove,
  onAction,
}: RowButtonsProps<T>) {
  const { t } = useTranslation();
  const buttons: RowButton[] = [];
  if (view)
    buttons.push({
      key: '$view',
      icon: VIEW_ICON,
      text: t('crud.action.view'),
      onClick: () => onOpen('view', row),
    });
  if (edit)
    buttons.push({
      key: '$edit',
      icon: EDIT_ICON,
      text: t('crud.action.edit'),
      onClick: () => onOpen('edit', row),
    });
  if (remove)
    buttons.push({
      key: '$delete',
      icon: DELETE_ICON,
      text: t('crud.action.delete'),
      disabled: !removable,
      onClick: () => onRemove([row]),
    });
  for (const action of actions ?? [])
    if (!action.visible || action.visible(row))
      buttons.push({
        key: action.key,
        icon: action.icon,
        text: t(action.label),
        danger: action.danger,
        onClick: () => void onAction(action, row),
      });
  const { shown, more } = splitRowButtons(buttons, iconOnly);
  return (
    <span className="crud-row-actions">
      {shown.map(({ key, ...button }) => (
        <LinkButton key={key} {...button} iconOnly={iconOnly} />
      ))}
      {more.length > 0 && <MoreButton buttons={more} iconOnly={iconOnly} />}
    </span>
  );
}

export const RowButtons = memo(RowButtonsOf) as typeof RowButtonsOf;

/** A page's own toolbar button, shown only with its permission. */
export function ToolbarActionButton<T>({
  action,
  onClick,
}: {
  action: CrudToolbarAction<T>;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const permitted = useHasPermission(action.permission);
  if (!permitted) return null;
  const text = t(action.label);
  return (
    <Button icon={action.icon} danger={action.danger} aria-label={text} onClick={onClick}>
      {text}
    </Button>
  );
}
