import {
  DeleteOutlined,
  DownloadOutlined,
  ExportOutlined,
  ImportOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { REGION_LEVEL, REGION_ROOT_CODE, type Region, type RegionInput } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, ConfigProvider, Empty, Modal, Row, Space, Spin, Tree } from 'antd';
import { useCallback, useEffect, useRef, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import './locales';
// The kit's messages and confirmation texts (crud.*), which this page shows too.
import '../../../i18n/console-texts';
import * as regionApi from '../../../api/base/region';
import { download } from '../../../api/files';
import type { QueryParams } from '../../../api/request';
import { useExportProgress } from '../../../crud/ExportProgress';
import { importResource } from '../../../api/sheet-import';
import { useSheetImport } from '../../../components/sheet-import/SheetImport';
import { useHasPermission } from '../../../app/menu/permission-store';
import { RegionForm, type RegionFormMode } from './RegionForm';
import { toTreeNodes, withChildren, type RegionTreeNode } from './tree-data';

const TREE_HEIGHT = 600;
const importApi = importResource('/api/blade-system/region');
const IMPORT_KEYS = [{ field: 'code', label: 'base.region.code' as const }];

/** A region's own code column by its level: every region below it holds its code there. */
const LEVEL_CODE: Record<number, keyof Region> = {
  1: 'provinceCode',
  2: 'cityCode',
  3: 'districtCode',
  4: 'townCode',
  5: 'villageCode',
};
/** The export's columns, in order (decision 0045): the level as its dictionary label, the server's. */
const EXPORT_COLUMNS = ['code', 'name', 'parentCode', 'level', 'sort'] as const;

/**
 * The search 导出 sends (the list's filters, GET region/export): the regions below the chosen
 * one (those holding its code in its level's column, but itself), or every region below the
 * country when none is chosen; in code order, which is the tree's (a region before those below it).
 */
export function regionExportFilters(region: Pick<Region, 'code' | 'level'> | undefined): QueryParams {
  const column = region && LEVEL_CODE[region.level];
  return column
    ? { [`${column}_equal`]: region.code, code_notequal: region.code, ascs: 'code' }
    : { level_gt: REGION_LEVEL.COUNTRY, ascs: 'code' };
}

/** The node to load again after a change below `parentCode`: undefined for the top level. */
const levelOf = (parentCode: string) => (parentCode === REGION_ROOT_CODE ? undefined : parentCode);

/**
 * Regions (/base/region), as Saber's page: the region tree, loaded a level at a time, beside the
 * chosen region's details, with 新增下级 (a region below it) and 删除; 导出 writes the regions below
 * the chosen one (region_export, decision 0045). Everything it opens renders inside the page, so it
 * hides with the page's tab.
 */
export default function RegionPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [modal, modalHolder] = Modal.useModal();
  const queryClient = useQueryClient();
  const containerRef = useRef<HTMLElement>(null);
  const getContainer = useCallback(() => containerRef.current ?? document.body, []);
  const canAdd = useHasPermission('region_add');
  const canEdit = useHasPermission('region_edit');
  const canDelete = useHasPermission('region_delete');
  const canExport = useHasPermission('region_export');
  const exporting = useExportProgress();
  // The import (issue 52): regions by code under their parents' codes; existing ones updated by code.
  const sheet = useSheetImport<never>({ api: importApi, permission: 'region_add', keys: IMPORT_KEYS });

  // ----- the tree
  const [nodes, setNodes] = useState<RegionTreeNode[]>([]);
  const [treeLoading, setTreeLoading] = useState(true);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [loadedKeys, setLoadedKeys] = useState<Key[]>([]);
  const reload = useCallback(async (parentCode: string | undefined) => {
    const fresh = toTreeNodes(await regionApi.lazyTree(parentCode ?? REGION_ROOT_CODE));
    setNodes((current) => withChildren(current, parentCode, fresh));
    if (parentCode !== undefined)
      setLoadedKeys((keys) => (keys.includes(parentCode) ? keys : [...keys, parentCode]));
  }, []);
  useEffect(() => {
    reload(undefined)
      .catch(() => undefined) // the request layer has said why; the tree stays empty
      .finally(() => setTreeLoading(false));
  }, [reload]);

  // ----- the chosen region
  const [selected, setSelected] = useState<string>();
  const [mode, setMode] = useState<RegionFormMode>('edit');
  const detail = useQuery({
    queryKey: ['region', 'detail', selected],
    queryFn: () => regionApi.detail(selected!),
    enabled: selected !== undefined,
    gcTime: 0,
  });
  const region = detail.data;
  const parentCode = region?.parentCode;
  const parent = useQuery({
    queryKey: ['region', 'detail', parentCode],
    queryFn: () => regionApi.detail(parentCode!),
    enabled: parentCode !== undefined,
  });

  const choose = (code: string | undefined) => {
    setSelected(code);
    setMode('edit');
  };

  const addChild = () => {
    if (!region) {
      void message.warning(t('base.region.chooseFirst'));
      return;
    }
    setMode('add');
  };

  const save = async (input: RegionInput) => {
    await regionApi.submit(input);
    if (mode === 'add') {
      void message.success(t('crud.message.added'));
      await reload(input.parentCode).catch(() => undefined);
      setExpanded((keys) => (keys.includes(input.parentCode) ? keys : [...keys, input.parentCode]));
      choose(input.code);
    } else {
      void message.success(t('crud.message.updated'));
      await queryClient.invalidateQueries({ queryKey: ['region', 'detail', input.code] });
      await reload(levelOf(input.parentCode)).catch(() => undefined);
    }
  };

  const remove = () => {
    if (!region) {
      void message.warning(t('base.region.chooseFirst'));
      return;
    }
    void modal.confirm({
      title: t('crud.confirm.title'),
      content: t('base.region.confirmDelete', { name: region.name }),
      okText: t('crud.confirm.ok'),
      cancelText: t('crud.confirm.cancel'),
      getContainer,
      onOk: async () => {
        try {
          await regionApi.remove(region.code);
        } catch {
          return; // the request layer has shown the server's reason (regions below it, …)
        }
        void message.success(t('crud.message.deleted'));
        choose(undefined);
        await reload(levelOf(region.parentCode)).catch(() => undefined);
      },
    });
  };

  // 导出: the regions below the chosen one (all when none is), as the export's own columns.
  const exportRegions = () =>
    void exporting.run((call) =>
      download(
        '/api/blade-system/region/export',
        {
          ...regionExportFilters(region),
          columns: EXPORT_COLUMNS.join(','),
          titles: JSON.stringify(EXPORT_COLUMNS.map((column) => t(`base.region.${column}`))),
        },
        { signal: call.signal, onProgress: call.onProgress },
      ),
    );
  const exportTitle = region
    ? t('base.region.exportBelow', { name: region.name })
    : t('base.region.exportAll');

  const canSave = mode === 'add' ? canAdd : canEdit;
  return (
    <ConfigProvider getPopupContainer={getContainer}>
      <section ref={containerRef} aria-label={t('base.region.title')} style={{ position: 'relative' }}>
        <Row gutter={16}>
          <Col xs={24} md={9}>
            <Card
              title={t('base.region.tree')}
              extra={
                (canAdd || canExport) && (
                  <Space>
                    {canAdd && (
                      <Button
                        icon={<ImportOutlined aria-hidden />}
                        onClick={() => sheet.open(() => reload(undefined))}
                      >
                        {t('base.sheetImport.import')}
                      </Button>
                    )}
                    {canAdd && (
                      <Button
                        icon={<DownloadOutlined aria-hidden />}
                        onClick={() => void sheet.downloadTemplate()}
                      >
                        {t('base.sheetImport.template')}
                      </Button>
                    )}
                    {canExport && (
                      <Button
                        icon={<ExportOutlined aria-hidden />}
                        title={exportTitle}
                        // A chosen region whose details are still loading: its level is not known yet.
                        disabled={selected !== undefined && !region}
                        loading={exporting.running}
                        onClick={exportRegions}
                      >
                        {t('crud.toolbar.export')}
                      </Button>
                    )}
                  </Space>
                )
              }
            >
              {treeLoading ? (
                <Spin style={{ display: 'block', padding: 24 }} />
              ) : nodes.length === 0 ? (
                <Empty />
              ) : (
                <Tree<RegionTreeNode>
                  aria-label={t('base.region.tree')}
                  treeData={nodes}
                  // A virtual list: thousands of regions once a few provinces are open.
                  height={TREE_HEIGHT}
                  expandedKeys={expanded}
                  onExpand={(keys) => setExpanded(keys)}
                  loadedKeys={loadedKeys}
                  loadData={(node) => reload(node.key).catch(() => undefined)}
                  selectedKeys={selected ? [selected] : []}
                  onSelect={(keys) => choose(keys[0] === undefined ? undefined : String(keys[0]))}
                />
              )}
            </Card>
          </Col>
          <Col xs={24} md={15}>
            <Card
              title={
                mode === 'add' && region
                  ? t('base.region.adding', { name: region.name })
                  : t('base.region.detail')
              }
              extra={
                <Space>
                  {canAdd && (
                    <Button
                      type="primary"
                      icon={<PlusOutlined aria-hidden />}
                      disabled={region !== undefined && region.level >= REGION_LEVEL.VILLAGE}
                      onClick={addChild}
                    >
                      {t('base.region.addChild')}
                    </Button>
                  )}
                  {canDelete && (
                    <Button danger icon={<DeleteOutlined aria-hidden />} onClick={remove}>
                      {t('base.region.delete')}
                    </Button>
                  )}
                </Space>
              }
            >
              {selected === undefined ? (
                <Empty description={t('base.region.empty')} />
              ) : !region || (mode === 'edit' && parent.isPending && parentCode !== undefined) ? (
                detail.isError ? (
                  <Empty description={t('crud.dialog.loadFailed')} />
                ) : (
                  <Spin style={{ display: 'block', padding: 48 }} />
                )
              ) : (
                <RegionForm
                  mode={mode}
                  region={region}
                  parentName={parent.data?.name}
                  canSave={canSave}
                  onSubmit={save}
                  onCancelAdd={() => setMode('edit')}
                />
              )}
            </Card>
          </Col>
        </Row>
        {modalHolder}
        {sheet.element}
        {exporting.element}
      </section>
    </ConfigProvider>
  );
}
