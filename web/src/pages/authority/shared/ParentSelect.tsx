import { ROOT_PARENT_ID } from '@console/contract';
import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrudOption, TextKey } from '../../../crud';

const TREE_FIELDS = { label: 'label', value: 'value', children: 'children' };

export interface ParentSelectProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  options: readonly CrudOption[];
  disabled?: boolean;
  /** Names the root: what an empty field means (顶级菜单). */
  placeholder?: TextKey;
}

/**
 * The parent of a tree row (menu, role): the root ('0' on the wire) shows as no choice, so the
 * field is empty rather than "0", and clearing it puts the row at the top again.
 */
export function ParentSelect({ id, value, onChange, options, disabled, placeholder }: ParentSelectProps) {
  const { t } = useTranslation();
  return (
    <TreeSelect
      id={id}
      treeData={options as CrudOption[]}
      fieldNames={TREE_FIELDS}
      value={value && value !== ROOT_PARENT_ID ? value : undefined}
      onChange={(next?: string) => onChange?.(next ?? ROOT_PARENT_ID)}
      placeholder={placeholder ? t(placeholder) : undefined}
      disabled={disabled}
      allowClear
      showSearch={{ treeNodeFilterProp: 'label' }}
      popupMatchSelectWidth
      style={{ width: '100%' }}
    />
  );
}
