import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { FlowForm, FlowFormInput } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Spin } from 'antd';
import { Activity, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as formApi from '../../../api/flow/form';
import { RequestError } from '../../../api/request';
import { useHasPermission } from '../../../app/menu/permission-store';
import { CrudPage, defineCrud, type CrudActionContext, type StaticOption } from '../../../crud';
import { FormDesigner } from './FormDesigner';
import { FormRenderer } from './FormRenderer';
import './locales';

type Context = CrudActionContext<FlowForm>;

/** The form being designed (none: a new one), with the table's actions for when it is saved. */
interface Designing {
  formId: string | undefined;
  context: Context;
  /** Each opening mounts the designer afresh. */
  key: number;
}

let openings = 0;

const PUBLISHED_OPTIONS: readonly StaticOption[] = [
  { value: 1, label: 'flow.form.publishedYes' },
  { value: 0, label: 'flow.form.publishedNo' },
];

/** A form's latest version drawn as it will be filled in. */
function PreviewDialog({ form, onClose }: { form: FlowForm | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const detail = useQuery({
    queryKey: ['flow-form', 'preview', form?.id],
    queryFn: () => formApi.detailAt(form?.id ?? ''),
    enabled: form !== undefined,
    gcTime: 0,
  });
  const title = form ? t('flow.form.previewTitle', { name: form.name, version: form.version }) : '';
  return (
    <div ref={container}>
      <Modal
        open={form !== undefined}
        title={title}
        width={760}
        onCancel={onClose}
        getContainer={() => container.current ?? document.body}
        footer={<Button onClick={onClose}>{t('flow.form.close')}</Button>}
        destroyOnHidden
      >
        {detail.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('flow.form.loadFailed')}
            description={
              detail.error instanceof RequestError ? detail.error.message : t('request.unreachable')
            }
          />
        ) : !detail.data ? (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin />
          </Flex>
        ) : (
          <div style={{ maxHeight: 'calc(100vh - 260px)', overflowY: 'auto', overflowX: 'hidden' }}>
            <FormRenderer name="flow-form-view" definition={detail.data.definition} />
          </div>
        )}
      </Modal>
    </div>
  );
}

/**
 * 表单设计 (/api/blade-flow/form, issue 51): forms designed here, each a key, a name and versions.
 * 新增 and 设计 open the designer in place of the table (the table keeps its search and page
 * meanwhile); 预览 draws the latest version as it will be filled in; 删除 is the kit's (confirmed).
 */
export default function FormPage() {
  const canUpdate = useHasPermission('form_edit');
  const [designing, setDesigning] = useState<Designing>();
  const [previewing, setPreviewing] = useState<FlowForm>();

  const config = useMemo(() => {
    const design = (formId: string | undefined, context: Context) =>
      setDesigning({ formId, context, key: ++openings });
    return defineCrud<FlowForm, FlowFormInput>({
      name: 'flow-form',
      title: 'flow.form.title',
      rowTitle: 'name',
      api: { list: formApi.list, detail: formApi.detail, remove: formApi.remove },
      // Adding and editing go through the designer (the page's own buttons), not the kit's dialog.
      permissions: { delete: 'form_delete' },
      export: { url: '/api/blade-flow/form/export', permission: 'form_export' },
      defaultSort: [{ field: 'updateTime', order: 'descend' }],
      columns: [
        { prop: 'name', label: 'flow.form.name', search: true, table: { sort: true } },
        { prop: 'formKey', label: 'flow.form.formKey', search: true, table: { content: 'code', sort: true } },
        { prop: 'category', label: 'flow.form.category', search: { op: 'equal' }, table: { sort: true } },
        {
          prop: 'version',
          label: 'flow.form.version',
          type: 'number',
          table: { content: 'number', align: 'right', sort: true },
        },
        {
          prop: 'published',
          label: 'flow.form.published',
          type: 'select',
          options: PUBLISHED_OPTIONS,
          search: { op: 'equal' },
          table: { sort: true },
        },
        {
          prop: 'fieldCount',
          label: 'flow.form.fieldCount',
          type: 'number',
          table: { content: 'number', align: 'right' },
        },
        {
          prop: 'updateTime',
          label: 'flow.form.updateTime',
          table: { secondary: true, content: 'datetime', sort: true },
        },
      ],
      toolbarActions: [
        {
          key: 'add',
          label: 'flow.form.add',
          icon: <PlusOutlined aria-hidden />,
          permission: 'form_add',
          onClick: (context) => design(undefined, context),
        },
      ],
      rowActions: [
        {
          key: 'preview',
          label: 'flow.form.preview',
          icon: <EyeOutlined aria-hidden />,
          onClick: (row) => setPreviewing(row),
        },
        {
          key: 'design',
          label: 'flow.form.design',
          icon: <EditOutlined aria-hidden />,
          permission: 'form_edit',
          onClick: (row, context) => design(row.id, context),
        },
      ],
    });
  }, []);

  return (
    <>
      <Activity mode={designing ? 'hidden' : 'visible'}>
        <CrudPage config={config}>
          <PreviewDialog form={previewing} onClose={() => setPreviewing(undefined)} />
        </CrudPage>
      </Activity>
      {designing && (
        <FormDesigner
          key={designing.key}
          formId={designing.formId}
          canUpdate={canUpdate}
          onSaved={() => void designing.context.refresh()}
          onClose={() => setDesigning(undefined)}
        />
      )}
    </>
  );
}
