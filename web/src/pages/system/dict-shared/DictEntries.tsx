import type { Dict } from '@console/contract';
import { useMemo } from 'react';
import { CrudPage } from '../../../crud';
import { childConfig, type DictTableLayout } from './configs';
import type { DictKind } from './kinds';

/** The entries of one dictionary: a tree table with its own add, edit, view and delete. */
export function DictEntries({
  kind,
  parent,
  layout,
}: {
  kind: DictKind;
  parent: Dict;
  layout?: DictTableLayout;
}) {
  const index = layout?.index;
  const scrollY = layout?.scrollY;
  const iconActions = layout?.iconActions;
  const config = useMemo(
    () => childConfig(kind, parent, { index, scrollY, iconActions }),
    [kind, parent, index, scrollY, iconActions],
  );
  // The parent's id as a fixed filter: another dictionary is another list (and page 1).
  const params = useMemo(() => ({ parentId: parent.id }), [parent.id]);
  return <CrudPage config={config} params={params} />;
}
