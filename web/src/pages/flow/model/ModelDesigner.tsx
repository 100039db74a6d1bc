import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import type { FlowModel } from '@console/contract';
import { FLOW_LIMITS } from '@console/contract/flow';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Col,
  ConfigProvider,
  Flex,
  Form,
  Input,
  Modal,
  Row,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import * as modelApi from '../../../api/flow/model';
import { RequestError } from '../../../api/request';
import { BpmnDesigner, emptyProcessXml, type BpmnDesignerHandle } from '../../../components/bpmn';
import { useFlowCategoryOptions } from '../shared/category';
import './locales';

/** A model's key, which is its process's id in the XML (the server's FlowModelInput pattern). */
const MODEL_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

export interface ModelDesignerProps {
  /** The model to design; undefined: a new one. */
  modelId: string | undefined;
  /** Whether the user may save a model that exists (flow_model_edit): without it, a first save closes. */
  canUpdate: boolean;
  /** A save went through (the table should show it). */
  onSaved: () => void;
  onClose: () => void;
}

interface ModelForm {
  name: string;
  modelKey: string;
  category?: string | null;
  description?: string | null;
}

/** The least height of the canvas (px), on a small screen. */
const MIN_CANVAS_HEIGHT = 420;
/** What stays under the canvas: the main area's padding. */
const CANVAS_BOTTOM_GAP = 24;

/** How often and how many times the designer's first XML is read (see the baseline below). */
const BASELINE_POLL_MS = 300;
const BASELINE_TRIES = 100;

/** A new model's process key: valid at once, meant to be renamed. */
const newProcessKey = () => `process_${Date.now().toString(36)}`;

const formOf = (model: FlowModel | undefined, key: string): ModelForm =>
  model
    ? {
        name: model.name,
        modelKey: model.modelKey,
        category: model.category ?? undefined,
        description: model.description ?? '',
      }
    : { name: '', modelKey: key, category: undefined, description: '' };

/** The form's values as compared for unsaved changes: trimmed, empty as none. */
const snapshotOf = (values: Partial<ModelForm>) =>
  JSON.stringify([
    values.name?.trim() ?? '',
    values.modelKey?.trim() ?? '',
    values.category ?? '',
    values.description?.trim() ?? '',
  ]);

