import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { Report, ReportInput } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Spin } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './locales';
import * as reportApi from '../../../api/report/report';
import { CrudPage, defineCrud, type CrudColumn } from '../../../crud';

// The designer and the viewer are their own downloads, fetched when first opened.
const ReportDesigner = lazy(() => import('./ReportDesigner'));
const ReportViewer = lazy(() => import('./ReportViewer'));

const columnsIn = (language: string): CrudColumn<Report>[] => [
  { prop: 'name', label: 'report.reportlist.name', search: true, form: false },
  {
    prop: 'dataSet',
    label: 'report.reportlist.dataSet',
    type: 'select',
    remote: {
      queryKey: ['report', 'data-set-options', language],
      load: async () => (await reportApi.dataSets()).map((set) => ({ value: set.code, label: set.label })),
    },
    form: false,
  },
  { prop: 'author', label: 'report.reportlist.author', table: { content: 'code' }, form: false },
  { prop: 'updateTime', label: 'report.reportlist.updateTime', table: { content: 'datetime' }, form: false },
];

/** What the page shows: the list, the designer (a new report or a stored one) or the viewer. */
type View = { kind: 'list' } | { kind: 'design'; report?: Report } | { kind: 'view'; report: Report };

function reportConfig(show: (view: View) => void, language: string) {
  return defineCrud<Report, ReportInput>({
    name: 'report',
    title: 'report.reportlist.title',
    rowTitle: 'name',
    api: reportApi,
    // 新增, 查看 and 设计 open the designer and the viewer, not the kit's dialog; delete is the kit's.
    permissions: { delete: 'report_list_delete' },
    columns: columnsIn(language),
    rowActions: [
      {
        key: 'open',
        label: 'report.reportlist.open',
        icon: <EyeOutlined aria-hidden />,
        permission: 'report_list_view',
        onClick: (report) => show({ kind: 'view', report }),
      },
      {
        key: 'design',
        label: 'report.reportlist.design',
        icon: <EditOutlined aria-hidden />,
        permission: 'report_list_edit',
        onClick: (report) => show({ kind: 'design', report }),
      },
    ],
    toolbarActions: [
      {
        key: 'add',
        label: 'crud.toolbar.add',
        icon: <PlusOutlined aria-hidden />,
        permission: 'report_list_add',
        onClick: () => show({ kind: 'design' }),
      },
    ],
  });
}

/**
 * 报表管理 › 报表列表 (issue 19): the tenant's report definitions. 新增 and 设计 open the designer
 * (data set, columns, grouping, aggregates, sort, filters, chart, with a live preview); 查看 opens
 * the viewer (filters, rows, subtotals, grand total, chart, print and export). The list stays
 * mounted underneath, hidden, so it comes back as it was left.
 */
export default function ReportListPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>({ kind: 'list' });
  const config = useMemo(() => reportConfig(setView, i18n.language), [i18n.language]);
  const back = () => setView({ kind: 'list' });
  const saved = async () => {
    setView({ kind: 'list' });
    await queryClient.invalidateQueries({ queryKey: ['report'] });
  };

  return (
    <>
      <div hidden={view.kind !== 'list'}>
        <CrudPage config={config} />
      </div>
      {view.kind !== 'list' && (
        <Suspense
          fallback={
            <Spin style={{ display: 'block', padding: 48 }} description={t('report.reportlist.loading')} />
          }
        >
          {view.kind === 'design' ? (
            <ReportDesigner
              key={view.report?.id ?? 'new'}
              report={view.report}
              onBack={back}
              onSaved={saved}
            />
          ) : (
            <ReportViewer key={view.report.id} report={view.report} onBack={back} />
          )}
        </Suspense>
      )}
    </>
  );
}
