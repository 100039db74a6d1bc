import { Input, TreeSelect } from 'antd';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudOption, FieldRenderContext, TextKey } from '../../../crud';

// Form controls of the user dialog that the kit's own do not cover. Form.Item gives each its
// `id` (the label's target), `value` and `onChange`.

interface ControlProps<V> {
  id?: string;
  value?: V;
  onChange?: (value: V) => void;
}

const TREE_FIELDS = { label: 'label', value: 'value', children: 'children' };

/**
 * Several nodes of a tree (roles, departments), each picked on its own: choosing a parent does not
 * choose the nodes below it, as a user of a department is not a user of its sub-departments.
 */
export function NodesSelect({
  context,
  label,
  ...props
}: ControlProps<string[]> & { context: FieldRenderContext; label: TextKey }) {
  const { t } = useTranslation();
  return (
    <TreeSelect<string[]>
      {...props}
      treeData={context.options as CrudOption[]}
      fieldNames={TREE_FIELDS}
      multiple
      allowClear
      disabled={context.disabled}
      placeholder={context.mode === 'view' ? '' : t('crud.placeholder.choose', { label: t(label) })}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'label' }}
      maxTagCount="responsive"
      style={{ width: '100%' }}
    />
  );
}

/**
 * A day, as the browser's own date field (keyboard and screen-reader friendly). The server answers
 * `YYYY-MM-DD HH:mm:ss` and takes `YYYY-MM-DD`.
 */
export function DayInput({ value, onChange, id, disabled }: ControlProps<string> & { disabled: boolean }) {
  return (
    <Input
      id={id}
      type="date"
      disabled={disabled}
      value={typeof value === 'string' ? value.slice(0, 10) : ''}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange?.(event.target.value)}
    />
  );
}
