import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import {
  FORM_FIELD_TYPES,
  FORM_KEY_PATTERN,
  FORM_LIMITS,
  rangeOf,
  type FormDefinition,
  type FormDefinitionProblem,
  type FormFieldType,
} from '@console/contract/flow';
import type { FlowForm, FlowFormDetail } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  ConfigProvider,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Select,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import * as formApi from '../../../api/flow/form';
import { RequestError } from '../../../api/request';
import { useLanguage } from '../../../i18n';
import { FormRenderer, labelOf } from './FormRenderer';
import { useFormDesigner, type DesignerField } from './form-designer-state';
import { flowFormEn, flowFormZh } from './locales';
import { confirmLeave } from '../../../components/leave/confirm-leave';

export interface FormDesignerProps {
  /** The form to design; undefined: a new one. */
  formId: string | undefined;
  /** Whether the user may save a form that exists (form_edit): without it, a first save closes. */
  canUpdate: boolean;
  /** A save went through (the table should show it). */
  onSaved: () => void;
  onClose: () => void;
}

interface InfoValues {
  formKey: string;
  name: string;
  category?: string | null;
  remark?: string | null;
  publish?: boolean;
}

/**
 * The form designer, in place of the table (as the model designer): the form's key and name, its
 * layout, its fields (add, edit, reorder, remove: every action a button, so the keyboard does it
 * all), the selected field's properties, and a live preview drawn by FormRenderer. 保存 sends the
 * definition; the server checks it again and a refusal is shown by the request layer, the work
 * staying on screen.
 */
export function FormDesigner({ formId, canUpdate, onSaved, onClose }: FormDesignerProps) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: ['flow-form', 'design', formId],
    queryFn: () => formApi.detailAt(formId ?? ''),
    enabled: formId !== undefined,
    gcTime: 0,
  });
  if (formId !== undefined && detail.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('flow.form.loadFailed')}
        description={detail.error instanceof RequestError ? detail.error.message : t('request.unreachable')}
        action={<Button onClick={onClose}>{t('flow.form.designer.back')}</Button>}
      />
    );
  if (formId !== undefined && !detail.data)
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  return <DesignerBody form={detail.data} canUpdate={canUpdate} onSaved={onSaved} onClose={onClose} />;
}

/** A type's name in the language shown (a type the designer does not know: as it is). */
const typeLabel = (t: TFunction, type: string) =>
  (FORM_FIELD_TYPES as readonly string[]).includes(type)
    ? t(`flow.form.types.${type as FormFieldType}`)
    : type;

