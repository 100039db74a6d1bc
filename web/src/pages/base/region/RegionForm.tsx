import { REGION_LIMITS, REGION_ROOT_CODE, type Region, type RegionInput } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionary } from '../../../api/system/dict';
import { maxLengthRule } from '../../../crud/rules';
import { useLanguage } from '../../../i18n';
import { codePrefix } from './tree-data';

export type RegionFormMode = 'edit' | 'add';

interface RegionFormValues {
  parentCode: string;
  parentName?: string;
  code?: string;
  subCode?: string;
  name: string;
  level: number;
  sort: number | null;
  remark?: string | null;
}

export interface RegionFormProps {
  mode: RegionFormMode;
  /** Edit: the region itself; add: the region the new one goes below. */
  region: Region;
  /** Edit: the name of the region's parent (loaded beside). */
  parentName?: string;
  /** Whether the user may save (region_edit, region_add); otherwise the form only shows. */
  canSave: boolean;
  /** Saves; a rejection keeps the input (the request layer has said why). */
  onSubmit: (input: RegionInput) => Promise<void>;
  onCancelAdd: () => void;
}

/** The per-level code and name pairs a region repeats, in level order (1 province … 5 village). */
const PAIRS = [
  ['provinceCode', 'provinceName'],
  ['cityCode', 'cityName'],
  ['districtCode', 'districtName'],
  ['townCode', 'townName'],
  ['villageCode', 'villageName'],
] as const;

const DIGITS = /^\d+$/;

/** What the form shows first: the region (edit), or a new one below it (add). */
function initialValues(mode: RegionFormMode, region: Region, parentName: string | undefined) {
  if (mode === 'edit') return { ...region, parentName };
  return {
    parentCode: region.code,
    parentName: region.name,
    subCode: '',
    name: '',
    level: region.level + 1,
    sort: null,
    remark: null,
  };
}

/**
 * A region's details (code, parent, name, level, sort, remark, ancestors and the per-level pairs),
 * editable where the server lets them change; in add mode, a new region below the chosen one whose
 * code is the parent's code followed by the part typed in (Saber's 区划子编号).
 */
export function RegionForm({ mode, region, parentName, canSave, onSubmit, onCancelAdd }: RegionFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [saving, setSaving] = useState(false);
  const inFlight = useRef(false);
  const levels = useQuery({
    queryKey: ['dictionary', 'system', 'region', language],
    queryFn: () => dictionary('region'),
    staleTime: Infinity,
  });
  const adding = mode === 'add';
  const prefix = adding ? codePrefix(region.code, REGION_ROOT_CODE) : '';

  const onFinish = async (values: RegionFormValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    try {
      await onSubmit({
        code: adding ? `${prefix}${(values.subCode ?? '').trim()}` : region.code,
        parentCode: adding ? region.code : region.parentCode,
        name: values.name.trim(),
        sort: values.sort ?? 0,
        remark: values.remark?.trim() || null,
      });
    } catch {
      // The request layer has shown the server's reason: the input stays.
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  const required = (message: string) => ({ required: true, whitespace: true, message });
  const readOnly = !canSave;
  return (
    <Form<RegionFormValues>
      key={`${mode}-${region.code}`}
      name="region-form"
      layout="vertical"
      initialValues={initialValues(mode, region, parentName)}
      onFinish={(values) => void onFinish(values)}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="parentCode" label={t('base.region.parentCode')}>
            <Input disabled />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="parentName" label={t('base.region.parentName')}>
            <Input disabled />
          </Form.Item>
        </Col>
        <Col span={12}>
          {adding ? (
            <Form.Item
              name="subCode"
              label={t('base.region.code')}
              extra={prefix ? t('base.region.codeHelp', { prefix }) : undefined}
              rules={[
                required(t('base.region.codeRequired')),
                { pattern: DIGITS, message: t('base.region.codeInvalid') },
                {
                  max: REGION_LIMITS.code - prefix.length,
                  message: t('crud.rule.maxLength', {
                    label: t('base.region.code'),
                    max: REGION_LIMITS.code,
                  }),
                },
              ]}
            >
              <Input
                prefix={prefix ? <Typography.Text type="secondary">{prefix}</Typography.Text> : undefined}
                disabled={readOnly}
                autoComplete="off"
              />
            </Form.Item>
          ) : (
            <Form.Item name="code" label={t('base.region.code')}>
              <Input disabled />
            </Form.Item>
          )}
        </Col>
        <Col span={12}>
          <Form.Item
            name="name"
            label={t('base.region.name')}
            rules={[
              required(t('base.region.nameRequired')),
              maxLengthRule(t('base.region.name'), REGION_LIMITS.name, t),
            ]}
          >
            <Input disabled={readOnly} />
          </Form.Item>
        </Col>
        <Col span={12}>
          {/* Derived from the parent by the server. */}
          <Form.Item name="level" label={t('base.region.level')}>
            <Select
              disabled
              options={(levels.data ?? []).map((item) => ({
                value: Number(item.dictKey),
                label: item.dictValue,
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="sort"
            label={t('base.region.sort')}
            rules={[{ required: true, type: 'number', message: t('base.region.sortRequired') }]}
          >
            <InputNumber precision={0} disabled={readOnly} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="remark"
            label={t('base.region.remark')}
            rules={[maxLengthRule(t('base.region.remark'), REGION_LIMITS.remark, t)]}
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} disabled={readOnly} />
          </Form.Item>
        </Col>
        {!adding && (
          <>
            <Col span={24}>
              <Form.Item name="ancestors" label={t('base.region.ancestors')}>
                <Input disabled />
              </Form.Item>
            </Col>
            {PAIRS.flatMap(([code, name]) => [
              <Col span={12} key={code}>
                <Form.Item name={code} label={t(`base.region.${code}`)}>
                  <Input disabled />
                </Form.Item>
              </Col>,
              <Col span={12} key={name}>
                <Form.Item name={name} label={t(`base.region.${name}`)}>
                  <Input disabled />
                </Form.Item>
              </Col>,
            ])}
          </>
        )}
      </Row>
      {(canSave || adding) && (
        <Space>
          {canSave && (
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('base.region.save')}
            </Button>
          )}
          {adding && <Button onClick={onCancelAdd}>{t('base.region.cancelAdd')}</Button>}
        </Space>
      )}
    </Form>
  );
}
