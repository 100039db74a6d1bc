import { Button } from 'antd';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../app/menu/permission-store';
import { DELETE_ICON, EDIT_ICON, VIEW_ICON } from './row-icons';
import type { CrudMode, CrudRowAction, CrudToolbarAction } from './types';
import '../i18n/console-texts';

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

interface RowButtonsProps<T> {
  row: T;
  /** Which of the kit's buttons the user may use. */
  view: boolean;
  edit: boolean;
  remove: boolean;
  /** false: the row may not be deleted (config.removable), its delete button shows disabled. */
  removable?: boolean;
  actions: readonly CrudRowAction<T>[] | undefined;
  /** The buttons as icons alone (a table in a narrow pane). */
  iconOnly?: boolean;
  onOpen: (mode: CrudMode, row: T) => void;
  onRemove: (rows: readonly T[]) => void;
  onAction: (action: CrudRowAction<T>, row: T) => unknown;
}

/** The buttons of a row: view, edit, delete, then the page's own. */
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
  return (
    <span className="crud-row-actions">
      {view && (
        <LinkButton
          icon={VIEW_ICON}
          text={t('crud.action.view')}
          iconOnly={iconOnly}
          onClick={() => onOpen('view', row)}
        />
      )}
      {edit && (
        <LinkButton
          icon={EDIT_ICON}
          text={t('crud.action.edit')}
          iconOnly={iconOnly}
          onClick={() => onOpen('edit', row)}
        />
      )}
      {remove && (
        <LinkButton
          icon={DELETE_ICON}
          text={t('crud.action.delete')}
          iconOnly={iconOnly}
          disabled={!removable}
          onClick={() => onRemove([row])}
        />
      )}
      {actions?.map((action) =>
        action.visible && !action.visible(row) ? null : (
          <RowActionButton
            key={action.key}
            action={action}
            iconOnly={iconOnly}
            onClick={() => void onAction(action, row)}
          />
        ),
      )}
    </span>
  );
}

export const RowButtons = memo(RowButtonsOf) as typeof RowButtonsOf;

/** A page's own row button, shown only with its permission. */
function RowActionButton<T>({
  action,
  iconOnly,
  onClick,
}: {
  action: CrudRowAction<T>;
  iconOnly?: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  if (!useHasPermission(action.permission)) return null;
  return (
    <LinkButton
      icon={action.icon}
      text={t(action.label)}
      danger={action.danger}
      iconOnly={iconOnly}
      onClick={onClick}
    />
  );
}

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
