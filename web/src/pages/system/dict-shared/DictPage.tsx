import type { Dict } from '@console/contract';
import { Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importResource } from '../../../api/sheet-import';
import { useSheetImport } from '../../../components/sheet-import/SheetImport';
import { CrudPage } from '../../../crud';
import { parentConfig } from './configs';
import { DictEntries } from './DictEntries';
import type { DictKind } from './kinds';

const ENTRIES_DIALOG_WIDTH = 1100;
const IMPORT_KEYS = [{ field: 'dictKey', label: 'system.dictShared.dictKey' as const }];

/**
 * A dictionary family's page (/system/dict, /system/dictbiz): the dictionaries, and a dictionary's
 * entries in a dialog opened by its 字典配置 button, as BladeX's console has them.
 */
export function DictPage({ kind }: { kind: DictKind }) {
  const { t } = useTranslation();
  const [parent, setParent] = useState<Dict>();
  // The import (issue 52): dictionaries and their entries in one sheet; existing entries updated by key.
  const importApi = useMemo(
    () => importResource(kind.biz ? '/api/blade-system/dict-biz' : '/api/blade-system/dict'),
    [kind],
  );
  const sheet = useSheetImport<Dict>({
    api: importApi,
    permission: `${kind.menuCode}_add`,
    keys: IMPORT_KEYS,
  });
  const config = useMemo(() => {
    const parents = parentConfig(kind, setParent, { index: true });
    return { ...parents, toolbarActions: [...(parents.toolbarActions ?? []), ...sheet.actions] };
  }, [kind, sheet.actions]);
  return (
    <CrudPage config={config}>
      {sheet.element}
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
