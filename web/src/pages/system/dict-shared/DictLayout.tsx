import type { Dict } from '@console/contract';
import { Card, Empty, Flex } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../crud';
import { parentConfig } from './configs';
import { DictEntries } from './DictEntries';
import { SYSTEM_DICT } from './kinds';
import { useTableHeight } from './useTableHeight';

/** The tables' height offsets (spec §2, §9): the entries 95, the dictionaries 30. */
export const PARENT_HEIGHT_OFFSET = 30;
export const CHILD_HEIGHT_OFFSET = 95;

/**
 * The system dictionaries in two panes (/dict-horizontal/index, /dict-vertical/index): the
 * dictionaries, and the entries of the one whose 字典配置 was clicked, side by side or stacked.
 */
export function DictLayout({ direction }: { direction: 'horizontal' | 'vertical' }) {
  const { t } = useTranslation();
  const kind = SYSTEM_DICT;
  const [parent, setParent] = useState<Dict>();
  const pageRef = useRef<HTMLDivElement>(null);
  const parentPane = useRef<HTMLDivElement>(null);
  const childPane = useRef<HTMLDivElement>(null);
  const parentHeight = useTableHeight(pageRef, parentPane, PARENT_HEIGHT_OFFSET);
  const childHeight = useTableHeight(pageRef, childPane, CHILD_HEIGHT_OFFSET);
  const side = direction === 'horizontal';
  // Side by side, each table has half the width: its row buttons are icons alone.
  const config = useMemo(
    () => parentConfig(kind, setParent, { index: true, scrollY: parentHeight, iconActions: side }),
    [kind, parentHeight, side],
  );
  const paneStyle = side ? { flex: 1, minWidth: 0 } : undefined;

  return (
    <Flex ref={pageRef} vertical={!side} gap={16} align="stretch">
      <Card ref={parentPane} title={t('system.dictShared.parentsTitle')} style={paneStyle}>
        <CrudPage config={config} />
      </Card>
      <Card
        ref={childPane}
        title={
          parent
            ? t('system.dictShared.childrenTitle', { name: parent.dictValue })
            : t('system.dictShared.entries')
        }
        style={paneStyle}
      >
        {parent ? (
          <DictEntries
            kind={kind}
            parent={parent}
            layout={{ index: true, scrollY: childHeight, iconActions: side }}
          />
        ) : (
          <Empty description={t('system.dictShared.chooseParent')} />
        )}
      </Card>
    </Flex>
  );
}