function DesignerBody({
  form: loaded,
  canUpdate,
  onSaved,
  onClose,
}: {
  form: FlowFormDetail | undefined;
  canUpdate: boolean;
  onSaved: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { message } = App.useApp();
  const [modal, modalHolder] = Modal.useModal();
  const pageRef = useRef<HTMLElement>(null);
  const getContainer = useCallback(() => pageRef.current ?? document.body, []);
  const [info] = Form.useForm<InfoValues>();
  const designer = useFormDesigner(loaded?.definition);
  const { state, definition, problems, selectedField } = designer;
  const [newType, setNewType] = useState<FormFieldType>('text');

  // What was last saved (or loaded): the form's id, version and state, and the work as it was.
  const initialInfo = useMemo<InfoValues>(
    () => ({
      formKey: loaded?.formKey ?? '',
      name: loaded?.name ?? '',
      category: loaded?.category ?? null,
      remark: loaded?.remark ?? null,
      publish: false,
    }),
    [loaded],
  );
  const [saved, setSaved] = useState<Pick<FlowForm, 'id' | 'name' | 'version' | 'published'> | undefined>(
    loaded && { id: loaded.id, name: loaded.name, version: loaded.version, published: loaded.published },
  );
  const snapshot = (values: InfoValues, def: FormDefinition) =>
    JSON.stringify([values.formKey, values.name, values.category ?? null, values.remark ?? null, def]);
  const [savedSnapshot, setSavedSnapshot] = useState(() => snapshot(initialInfo, definition));
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);

  const heading = saved
    ? t('flow.form.designer.editTitle', { name: saved.name })
    : t('flow.form.designer.addTitle');
  const problemText = (code: FormDefinitionProblem['code'], params: Record<string, string>) =>
    t(`flow.form.problem.${code}`, { ...params, defaultValue: code });

  const back = () => {
    if (snapshot(info.getFieldsValue(true) as InfoValues, definition) === savedSnapshot) {
      onClose();
      return;
    }
    confirmLeave(modal, t, 'flow.form.designer', getContainer, onClose);
  };

  const save = async () => {
    if (inFlight.current) return;
    let values: InfoValues;
    try {
      values = await info.validateFields();
    } catch {
      return; // the form says what is missing
    }
    if (problems.length > 0) {
      void message.error(
        `${t('flow.form.designer.problems')}: ${problems.map((p) => problemText(p.code, p.params)).join('; ')}`,
      );
      return;
    }
    inFlight.current = true;
    setSaving(true);
    try {
      const stored = (await formApi.submit({
        id: saved?.id,
        formKey: values.formKey.trim(),
        name: values.name.trim(),
        category: values.category?.trim() || null,
        remark: values.remark?.trim() || null,
        ...(values.publish ? { published: 1 as const } : {}),
        definition,
      })) as FlowForm;
      setSaved({ id: stored.id, name: stored.name, version: stored.version, published: stored.published });
      setSavedSnapshot(snapshot(values, definition));
      info.setFieldValue('publish', false);
      void message.success(t('flow.form.designer.saved', { version: stored.version }));
      onSaved();
      if (!canUpdate) onClose();
    } catch (error) {
      if (!(error instanceof RequestError)) void message.error(t('request.unreachable'));
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  const backText = t('flow.form.designer.back');
  const saveText = t('flow.form.designer.save');
  return (
    <ConfigProvider getPopupContainer={getContainer}>
      <section ref={pageRef} aria-label={heading} style={{ position: 'relative' }}>
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {heading}
          </Typography.Title>
          <Space wrap>
            <Button icon={<ArrowLeftOutlined aria-hidden />} aria-label={backText} onClick={back}>
              {backText}
            </Button>
            <Button
              type="primary"
              icon={<SaveOutlined aria-hidden />}
              aria-label={saveText}
              loading={saving}
              onClick={() => void save()}
            >
              {saveText}
            </Button>
          </Space>
        </Flex>
        <Form
          form={info}
          name="flow-form-info"
          layout="vertical"
          initialValues={initialInfo}
          aria-label={t('flow.form.designer.info')}
          onFinish={() => void save()}
        >
          <Row gutter={12} align="bottom">
            <Col xs={24} sm={12} lg={5}>
              <Form.Item
                name="formKey"
                label={t('flow.form.formKey')}
                rules={[
                  { required: true, whitespace: true, message: t('flow.form.formKeyRequired') },
                  { pattern: new RegExp(FORM_KEY_PATTERN), message: t('flow.form.formKeyPattern') },
                ]}
              >
                <Input maxLength={FORM_LIMITS.formKey} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={5}>
              <Form.Item
                name="name"
                label={t('flow.form.name')}
                rules={[{ required: true, whitespace: true, message: t('flow.form.nameRequired') }]}
              >
                <Input maxLength={FORM_LIMITS.name} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={4}>
              <Form.Item name="category" label={t('flow.form.category')}>
                <Input maxLength={FORM_LIMITS.category} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={4}>
              <Form.Item label={t('flow.form.designer.layout')} htmlFor="flow-form-layout">
                <Radio.Group
                  id="flow-form-layout"
                  optionType="button"
                  value={state.layout}
                  onChange={(event) => designer.setLayout(event.target.value as 1 | 2)}
                  options={[
                    { value: 1, label: t('flow.form.designer.oneColumn') },
                    { value: 2, label: t('flow.form.designer.twoColumns') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={24} lg={6}>
              {saved?.published === 1 ? (
                <Form.Item>
                  <Tag color="green">{t('flow.form.publishedYes')}</Tag>
                  <Typography.Text type="secondary">
                    {t('flow.form.designer.publishedNote', { version: saved.version + 1 })}
                  </Typography.Text>
                </Form.Item>
              ) : (
                <Form.Item name="publish" valuePropName="checked" help={t('flow.form.designer.publishHelp')}>
                  <Checkbox>{t('flow.form.designer.publish')}</Checkbox>
                </Form.Item>
              )}
            </Col>
          </Row>
          <Form.Item name="remark" label={t('flow.form.remark')} hidden>
            <Input />
          </Form.Item>
        </Form>
        <Row gutter={12}>
          <Col xs={24} lg={7}>
            <Card size="small" title={t('flow.form.designer.fields')} styles={{ body: { padding: 8 } }}>
              <Space.Compact style={{ width: '100%', marginBottom: 8 }}>
                <Select<FormFieldType>
                  aria-label={t('flow.form.designer.newType')}
                  value={newType}
                  onChange={setNewType}
                  style={{ flex: 1 }}
                  options={FORM_FIELD_TYPES.map((type) => ({ value: type, label: typeLabel(t, type) }))}
                />
                <Button
                  icon={<PlusOutlined aria-hidden />}
                  aria-label={t('flow.form.designer.addFieldOf', { type: typeLabel(t, newType) })}
                  onClick={() =>
                    designer.add(newType, {
                      zh: flowFormZh.types[newType],
                      en: flowFormEn.types[newType],
                    })
                  }
                >
                  {t('flow.form.designer.addField')}
                </Button>
              </Space.Compact>
              <FieldList
                fields={state.fields}
                selected={state.selected}
                language={language}
                onSelect={designer.select}
                onMove={designer.move}
                onRemove={designer.remove}
              />
              {problems.length > 0 && (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginTop: 8 }}
                  title={problems.map((p) => (
                    <div key={`${p.code}-${p.params.key ?? ''}`}>{problemText(p.code, p.params)}</div>
                  ))}
                />
              )}
            </Card>
          </Col>
          <Col xs={24} lg={7}>
            <Card size="small" title={t('flow.form.designer.properties')}>
              {selectedField ? (
                <FieldProperties key={selectedField.uid} field={selectedField} onChange={designer.change} />
              ) : (
                <Typography.Text type="secondary">{t('flow.form.designer.noSelection')}</Typography.Text>
              )}
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card
              size="small"
              title={t('flow.form.designer.preview')}
              styles={{ body: { maxHeight: 'calc(100vh - 330px)', minHeight: 200, overflowY: 'auto' } }}
            >
              <section aria-label={t('flow.form.designer.preview')}>
                <FormRenderer
                  name="flow-form-preview"
                  definition={definition}
                  onFinish={() => void message.success(t('flow.form.designer.previewValid'))}
                >
                  <Button htmlType="submit">{t('flow.form.designer.previewCheck')}</Button>
                </FormRenderer>
              </section>
            </Card>
          </Col>
        </Row>
        {modalHolder}
      </section>
    </ConfigProvider>
  );
}

function FieldList({
  fields,
  selected,
  language,
  onSelect,
  onMove,
  onRemove,
}: {
  fields: DesignerField[];
  selected: string | undefined;
  language: 'zh' | 'en';
  onSelect: (uid: string) => void;
  onMove: (uid: string, by: -1 | 1) => void;
  onRemove: (uid: string) => void;
}) {
  const { t } = useTranslation();
  if (fields.length === 0)
    return <Typography.Text type="secondary">{t('flow.form.designer.noFields')}</Typography.Text>;
  return (
    <ol aria-label={t('flow.form.designer.fields')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {fields.map((field, index) => {
        const label = labelOf(field, language) || field.key;
        const current = field.uid === selected;
        return (
          <li
            key={field.uid}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 4,
              padding: '2px 4px',
              borderRadius: 6,
              background: current ? 'var(--ant-color-primary-bg, #e6f4ff)' : undefined,
            }}
          >
            <Button
              type="text"
              size="small"
              aria-pressed={current}
              aria-label={t('flow.form.designer.editField', { label })}
              onClick={() => onSelect(field.uid)}
              style={{ flex: 1, justifyContent: 'flex-start', overflow: 'hidden', minWidth: 0 }}
            >
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {label}
                {field.required ? ' *' : ''}
              </span>
              <Tag style={{ marginInlineStart: 4 }}>{typeLabel(t, field.type)}</Tag>
            </Button>
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined aria-hidden />}
              aria-label={t('flow.form.designer.moveUp', { label })}
              disabled={index === 0}
              onClick={() => onMove(field.uid, -1)}
            />
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined aria-hidden />}
              aria-label={t('flow.form.designer.moveDown', { label })}
              disabled={index === fields.length - 1}
              onClick={() => onMove(field.uid, 1)}
            />
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('flow.form.designer.removeField', { label })}
              onClick={() => onRemove(field.uid)}
            />
          </li>
        );
      })}
    </ol>
  );
}

