import { Alert, Flex, Form, Input, Select, Typography } from 'antd';
import type Modeler from 'bpmn-js/lib/Modeler';
import { useEffect, useId, useLayoutEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiagramElement, ModelerElement } from './bpmn-types';
import {
  conditionBody,
  countersignOf,
  extensionUpdate,
  extensionValue,
  hasConditionField,
  isProcessKey,
  isRatio,
  panelKind,
  ruleCondition,
  type CountersignValues,
} from './element-properties';
import type { FlowableAttribute } from './flowable-moddle';
import { FormBindingFields } from './FormBindingFields';
import { activityType } from './format';

/** A diagram element (shape, connection, label or the root) as the panel uses it. */

interface EventBus {
  on(event: string, callback: (event: never) => void): void;
  off(event: string, callback: (event: never) => void): void;
}
interface Modeling {
  updateProperties(element: ModelerElement, properties: Record<string, unknown>): void;
  updateModdleProperties(
    element: ModelerElement,
    moddleElement: DiagramElement,
    properties: Record<string, unknown>,
  ): void;
}
interface Moddle {
  create(type: string, properties: Record<string, unknown>): DiagramElement;
}

interface PanelValues extends CountersignValues {
  /** The return mode ('' on a task: the process's; on the process: direct). */
  returnMode: string;
  id: string;
  name: string;
  assignee: string;
  candidateUsers: string;
  candidateGroups: string;
  initiator: string;
  condition: string;
}

const ASSIGNMENT_FIELDS = ['assignee', 'candidateUsers', 'candidateGroups'] as const;

function readValues(element: DiagramElement): PanelValues {
  return {
    id: element.id ?? '',
    name: element.name ?? '',
    assignee: extensionValue(element, 'assignee'),
    candidateUsers: extensionValue(element, 'candidateUsers'),
    candidateGroups: extensionValue(element, 'candidateGroups'),
    initiator: extensionValue(element, 'initiator'),
    condition: conditionBody(element),
    returnMode: extensionValue(element, 'returnMode'),
    ...countersignOf(element),
  };
}

const COUNTERSIGN_FIELDS = ['countersign', 'rule', 'ratio', 'completion', 'collection'] as const;

export interface PropertiesPanelProps {
  modeler: Modeler;
  /** The process id and name come from the page (the model form): shown, not edited here. */
  keyFixed: boolean;
  nameFixed: boolean;
}

/**
 * The selected element's properties (the process's when nothing is selected), edited through
 * bpmn-js's modeling commands: each change is one step of the designer's undo history, and what
 * the canvas changes (a name typed on it, an undo) shows here.
 */
