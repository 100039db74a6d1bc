import type { Dict, DictNode } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudOption } from '../../../crud';
import type { DictKind } from './kinds';

export interface DictParentSelectProps {
  kind: DictKind;
  /** The dictionary whose entries are edited: the root of the choices. */
  parent: Dict;
  /** The entry being edited: it and the entries below it cannot be its parent (a cycle). */
  editedId?: unknown;
  disabled: boolean;
  /** Given by the Form.Item around it. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}

const TREE_FIELDS = { label: 'label', value: 'value', children: 'children' };

/** The entries as choices, without `skip` and what lies below it. */
export function parentChoices(nodes: readonly DictNode[], skip: unknown): CrudOption[] {
  return nodes
    .filter((node) => node.id !== skip)
    .map((node) => {
      const children = parentChoices(node.children ?? [], skip);
      return { value: node.id, label: node.dictValue, ...(children.length > 0 ? { children } : {}) };
    });
}

/**
 * The parent of a dictionary entry: the dictionary itself or one of its entries. Loaded again each
 * time the dialog opens (the dialog is made anew), so entries added a moment ago are offered.
 */
export function DictParentSelect({
  kind,
  parent,
  editedId,
  disabled,
  id,
  value,
  onChange,
}: DictParentSelectProps) {
  const { t } = useTranslation();
  const entries = useQuery({
    queryKey: [`${kind.name}-child`, 'parent-choices', parent.id],
    queryFn: () => kind.api.childList(parent.id),
    gcTime: 0,
  });
  const treeData = useMemo<CrudOption[]>(
    () => [
      { value: parent.id, label: parent.dictValue, children: parentChoices(entries.data ?? [], editedId) },
    ],
    [parent, entries.data, editedId],
  );
  return (
    <TreeSelect
      id={id}
      value={value}
      onChange={onChange}
      treeData={treeData}
      fieldNames={TREE_FIELDS}
      disabled={disabled}
      loading={entries.isFetching}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'label' }}
      placeholder={t('crud.placeholder.choose', { label: t('system.dictShared.parentId') })}
      style={{ width: '100%' }}
    />
  );
}
