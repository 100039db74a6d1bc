import { DeleteOutlined, ExportOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ToolbarActionButton } from './RowButtons';
import type { CrudToolbarAction } from './types';

/** The page's toolbar: 新增, 批量删除, 导出 and the page's own actions; 刷新 at the far end. */
export function CrudToolbar<T>({
  onAdd,
  onBulkDelete,
  onExport,
  exporting = false,
  actions,
  onAction,
  onRefresh,
}: {
  /** None: the user may not add. */
  onAdd: (() => void) | undefined;
  /** None: the user may not delete several rows at once. */
  onBulkDelete: (() => void) | undefined;
  /** None: the page has no export, or the user may not export. */
  onExport?: (() => void) | undefined;
  /** An export runs: the button waits for it. */
  exporting?: boolean;
  actions: readonly CrudToolbarAction<T>[] | undefined;
  onAction: (action: CrudToolbarAction<T>) => void;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 16 }}>
      <Space wrap role="toolbar" aria-label={t('crud.toolbar.label')}>
        {onAdd && (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            aria-label={t('crud.toolbar.add')}
            onClick={onAdd}
          >
            {t('crud.toolbar.add')}
          </Button>
        )}
        {onBulkDelete && (
          <Button
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('crud.toolbar.bulkDelete')}
            onClick={onBulkDelete}
          >
            {t('crud.toolbar.bulkDelete')}
          </Button>
        )}
        {onExport && (
          <Button
            icon={<ExportOutlined aria-hidden />}
            aria-label={t('crud.toolbar.export')}
            loading={exporting}
            onClick={onExport}
          >
            {t('crud.toolbar.export')}
          </Button>
        )}
        {actions?.map((action) => (
          <ToolbarActionButton key={action.key} action={action} onClick={() => onAction(action)} />
        ))}
      </Space>
      <Button
        icon={<ReloadOutlined aria-hidden />}
        aria-label={t('crud.toolbar.refresh')}
        title={t('crud.toolbar.refresh')}
        onClick={onRefresh}
      />
    </Flex>
  );
}
