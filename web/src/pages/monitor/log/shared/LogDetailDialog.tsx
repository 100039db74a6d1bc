import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { detail, type LogKind } from '../../../../api/monitor/log';
import type { TextKey } from '../../../../crud';
import { logDetailItems } from './detail';

/** Every field of one log entry, loaded fresh; long texts in preformatted, scrollable blocks. */
export function LogDetailDialog({
  kind,
  id,
  onClose,
}: {
  kind: LogKind;
  id: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const entry = useQuery({
    queryKey: ['log', kind, 'detail', id],
    queryFn: () => detail(kind, id!),
    enabled: id !== undefined,
    gcTime: 0,
  });
  const translate = (key: TextKey, options?: Record<string, unknown>) => String(t(key, options as never));

  return (
    <Modal
      open={id !== undefined}
      title={t('monitor.log.detailTitle')}
      width={880}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {entry.isError ? (
        <Alert type="error" showIcon title={t('crud.dialog.loadFailed')} />
      ) : !entry.data ? (
        <Spin style={{ display: 'block', padding: 48 }} />
      ) : (
        <Descriptions
          bordered
          size="small"
          column={2}
          items={logDetailItems(kind, entry.data, translate).map((item) => ({
            key: item.field,
            label: t(item.label),
            span: item.block ? 2 : 1,
            children: item.block ? (
              <pre
                tabIndex={item.value ? 0 : undefined}
                aria-label={t(item.label)}
                style={{ margin: 0, maxHeight: 320, overflow: 'auto', whiteSpace: 'pre', fontSize: 12 }}
              >
                {item.value}
              </pre>
            ) : (
              item.value
            ),
          }))}
        />
      )}
    </Modal>
  );
}