/** The height from `element`'s top to the window's bottom: the canvas fills the rest of the page. */
function useFillHeight(element: RefObject<HTMLElement | null>, ready: boolean): number {
  const [height, setHeight] = useState(MIN_CANVAS_HEIGHT);
  useLayoutEffect(() => {
    const measure = () => {
      const node = element.current;
      if (!node) return;
      const top = node.getBoundingClientRect().top;
      setHeight(Math.max(MIN_CANVAS_HEIGHT, Math.floor(window.innerHeight - top - CANVAS_BOTTOM_GAP)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [element, ready]);
  return height;
}

/**
 * The model designer, in place of the table: the model's fields over the BPMN designer, which
 * fills the rest of the page. 保存 sends the fields with the designer's XML; the server checks the
 * diagram (and that its process id is the key) and its refusal is shown by the request layer, the
 * work staying on screen. 返回 asks first when something was changed since the last save.
 */
export function ModelDesigner({ modelId, canUpdate, onSaved, onClose }: ModelDesignerProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [modal, modalHolder] = Modal.useModal();
  const [form] = Form.useForm<ModelForm>();
  const pageRef = useRef<HTMLElement>(null);
  const getContainer = useCallback(() => pageRef.current ?? document.body, []);
  const designer = useRef<BpmnDesignerHandle>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const categories = useFlowCategoryOptions();

  // A new model starts from an empty process whose id is the key the form starts with.
  const [fresh] = useState(() => {
    const key = newProcessKey();
    return { key, xml: emptyProcessXml(key, '') };
  });
  const detail = useQuery({
    queryKey: ['flow-model', 'design', modelId],
    queryFn: () => modelApi.detailWithXml(modelId ?? ''),
    enabled: modelId !== undefined,
    gcTime: 0,
  });
  const model = detail.data;
  const xml = modelId === undefined ? fresh.xml : model?.xml;
  const initial = useMemo(() => formOf(model, fresh.key), [model, fresh.key]);
  const height = useFillHeight(canvas, xml !== undefined);

  // The model once saved: later saves update it, and its key is fixed from then on.
  const [saved, setSaved] = useState<{ id: string; name: string }>();
  const savedId = saved?.id ?? modelId;
  const name = saved?.name ?? model?.name;
  // What was last loaded or saved, to tell unsaved changes: the form's values and the XML.
  const baseline = useRef<{ values: string; xml?: string }>(undefined);
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);

  // The process's id and name follow the form's key and name (the designer skips an id that is no
  // XML name).
  const watchedKey = Form.useWatch('modelKey', form);
  const watchedName = Form.useWatch('name', form);
  const processKey = typeof watchedKey === 'string' ? watchedKey.trim() : initial.modelKey;
  const processName = typeof watchedName === 'string' ? watchedName.trim() : initial.name;

  // The designer says nothing of its edits, and loads on its own time (its code, then the XML):
  // the XML it shows once loaded is read again until two readings agree, and that is the baseline.
  useEffect(() => {
    if (xml === undefined) return;
    baseline.current = { values: snapshotOf(initial) };
    let live = true;
    let last: string | undefined;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      let exported: string | undefined;
      try {
        exported = await designer.current?.getXml();
      } catch {
        exported = undefined; // not loaded yet
      }
      if (!live) return;
      if (exported !== undefined && exported === last) {
        // A save may have set the baseline meanwhile: it wins.
        if (baseline.current && baseline.current.xml === undefined)
          baseline.current = { ...baseline.current, xml: exported };
        return;
      }
      last = exported;
      tries += 1;
      if (tries < BASELINE_TRIES) timer = setTimeout(() => void read(), BASELINE_POLL_MS);
    };
    void read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [xml, initial]);

  const changed = async (): Promise<boolean> => {
    const base = baseline.current;
    if (base?.xml === undefined) return true;
    if (snapshotOf(form.getFieldsValue()) !== base.values) return true;
    try {
      return (await designer.current?.getXml()) !== base.xml;
    } catch {
      return true;
    }
  };

  const back = async () => {
    if (xml === undefined || !(await changed())) {
      onClose();
      return;
    }
    const okText = t('flow.model.designer.leaveOk');
    const cancelText = t('flow.model.designer.stay');
    void modal.confirm({
      title: t('flow.model.designer.leaveTitle'),
      content: t('flow.model.designer.leave'),
      okText,
      cancelText,
      okButtonProps: { danger: true, 'aria-label': okText },
      cancelButtonProps: { 'aria-label': cancelText },
      getContainer,
      onOk: onClose,
    });
  };

  const save = async () => {
    if (inFlight.current || xml === undefined) return;
    let values: ModelForm;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form says what is missing
    }
    inFlight.current = true;
    setSaving(true);
    try {
      let exported: string;
      try {
        exported = (await designer.current?.getXml()) ?? '';
      } catch {
        void message.error(t('flow.model.designer.exportFailed'));
        return;
      }
      const stored = (await modelApi.submit({
        id: savedId,
        modelKey: values.modelKey.trim(),
        name: values.name.trim(),
        category: values.category || null,
        description: values.description?.trim() || null,
        xml: exported,
      })) as FlowModel;
      baseline.current = { values: snapshotOf(values), xml: exported };
      setSaved({ id: stored.id, name: stored.name });
      void message.success(t('flow.model.designer.saved'));
      onSaved();
      if (!canUpdate) onClose();
    } catch (error) {
      // A refusal (the diagram's problem, a key taken) was shown by the request layer; the work stays.
      if (!(error instanceof RequestError)) void message.error(t('request.unreachable'));
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  const heading =
    savedId === undefined
      ? t('flow.model.designer.addTitle')
      : t('flow.model.designer.editTitle', { name: name ?? '' });
  const backText = t('flow.model.designer.back');
  const saveText = t('flow.model.designer.save');
  return (
    <ConfigProvider getPopupContainer={getContainer}>
      <section ref={pageRef} aria-label={heading} style={{ position: 'relative' }}>
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 16 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {heading}
          </Typography.Title>
          <Space wrap>
            <Button
              icon={<ArrowLeftOutlined aria-hidden />}
              aria-label={backText}
              onClick={() => void back()}
            >
              {backText}
            </Button>
            <Button
              type="primary"
              icon={<SaveOutlined aria-hidden />}
              aria-label={saveText}
              loading={saving}
              disabled={xml === undefined}
              onClick={() => void save()}
            >
              {saveText}
            </Button>
          </Space>
        </Flex>
        {detail.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('flow.model.designer.loadFailed')}
            description={
              detail.error instanceof RequestError ? detail.error.message : t('request.unreachable')
            }
          />
        ) : xml === undefined ? (
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin />
          </Flex>
        ) : (
          <>
            <Form<ModelForm>
              form={form}
              name="flow-model-design"
              layout="vertical"
              initialValues={initial}
              aria-label={t('flow.model.designer.fields')}
              onFinish={() => void save()}
            >
              <Row gutter={16}>
                <Col xs={24} md={12} xl={6}>
                  <Form.Item
                    name="name"
                    label={t('flow.model.name')}
                    rules={[
                      { required: true, whitespace: true, message: t('flow.model.nameRequired') },
                      {
                        max: FLOW_LIMITS.name,
                        message: t('crud.rule.maxLength', {
                          label: t('flow.model.name'),
                          max: FLOW_LIMITS.name,
                        }),
                      },
                    ]}
                  >
                    <Input />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12} xl={6}>
                  <Form.Item
                    name="modelKey"
                    label={t('flow.model.modelKey')}
                    tooltip={t('flow.model.modelKeyHelp')}
                    rules={[
                      { required: true, whitespace: true, message: t('flow.model.modelKeyRequired') },
                      { pattern: MODEL_KEY_PATTERN, message: t('flow.model.modelKeyPattern') },
                      {
                        max: FLOW_LIMITS.modelKey,
                        message: t('crud.rule.maxLength', {
                          label: t('flow.model.modelKey'),
                          max: FLOW_LIMITS.modelKey,
                        }),
                      },
                    ]}
                  >
                    <Input disabled={savedId !== undefined} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12} xl={6}>
                  <Form.Item name="category" label={t('flow.model.category')}>
                    <Select
                      allowClear
                      loading={categories.loading}
                      options={categories.options}
                      placeholder={t('crud.placeholder.choose', { label: t('flow.model.category') })}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12} xl={6}>
                  <Form.Item
                    name="description"
                    label={t('flow.model.description')}
                    rules={[
                      {
                        max: FLOW_LIMITS.description,
                        message: t('crud.rule.maxLength', {
                          label: t('flow.model.description'),
                          max: FLOW_LIMITS.description,
                        }),
                      },
                    ]}
                  >
                    <Input />
                  </Form.Item>
                </Col>
              </Row>
            </Form>
            <div ref={canvas} role="group" aria-label={t('flow.model.designer.canvas')}>
              <BpmnDesigner
                ref={designer}
                xml={xml}
                processKey={processKey}
                processName={processName}
                height={height}
              />
            </div>
          </>
        )}
        {modalHolder}
      </section>
    </ConfigProvider>
  );
}
