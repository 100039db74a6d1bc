import type { FormFieldAccess } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Flex, Form, Segmented, Select, Typography } from 'antd';
import type Modeler from 'bpmn-js/lib/Modeler';
import { useTranslation } from 'react-i18next';
import * as formApi from '../../api/flow/form';
import { useLanguage } from '../../i18n';
import { labelOf } from '../../pages/flow/form/FormRenderer';
import type { DiagramElement, ModelerElement } from './bpmn-types';
import { extensionUpdate, extensionValue } from './element-properties';

// The designed form of a start event or a user task (issue 51): `flowable:formKey` names it, and a
// `<flowable:formProperty id="field">` per field says how the element shows it: editable (the step
// sets it), read-only (writable="false"), hidden (readable="false" writable="false"). The server
// checks the form and fields when the model is saved and pins the published version when deployed.

const ACCESSES: FormFieldAccess[] = ['editable', 'readonly', 'hidden'];
const FORM_PROPERTY = 'flowable:FormProperty';

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

/** The element's form properties (flowable:formProperty) by field, as the server reads them. */
export function fieldAccesses(element: DiagramElement): Map<string, FormFieldAccess> {
  const extension = element.get('extensionElements') as DiagramElement | undefined;
  const values = (extension?.get('values') as DiagramElement[] | undefined) ?? [];
  const accesses = new Map<string, FormFieldAccess>();
  for (const value of values) {
    if (value.$type !== FORM_PROPERTY || !value.id) continue;
    accesses.set(
      value.id,
      value.get('readable') === 'false'
        ? 'hidden'
        : value.get('writable') === 'false'
          ? 'readonly'
          : 'editable',
    );
  }
  return accesses;
}

/** The form property of a field with its access. */
const propertyOf = (moddle: Moddle, id: string, access: FormFieldAccess) =>
  moddle.create(FORM_PROPERTY, {
    id,
    ...(access === 'hidden' ? { readable: 'false', writable: 'false' } : {}),
    ...(access === 'readonly' ? { writable: 'false' } : {}),
  });

export interface FormBindingFieldsProps {
  modeler: Modeler;
  target: ModelerElement;
  /** A start event's fields are editable by default, a task's read-only. */
  kind: 'startEvent' | 'userTask';
}

export function FormBindingFields({ modeler, target, kind }: FormBindingFieldsProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const element = target.businessObject;
  const formKey = extensionValue(element, 'formKey');
  const forms = useQuery({
    queryKey: ['flow-form', 'binding-options'],
    queryFn: async () => (await formApi.list(1, 200)).records,
    staleTime: 60_000,
  });
  const chosen = forms.data?.find((form) => form.formKey === formKey);
  const detail = useQuery({
    queryKey: ['flow-form', 'binding-detail', chosen?.id],
    queryFn: () => formApi.detail(chosen!.id),
    enabled: chosen !== undefined,
    staleTime: 60_000,
  });

  const modeling = modeler.get<Modeling>('modeling');
  const moddle = modeler.get<Moddle>('moddle');

  /** Rewrites the element's form key and form properties (other extension elements stay). */
  const write = (key: string, properties: Array<[string, FormFieldAccess]>) => {
    const extension = element.get('extensionElements') as DiagramElement | undefined;
    const others = ((extension?.get('values') as DiagramElement[] | undefined) ?? []).filter(
      (value) => value.$type !== FORM_PROPERTY,
    );
    const values = [...others, ...properties.map(([id, access]) => propertyOf(moddle, id, access))];
    modeling.updateProperties(target, extensionUpdate(element, 'formKey', key));
    if (extension) modeling.updateModdleProperties(target, extension, { values });
    else if (values.length > 0)
      modeling.updateProperties(target, {
        extensionElements: moddle.create('bpmn:ExtensionElements', { values }),
      });
  };

  const choose = async (key: string | undefined) => {
    const form = forms.data?.find((f) => f.formKey === key);
    if (!key || !form) {
      write('', []);
      return;
    }
    const loaded = await queryClient.fetchQuery({
      queryKey: ['flow-form', 'binding-detail', form.id],
      queryFn: () => formApi.detail(form.id),
      staleTime: 60_000,
    });
    const initial: FormFieldAccess = kind === 'startEvent' ? 'editable' : 'readonly';
    write(
      key,
      loaded.definition.fields.map((field) => [field.key, initial]),
    );
  };

  const accesses = fieldAccesses(element);
  const setAccess = (fieldKey: string, access: FormFieldAccess) => {
    const fields = detail.data?.definition.fields ?? [];
    write(
      formKey,
      fields.map((field) => [
        field.key,
        field.key === fieldKey ? access : (accesses.get(field.key) ?? 'readonly'),
      ]),
    );
  };

  return (
    <>
      <Form.Item label={t('flow.diagram.designer.form')} extra={t('flow.diagram.designer.formHelp')}>
        <Select
          aria-label={t('flow.diagram.designer.form')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('flow.diagram.designer.formPlaceholder')}
          loading={forms.isFetching}
          value={formKey || undefined}
          options={(forms.data ?? []).map((form) => ({
            value: form.formKey,
            label: `${form.name} (${form.formKey})`,
          }))}
          onChange={(key?: string) => void choose(key)}
        />
      </Form.Item>
      {forms.isError && <Alert type="error" showIcon title={t('flow.diagram.designer.formLoadFailed')} />}
      {formKey && detail.data && (
        <Flex vertical gap={4} role="group" aria-label={t('flow.diagram.designer.fieldAccess')}>
          <Typography.Text strong>{t('flow.diagram.designer.fieldAccess')}</Typography.Text>
          {detail.data.definition.fields.map((field) => {
            const label = labelOf(field, language);
            return (
              <Flex key={field.key} justify="space-between" align="center" gap={8} wrap>
                <Typography.Text ellipsis title={field.key} style={{ maxWidth: 120 }}>
                  {label}
                </Typography.Text>
                <Segmented<FormFieldAccess>
                  size="small"
                  aria-label={`${label} ${t('flow.diagram.designer.fieldAccess')}`}
                  value={accesses.get(field.key) ?? 'readonly'}
                  onChange={(access) => setAccess(field.key, access)}
                  options={ACCESSES.map((access) => ({
                    value: access,
                    label: t(`flow.diagram.designer.access.${access}`),
                  }))}
                />
              </Flex>
            );
          })}
        </Flex>
      )}
    </>
  );
}
