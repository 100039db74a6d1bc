import { DownloadOutlined, ImportOutlined } from '@ant-design/icons';
import type { PermissionCode } from '@console/contract';
import { Alert, App, Button, Modal, Radio, Select, Space, Table, Typography } from 'antd';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportApi, ImportChoice, ImportReport } from '../../api/sheet-import';
import { isTransportFailure, RequestError } from '../../api/request';
import type { CrudActionContext, CrudToolbarAction, TextKey } from '../../crud';
import { saveFile } from '../../utils/save-file';
import './locales';

// An import of any CRUD page (issue 52): choose a sheet (and whether rows update the records their
// key column names), check it (a dry run: every row as a save would check it), read the report
// (row, column, reason; downloadable as the sheet with an error column), then import every row or
// only the valid ones. Imported users' generated passwords are shown once, after the commit.

const XLSX_TYPES = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface SheetImportOptions {
  api: ImportApi;
  /** The page's add button: the import and the template need it. */
  permission: PermissionCode;
  /** The key columns the server takes (`key=`), each with its label: none, rows are always new. */
  keys?: ReadonlyArray<{ field: string; label: TextKey }>;
}

export interface SheetImport<T> {
  /** 导入 and 下载模板 for the page's toolbarActions. */
  actions: CrudToolbarAction<T>[];
  /** The dialog: render it inside the page (CrudPage's children). */
  element: ReactNode;
  /** For a page outside the CRUD kit: opens the dialog; `imported` runs after a commit. */
  open: (imported?: () => unknown) => void;
  /** For a page outside the CRUD kit: downloads the template. */
  downloadTemplate: () => Promise<void>;
}

type Step = 'choose' | 'checked' | 'done';

