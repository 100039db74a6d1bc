import type { Dict } from '@console/contract';
import { Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage } from '../../../crud';
import { parentConfig } from './configs';
import { DictEntries } from './DictEntries';
import type { DictKind } from './kinds';

const ENTRIES_DIALOG_WIDTH = 1100;

/**
 * A dictionary family's page (/system/dict, /system/dictbiz): the dictionaries, and a dictionary's
 * entries in a dialog opened by its 字典配置 button, as BladeX's console has them.
 */
export function DictPage({ kind }: { kind: DictKind }) {
  const { t } = useTranslation();
  const [parent, setParent] = useState<Dict>();
  const config = useMemo(() => parentConfig(kind, setParent, { index: true }), [kind]);
  return (
    <CrudPage config={config}>
      <Modal
        open={parent !== undefined}
        title={parent && t('system.dictShared.childrenTitle', { name: parent.dictValue })}
        width={ENTRIES_DIALOG_WIDTH}
        footer={null}
        // Inside the page, so it hides with the page's tab; its own dialogs open inside it.
        getContainer={false}
        destroyOnHidden
        mask={{ closable: false }}
        onCancel={() => setParent(undefined)}
      >
        {parent && <DictEntries kind={kind} parent={parent} layout={{ index: true }} />}
      </Modal>
    </CrudPage>
  );
}