export function PropertiesPanel({ modeler, keyFixed, nameFixed }: PropertiesPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [form] = Form.useForm<PanelValues>();
  const [selected, setSelected] = useState<ModelerElement | null>(null);
  // A new form for each selection (its fields differ); the model's revision for everything else.
  const [selection, setSelection] = useState(0);
  const [revision, setRevision] = useState(0);

  useEffect(() => {
    const eventBus = modeler.get<EventBus>('eventBus');
    const onSelection = ({ newSelection }: { newSelection: ModelerElement[] }) => {
      const only = newSelection.length === 1 ? newSelection[0] : undefined;
      // A label stands for its element.
      setSelected(only ? (only.labelTarget ?? only) : null);
      setSelection((n) => n + 1);
    };
    const onChanged = () => setRevision((n) => n + 1);
    const onImport = () => {
      setSelected(null);
      setSelection((n) => n + 1);
    };
    eventBus.on('selection.changed', onSelection);
    eventBus.on('elements.changed', onChanged);
    eventBus.on('import.done', onImport);
    return () => {
      eventBus.off('selection.changed', onSelection);
      eventBus.off('elements.changed', onChanged);
      eventBus.off('import.done', onImport);
    };
  }, [modeler]);

  const root = modeler.get<{ getRootElement(): ModelerElement }>('canvas').getRootElement();
  const target = selected ?? root;
  const element = target.businessObject;
  const kind = panelKind(element);

  // The model changed elsewhere (an undo, a name typed on the canvas) or another element was
  // selected (a remounted form keeps the store's old values over its initial ones): the fields
  // follow, before the browser paints, except those equal already (the one being typed in keeps
  // its caret).
  useLayoutEffect(() => {
    const model = readValues(target.businessObject);
    const shown = form.getFieldsValue(true) as Partial<PanelValues>;
    const changed = Object.fromEntries(
      Object.entries(model).filter(([field, value]) => shown[field as keyof PanelValues] !== value),
    );
    if (Object.keys(changed).length > 0) form.setFieldsValue(changed);
  }, [form, target, selection, revision]);

  const modeling = modeler.get<Modeling>('modeling');
  const idTaken = (id: string) =>
    id !== element.id && modeler.get<{ get(id: string): unknown }>('elementRegistry').get(id) !== undefined;

  const moddle = modeler.get<Moddle>('moddle');
  const expression = (body: string) => moddle.create('bpmn:FormalExpression', { body });

  // A countersign (会签) is the task's multi-instance loop: its order, its signers and its rule.
  const applyCountersign = (changed: Partial<PanelValues>) => {
    const values = { ...(form.getFieldsValue(true) as PanelValues), ...changed };
    const loop = element.get('loopCharacteristics') as DiagramElement | undefined;
    if (values.countersign === 'none') {
      if (loop) modeling.updateProperties(target, { loopCharacteristics: undefined });
      return;
    }
    const isSequential = values.countersign === 'sequential';
    if (!loop) {
      modeling.updateProperties(target, {
        loopCharacteristics: moddle.create('bpmn:MultiInstanceLoopCharacteristics', {
          isSequential,
          completionCondition: expression(ruleCondition(values.rule, values.ratio) || ruleCondition('all')),
        }),
      });
      return;
    }
    const update: Record<string, unknown> = {};
    if ('countersign' in changed) update.isSequential = isSequential;
    if ('collection' in changed) update['flowable:collection'] = values.collection.trim() || undefined;
    if ('rule' in changed || 'ratio' in changed || 'completion' in changed) {
      const body =
        values.rule === 'custom' ? values.completion.trim() : ruleCondition(values.rule, values.ratio);
      // An unfinished ratio changes nothing until it is one.
      if (values.rule !== 'ratio' || isRatio(values.ratio))
        update.completionCondition = body === '' ? undefined : expression(body);
    }
    if (Object.keys(update).length > 0) modeling.updateModdleProperties(target, loop, update);
  };

  const apply = (changed: Partial<PanelValues>) => {
    if (COUNTERSIGN_FIELDS.some((field) => field in changed)) applyCountersign(changed);
    for (const [field, value = ''] of Object.entries(changed) as [keyof PanelValues, string][]) {
      if ((COUNTERSIGN_FIELDS as readonly string[]).includes(field)) continue;
      switch (field) {
        case 'id':
          if (kind === 'process' && !keyFixed && isProcessKey(value) && !idTaken(value))
            modeling.updateProperties(target, { id: value });
          break;
        case 'name':
          modeling.updateProperties(target, { name: value === '' ? undefined : value });
          break;
        case 'condition': {
          const existing = element.get('conditionExpression') as DiagramElement | undefined;
          if (value === '') modeling.updateProperties(target, { conditionExpression: undefined });
          else if (existing) modeling.updateModdleProperties(target, existing, { body: value });
          else
            modeling.updateProperties(target, {
              conditionExpression: expression(value),
            });
          break;
        }
        default:
          modeling.updateProperties(target, extensionUpdate(element, field as FlowableAttribute, value));
      }
    }
  };

  const known = activityType(element.$type);
  const typeName =
    kind === 'process'
      ? t('flow.diagram.designer.process')
      : known
        ? t(`flow.diagram.types.${known}`)
        : element.$type.replace(/^bpmn:/, '');
  const values = readValues(element);
  const unassigned =
    kind === 'userTask' &&
    values.countersign === 'none' &&
    ASSIGNMENT_FIELDS.every((field) => values[field].trim() === '');
  const countersign = Form.useWatch('countersign', form) ?? values.countersign;
  const rule = Form.useWatch('rule', form) ?? values.rule;
  const returnOptions = (inherit: boolean) => [
    ...(inherit ? [{ value: '', label: t('flow.diagram.designer.returnInherit') }] : []),
    { value: inherit ? 'direct' : '', label: t('flow.diagram.designer.returnDirect') },
    { value: 'flow', label: t('flow.diagram.designer.returnFlow') },
  ];

  // Enter in a field would submit a form the designer sits in (the page's model form).
  const keepEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
  };

  return (
    <Flex vertical gap={8} onKeyDown={keepEnter}>
      <Typography.Title level={5} id={headingId} style={{ margin: 0 }}>
        {t('flow.diagram.designer.propertiesOf', { type: typeName })}
      </Typography.Title>
      <Form<PanelValues>
        key={selection}
        form={form}
        name="bpmn-properties"
        layout="vertical"
        // A div, not a form: the designer may sit inside the page's own form.
        component="div"
        role="form"
        aria-labelledby={headingId}
        initialValues={values}
        onValuesChange={(changed: Partial<PanelValues>) => apply(changed)}
      >
        {kind === 'process' ? (
          <>
            <Form.Item
              name="id"
              label={t('flow.diagram.designer.processKey')}
              extra={keyFixed ? t('flow.diagram.designer.processKeyFixed') : undefined}
              rules={
                keyFixed
                  ? []
                  : [
                      {
                        validator: (_, value: string) =>
                          !isProcessKey(value)
                            ? Promise.reject(new Error(t('flow.diagram.designer.processKeyInvalid')))
                            : idTaken(value)
                              ? Promise.reject(new Error(t('flow.diagram.designer.processKeyTaken')))
                              : Promise.resolve(),
                      },
                    ]
              }
            >
              <Input readOnly={keyFixed} variant={keyFixed ? 'filled' : undefined} autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="name"
              label={t('flow.diagram.designer.processName')}
              extra={nameFixed ? t('flow.diagram.designer.processNameFixed') : undefined}
            >
              <Input readOnly={nameFixed} variant={nameFixed ? 'filled' : undefined} autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="returnMode"
              label={t('flow.diagram.designer.returnMode')}
              extra={t('flow.diagram.designer.returnModeHelp')}
            >
              <Select options={returnOptions(false)} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="id" label={t('flow.diagram.designer.id')}>
              <Input readOnly variant="filled" />
            </Form.Item>
            <Form.Item name="name" label={t('flow.diagram.designer.name')}>
              <Input autoComplete="off" />
            </Form.Item>
          </>
        )}
        {kind === 'userTask' && (
          <>
            <Form.Item
              name="assignee"
              label={t('flow.diagram.designer.assignee')}
              extra={t('flow.diagram.designer.assigneeHelp')}
            >
              <Input autoComplete="off" placeholder="${applyUser}" />
            </Form.Item>
            <Form.Item
              name="candidateUsers"
              label={t('flow.diagram.designer.candidateUsers')}
              extra={t('flow.diagram.designer.candidateUsersHelp')}
            >
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="candidateGroups"
              label={t('flow.diagram.designer.candidateGroups')}
              extra={t('flow.diagram.designer.candidateGroupsHelp')}
            >
              <Input autoComplete="off" placeholder="role:manager" />
            </Form.Item>
            {unassigned && <Alert type="warning" showIcon title={t('flow.diagram.designer.noAssignee')} />}
            <Form.Item
              name="countersign"
              label={t('flow.diagram.designer.countersign')}
              extra={t('flow.diagram.designer.countersignHelp')}
            >
              <Select
                options={(['none', 'parallel', 'sequential'] as const).map((value) => ({
                  value,
                  label: t(`flow.diagram.designer.countersignModes.${value}`),
                }))}
              />
            </Form.Item>
            {countersign !== 'none' && (
              <>
                <Form.Item
                  name="collection"
                  label={t('flow.diagram.designer.collection')}
                  extra={t('flow.diagram.designer.collectionHelp')}
                >
                  <Input autoComplete="off" placeholder="signers" />
                </Form.Item>
                <Form.Item name="rule" label={t('flow.diagram.designer.rule')}>
                  <Select
                    options={(['all', 'any', 'ratio', 'custom'] as const).map((value) => ({
                      value,
                      label: t(`flow.diagram.designer.rules.${value}`),
                    }))}
                  />
                </Form.Item>
                {rule === 'ratio' && (
                  <Form.Item
                    name="ratio"
                    label={t('flow.diagram.designer.ratio')}
                    extra={t('flow.diagram.designer.ratioHelp')}
                    rules={[
                      {
                        validator: (_, value: string) =>
                          isRatio(value ?? '')
                            ? Promise.resolve()
                            : Promise.reject(new Error(t('flow.diagram.designer.ratioInvalid'))),
                      },
                    ]}
                  >
                    <Input autoComplete="off" placeholder="2/3" />
                  </Form.Item>
                )}
                {rule === 'custom' && (
                  <Form.Item
                    name="completion"
                    label={t('flow.diagram.designer.completion')}
                    extra={t('flow.diagram.designer.completionHelp')}
                  >
                    <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
                  </Form.Item>
                )}
              </>
            )}
            <Form.Item name="returnMode" label={t('flow.diagram.designer.returnMode')}>
              <Select options={returnOptions(true)} />
            </Form.Item>
            <FormBindingFields key={target.id} modeler={modeler} target={target} kind="userTask" />
          </>
        )}
        {kind === 'startEvent' && (
          <>
            <Form.Item
              name="initiator"
              label={t('flow.diagram.designer.initiator')}
              extra={t('flow.diagram.designer.initiatorHelp')}
            >
              <Input autoComplete="off" placeholder="applyUser" />
            </Form.Item>
            <FormBindingFields key={target.id} modeler={modeler} target={target} kind="startEvent" />
          </>
        )}
        {kind === 'sequenceFlow' && hasConditionField(element) && (
          <Form.Item
            name="condition"
            label={t('flow.diagram.designer.condition')}
            extra={t('flow.diagram.designer.conditionHelp')}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} placeholder="${pass = true}" />
          </Form.Item>
        )}
      </Form>
    </Flex>
  );
}