/** The properties of the selected field, each change applied at once (the preview follows). */
function FieldProperties({
  field,
  onChange,
}: {
  field: DesignerField;
  onChange: (uid: string, patch: Partial<DesignerField>) => void;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<DesignerField>) => onChange(field.uid, patch);
  const range = rangeOf(field.type);
  const id = (name: string) => `flow-form-field-${name}`;
  const bounds =
    range === 'length'
      ? (['minLength', 'maxLength'] as const)
      : range === 'count'
        ? (['minCount', 'maxCount'] as const)
        : (['min', 'max'] as const);
  return (
    <Form layout="vertical" size="small" component="div">
      <Row gutter={8}>
        <Col span={12}>
          <Form.Item
            label={t('flow.form.designer.key')}
            htmlFor={id('key')}
            tooltip={t('flow.form.designer.keyHelp')}
          >
            <Input
              id={id('key')}
              value={field.key}
              maxLength={FORM_LIMITS.fieldKey}
              onChange={(e) => set({ key: e.target.value })}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={t('flow.form.designer.type')} htmlFor={id('type')}>
            <Select
              id={id('type')}
              value={field.type}
              onChange={(type: string) => set({ type })}
              options={FORM_FIELD_TYPES.map((type) => ({ value: type, label: typeLabel(t, type) }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={t('flow.form.designer.labelZh')} htmlFor={id('label-zh')}>
            <Input
              id={id('label-zh')}
              value={field.label.zh}
              maxLength={FORM_LIMITS.label}
              onChange={(e) => set({ label: { zh: e.target.value } })}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={t('flow.form.designer.labelEn')} htmlFor={id('label-en')}>
            <Input
              id={id('label-en')}
              value={field.label.en ?? ''}
              maxLength={FORM_LIMITS.label}
              onChange={(e) => set({ label: { zh: field.label.zh, en: e.target.value } })}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item>
            <Checkbox
              id={id('required')}
              checked={field.required === true}
              onChange={(e) => set({ required: e.target.checked })}
            >
              {t('flow.form.designer.required')}
            </Checkbox>
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item>
            <Checkbox
              id={id('searchable')}
              checked={field.searchable === true}
              onChange={(e) => set({ searchable: e.target.checked })}
            >
              {t('flow.form.designer.searchable')}
            </Checkbox>
          </Form.Item>
        </Col>
        {range !== undefined && (
          <>
            <Col span={12}>
              <Form.Item label={t(`flow.form.designer.${bounds[0]}`)} htmlFor={id('min')}>
                <InputNumber
                  id={id('min')}
                  style={{ width: '100%' }}
                  value={field.min ?? null}
                  onChange={(value) => set({ min: typeof value === 'number' ? value : null })}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label={t(`flow.form.designer.${bounds[1]}`)} htmlFor={id('max')}>
                <InputNumber
                  id={id('max')}
                  style={{ width: '100%' }}
                  value={field.max ?? null}
                  onChange={(value) => set({ max: typeof value === 'number' ? value : null })}
                />
              </Form.Item>
            </Col>
          </>
        )}
        {range === 'length' && (
          <Col span={24}>
            <Form.Item
              label={t('flow.form.designer.pattern')}
              htmlFor={id('pattern')}
              tooltip={t('flow.form.designer.patternHelp')}
            >
              <Input
                id={id('pattern')}
                value={field.pattern ?? ''}
                maxLength={FORM_LIMITS.pattern}
                onChange={(e) => set({ pattern: e.target.value })}
              />
            </Form.Item>
          </Col>
        )}
        {field.type === 'dict' && (
          <>
            <Col span={12}>
              <Form.Item label={t('flow.form.designer.dict')} htmlFor={id('dict')}>
                <Input
                  id={id('dict')}
                  value={field.dict ?? ''}
                  maxLength={FORM_LIMITS.dictCode}
                  onChange={(e) => set({ dict: e.target.value })}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label=" ">
                <Checkbox
                  id={id('biz')}
                  checked={field.biz === true}
                  onChange={(e) => set({ biz: e.target.checked })}
                >
                  {t('flow.form.designer.biz')}
                </Checkbox>
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
    </Form>
  );
}
