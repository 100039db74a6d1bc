import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import type { FlowModel } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, ConfigProvider, Flex, Form, Modal, Space, Spin, Typography } from 'antd';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import * as modelApi from '../../../api/flow/model';
import { RequestError } from '../../../api/request';
import { BpmnDesigner, emptyProcessXml, type BpmnDesignerHandle } from '../../../components/bpmn';
import { formOf, newProcessKey, type ModelForm } from './model-form';
import { ModelFields } from './ModelFields';
import { useUnsavedChanges } from './useUnsavedChanges';
import './locales';
import { confirmLeave } from '../../../components/leave/confirm-leave';

export interface ModelDesignerProps {
  /** The model to design; undefined: a new one. */
  modelId: string | undefined;
  /** Whether the user may save a model that exists (flow_model_edit): without it, a first save closes. */
  canUpdate: boolean;
  /** A save went through (the table should show it). */
  onSaved: () => void;
  onClose: () => void;
}

/** The least height of the canvas (px), on a small screen. */
const MIN_CANVAS_HEIGHT = 420;
/** What stays under the canvas: the main area's padding. */
const CANVAS_BOTTOM_GAP = 24;

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
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);

  // The process's id and name follow the form's key and name (the designer skips an id that is no
  // XML name).
  const watchedKey = Form.useWatch('modelKey', form);
  const watchedName = Form.useWatch('name', form);
  const processKey = typeof watchedKey === 'string' ? watchedKey.trim() : initial.modelKey;
  const processName = typeof watchedName === 'string' ? watchedName.trim() : initial.name;

  const unsaved = useUnsavedChanges({
    xml,
    initial,
    designer,
    getValues: () => form.getFieldsValue(),
  });

  const back = async () => {
    if (xml === undefined || !(await unsaved.changed())) {
      onClose();
      return;
    }
    confirmLeave(modal, t, 'flow.model.designer', getContainer, onClose);
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
      unsaved.saved(values, exported);
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
            <ModelFields
              form={form}
              initialValues={initial}
              keyFixed={savedId !== undefined}
              onFinish={() => void save()}
            />
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