export function useSheetImport<T>({ api, permission, keys = [] }: SheetImportOptions): SheetImport<T> {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File>();
  const [key, setKey] = useState<string>('');
  const [mode, setMode] = useState<'all' | 'valid'>('all');
  const [report, setReport] = useState<ImportReport>();
  const [step, setStep] = useState<Step>('choose');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const imported = useRef<() => unknown>(undefined);
  const fileInput = useRef<HTMLInputElement>(null);

  const reset = () => {
    setFile(undefined);
    setReport(undefined);
    setStep('choose');
    setFailure(undefined);
    setMode('all');
  };
  const close = () => {
    setOpen(false);
    reset();
  };
  const choice = (): ImportChoice => ({ mode, ...(key ? { key } : {}) });

  /** Runs a call; a refusal's report (an all-or-nothing import with problems) is a report too. */
  const run = async (call: () => Promise<ImportReport>, next: Step) => {
    setBusy(true);
    setFailure(undefined);
    try {
      setReport(await call());
      setStep(next);
    } catch (error) {
      const data =
        error instanceof RequestError ? (error.body.data as ImportReport | null | undefined) : undefined;
      if (data && Array.isArray(data.errors)) {
        setReport(data);
        setStep(next);
      } else if (error instanceof RequestError) setFailure(error.serverMessage ?? error.message);
      else if (isTransportFailure(error)) setFailure(t('request.unreachable'));
      else throw error;
    } finally {
      setBusy(false);
    }
  };

  const check = () => file && run(() => api.check(file, file.name, choice()), 'checked');
  const commit = async () => {
    if (!file) return;
    await run(() => api.commit(file, file.name, choice()), 'done');
    await imported.current?.();
  };
  const downloadReport = async () => {
    if (!file) return;
    try {
      saveFile(await api.reportSheet(file, file.name, choice()));
    } catch (error) {
      if (isTransportFailure(error)) void message.error(t('request.unreachable'));
    }
  };
  const downloadTemplate = async () => {
    try {
      saveFile(await api.template());
    } catch (error) {
      if (isTransportFailure(error)) void message.error(t('request.unreachable'));
    }
  };

  const actions = useMemo<CrudToolbarAction<T>[]>(
    () => [
      {
        key: 'import',
        label: 'base.sheetImport.import',
        icon: <ImportOutlined aria-hidden />,
        permission,
        onClick: (ctx: CrudActionContext<T>) => {
          imported.current = () => ctx.refresh();
          setOpen(true);
        },
      },
      {
        key: 'import-template',
        label: 'base.sheetImport.template',
        icon: <DownloadOutlined aria-hidden />,
        permission,
        onClick: () => void downloadTemplate(),
      },
    ],
    // downloadTemplate reads only api.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, permission],
  );

  const problems = report?.errors ?? [];
  const committed = step === 'done' && report !== undefined;
  const stored = committed && report.imported > 0;
  const footer =
    step === 'choose' ? (
      <Space>
        <Button onClick={close}>{t('base.sheetImport.cancel')}</Button>
        <Button type="primary" disabled={!file} loading={busy} onClick={() => void check()}>
          {t('base.sheetImport.check')}
        </Button>
      </Space>
    ) : step === 'checked' ? (
      <Space>
        <Button onClick={reset}>{t('base.sheetImport.back')}</Button>
        <Button
          type="primary"
          loading={busy}
          disabled={(report?.valid ?? 0) === 0 || (mode === 'all' && problems.length > 0)}
          onClick={() => void commit()}
        >
          {t('base.sheetImport.commit')}
        </Button>
      </Space>
    ) : (
      <Button type="primary" onClick={close}>
        {t('base.sheetImport.close')}
      </Button>
    );

  const element = (
    <Modal
      open={open}
      title={t('base.sheetImport.title')}
      width={760}
      onCancel={close}
      destroyOnHidden
      maskClosable={false}
      footer={footer}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      {step === 'choose' && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph>{t('base.sheetImport.hint')}</Typography.Paragraph>
          <Space wrap>
            <Button icon={<ImportOutlined aria-hidden />} onClick={() => fileInput.current?.click()}>
              {t('base.sheetImport.choose')}
            </Button>
            <Typography.Text data-testid="sheet-import-file">
              {file?.name ?? t('base.sheetImport.noFile')}
            </Typography.Text>
          </Space>
          <input
            ref={fileInput}
            type="file"
            accept={XLSX_TYPES}
            hidden
            aria-label={t('base.sheetImport.file')}
            onChange={(event) => {
              const chosen = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (!chosen) return;
              if (!/\.xlsx$/i.test(chosen.name)) {
                setFailure(t('base.sheetImport.notXlsx'));
                return;
              }
              setFailure(undefined);
              setFile(chosen);
            }}
          />
          {keys.length > 0 && (
            <Space wrap>
              <label htmlFor="sheet-import-key">{t('base.sheetImport.keyLabel')}</label>
              <Select
                id="sheet-import-key"
                style={{ minWidth: 220 }}
                value={key}
                onChange={setKey}
                options={[
                  { value: '', label: t('base.sheetImport.keyNone') },
                  ...keys.map((k) => ({
                    value: k.field,
                    label: t('base.sheetImport.keyBy', { column: t(k.label) }),
                  })),
                ]}
              />
            </Space>
          )}
        </Space>
      )}
      {step !== 'choose' && report && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert
            type={problems.length === 0 ? 'success' : stored || !committed ? 'warning' : 'error'}
            showIcon
            title={
              committed
                ? stored
                  ? t('base.sheetImport.imported', {
                      count: report.imported,
                      created: report.created,
                      updated: report.updated,
                    })
                  : t('base.sheetImport.nothingImported')
                : t('base.sheetImport.checked', {
                    total: report.total,
                    valid: report.valid,
                    invalid: problems.length,
                  })
            }
          />
          {report.secrets.length > 0 && (
            <>
              <Alert type="info" showIcon title={t('base.sheetImport.passwordsOnce')} />
              <Table
                size="small"
                rowKey="row"
                pagination={false}
                aria-label={t('base.sheetImport.passwords')}
                dataSource={report.secrets}
                columns={[
                  { title: t('base.sheetImport.account'), dataIndex: 'account' },
                  {
                    title: t('base.sheetImport.password'),
                    dataIndex: 'password',
                    render: (password: string) => (
                      <Typography.Text copyable code>
                        {password}
                      </Typography.Text>
                    ),
                  },
                ]}
              />
            </>
          )}
          {problems.length > 0 && (
            <>
              <Table
                size="small"
                rowKey={(p) => `${p.row}:${p.column ?? ''}:${p.message}`}
                aria-label={t('base.sheetImport.problems')}
                dataSource={problems}
                pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
                columns={[
                  { title: t('base.sheetImport.row'), dataIndex: 'row', width: 80 },
                  {
                    title: t('base.sheetImport.column'),
                    dataIndex: 'column',
                    width: 160,
                    render: (c: string | null) => c ?? '—',
                  },
                  { title: t('base.sheetImport.reason'), dataIndex: 'message' },
                ]}
              />
              <Button icon={<DownloadOutlined aria-hidden />} onClick={() => void downloadReport()}>
                {t('base.sheetImport.downloadReport')}
              </Button>
            </>
          )}
          {step === 'checked' && (
            <Radio.Group
              aria-label={t('base.sheetImport.modeLabel')}
              value={mode}
              onChange={(event) => setMode(event.target.value as 'all' | 'valid')}
            >
              <Space direction="vertical">
                <Radio value="all">{t('base.sheetImport.modeAll')}</Radio>
                <Radio value="valid">{t('base.sheetImport.modeValid', { count: report.valid })}</Radio>
              </Space>
            </Radio.Group>
          )}
        </Space>
      )}
    </Modal>
  );

  const openDialog = (after?: () => unknown) => {
    imported.current = after;
    setOpen(true);
  };
  return { actions, element, open: openDialog, downloadTemplate };
}
