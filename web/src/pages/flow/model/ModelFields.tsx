import { FLOW_LIMITS } from '@console/contract/flow';
import { Col, Form, Input, Row, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { maxLengthRule } from '../../../crud';
import { useFlowCategoryOptions } from '../shared/category';
import type { ModelForm } from './model-form';

/** A model's key, which is its process's id in the XML (the server's FlowModelInput pattern). */
const MODEL_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** The model's fields above the canvas: name, key (fixed once saved), category, description. */
export function ModelFields({
  form,
  initialValues,
  keyFixed,
  onFinish,
}: {
  form: FormInstance<ModelForm>;
  initialValues: ModelForm;
  keyFixed: boolean;
  onFinish: () => void;
}) {
  const { t } = useTranslation();
  const categories = useFlowCategoryOptions();
  return (
    <Form<ModelForm>
      form={form}
      name="flow-model-design"
      layout="vertical"
      initialValues={initialValues}
      aria-label={t('flow.model.designer.fields')}
      onFinish={onFinish}
    >
      <Row gutter={16}>
        <Col xs={24} md={12} xl={6}>
          <Form.Item
            name="name"
            label={t('flow.model.name')}
            rules={[
              { required: true, whitespace: true, message: t('flow.model.nameRequired') },
              maxLengthRule(t('flow.model.name'), FLOW_LIMITS.name, t),
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
              maxLengthRule(t('flow.model.modelKey'), FLOW_LIMITS.modelKey, t),
            ]}
          >
            <Input disabled={keyFixed} />
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
            rules={[maxLengthRule(t('flow.model.description'), FLOW_LIMITS.description, t)]}
          >
            <Input />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
