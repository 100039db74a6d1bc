import { Input, InputNumber, Radio, Select, TreeSelect } from 'antd';
import type { ReactElement } from 'react';
import type { CrudOption } from './options';
import type { FieldType } from './types';

export interface ControlSpec {
  type: FieldType;
  options: readonly CrudOption[];
  placeholder: string;
  /** The field's label: the accessible name of controls a <label> cannot name (radio groups). */
  label: string;
  multiple?: boolean;
  disabled?: boolean;
  /** Search controls can be cleared with one click. */
  clearable?: boolean;
  /** Width of choice and number controls (an inline search form would shrink them to nothing). */
  width?: number;
}

const TREE_FIELDS = { label: 'label', value: 'value', children: 'children' };

/**
 * The antd control of a field, as the direct child of its Form.Item (which gives it `id`, `value`
 * and `onChange`, so the item's label names it).
 */
export function fieldControl(spec: ControlSpec): ReactElement {
  const { type, options, placeholder, label, multiple, disabled, clearable } = spec;
  const style = { width: spec.width ?? '100%' };
  switch (type) {
    case 'textarea':
      return (
        <Input.TextArea
          placeholder={placeholder}
          disabled={disabled}
          autoSize={{ minRows: 3, maxRows: 12 }}
        />
      );
    case 'password':
      return <Input.Password placeholder={placeholder} disabled={disabled} autoComplete="new-password" />;
    case 'number':
      return <InputNumber placeholder={placeholder} disabled={disabled} style={style} />;
    case 'select':
      return (
        <Select
          options={options as CrudOption[]}
          placeholder={placeholder}
          disabled={disabled}
          mode={multiple ? 'multiple' : undefined}
          style={style}
          allowClear={clearable || multiple}
          showSearch={{ optionFilterProp: 'label' }}
          maxTagCount="responsive"
        />
      );
    case 'radio':
      return <Radio.Group options={options as CrudOption[]} disabled={disabled} aria-label={label} />;
    case 'treeSelect':
      return (
        <TreeSelect
          treeData={options as CrudOption[]}
          fieldNames={TREE_FIELDS}
          placeholder={placeholder}
          disabled={disabled}
          multiple={multiple}
          style={style}
          treeCheckable={multiple}
          // Checked parents are kept with their children: a package holds the menus above its pages.
          showCheckedStrategy={TreeSelect.SHOW_ALL}
          allowClear={clearable || multiple}
          showSearch={{ treeNodeFilterProp: 'label' }}
          maxTagCount="responsive"
          popupMatchSelectWidth
        />
      );
    default:
      return <Input placeholder={placeholder} disabled={disabled} allowClear={clearable} />;
  }
}
