import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { RolloutInput } from '@console/contract';
import { ROLLOUT_COHORTS, ROLLOUT_LIMITS, type RolloutCohort } from '@console/contract/business';
import { Button, Card, Col, Form, Input, InputNumber, Radio, Row, Typography, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import * as rolloutApi from '../../../api/business/rollout';
import { FormDialog, type TextKey } from '../../../crud';
import { i18n } from '../../../i18n';
import { ApkPicker, HospitalsPicker, MachinesPicker, type Choice } from './pickers';

type Gate = RolloutInput['stages'][number]['gate'];

/** One stage as the form holds it: the hospitals and machines chosen with their labels. */
export interface StageValues {
  cohort: RolloutCohort;
  percent?: number | null;
  hospitals?: Choice[];
  machines?: Choice[];
  gate: Gate;
  gateMinutes?: number | null;
  maxFailurePercent?: number | null;
}

export interface RolloutFormValues {
  apk?: Choice;
  /** The chosen version's package: the machines picker lists the machines running it. */
  packageName?: string;
  stages: StageValues[];
}

const GATES: readonly Gate[] = ['manual', 'auto'];

const newStage = (): StageValues => ({ cohort: 'percent', gate: 'manual' });

const isWhole = (value: unknown, min: number, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/**
 * rollout/submit's body from the form: per stage only what its cohort and gate use (a share, or
 * the ids of the hospitals or machines chosen; the minutes and the failure share of an automatic
 * gate, an empty share being 0).
 */
export function toInput(values: RolloutFormValues): RolloutInput {
  return {
    apkId: values.apk?.value ?? '',
    stages: values.stages.map((stage) => ({
      cohort: stage.cohort,
      ...(stage.cohort === 'percent'
        ? { percent: stage.percent ?? 0 }
        : {
            ids: ((stage.cohort === 'hospitals' ? stage.hospitals : stage.machines) ?? []).map(
              (choice) => choice.value,
            ),
          }),
      gate: stage.gate,
      ...(stage.gate === 'auto'
        ? { gateMinutes: stage.gateMinutes ?? 0, maxFailurePercent: stage.maxFailurePercent ?? 0 }
        : {}),
    })),
  };
}

const rejectWith = (key: TextKey, options?: Record<string, unknown>) =>
  Promise.reject(new Error(i18n.t(key, options)));

/** A stage's share: 1–100, larger than every earlier percent stage's (the server's rule too). */
const percentRule =
  (index: number): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_, value: unknown) => {
      if (value === null || value === undefined) return rejectWith('business.rollout.add.percentRequired');
      if (!isWhole(value, 1, 100)) return rejectWith('business.rollout.add.percentRange');
      const earlier = ((getFieldValue('stages') as StageValues[] | undefined) ?? []).slice(0, index);
      const after = Math.max(
        0,
        ...earlier.map((stage) =>
          stage?.cohort === 'percent' && typeof stage.percent === 'number' ? stage.percent : 0,
        ),
      );
      return value > after ? Promise.resolve() : rejectWith('business.rollout.add.percentGrow', { after });
    },
  });

const membersRule = (message: 'hospitalsRequired' | 'machinesRequired'): FormRule => ({
  validator: (_, value: unknown) =>
    Array.isArray(value) && value.length > 0
      ? Promise.resolve()
      : rejectWith(`business.rollout.add.${message}`),
});

const gateMinutesRule: FormRule = {
  validator: (_, value: unknown) => {
    const { minimum, maximum } = ROLLOUT_LIMITS.gateMinutes;
    if (value === null || value === undefined) return rejectWith('business.rollout.add.gateMinutesRequired');
    return isWhole(value, minimum, maximum)
      ? Promise.resolve()
      : rejectWith('business.rollout.add.gateMinutesRange', { min: minimum, max: maximum });
  },
};

const maxFailureRule: FormRule = {
  validator: (_, value: unknown) =>
    value === null || value === undefined || isWhole(value, 0, 100)
      ? Promise.resolve()
      : rejectWith('business.rollout.add.maxFailureRange'),
};

/** The published version; choosing one keeps its package for the machines picker. */
function ApkField() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<RolloutFormValues>();
  return (
    <>
      <Form.Item
        name="apk"
        label={t('business.rollout.add.apk')}
        rules={[{ required: true, message: t('business.rollout.add.apkRequired') }]}
      >
        <ApkPicker aria-required onPick={(apk) => form.setFieldValue('packageName', apk?.packageName)} />
      </Form.Item>
      <Form.Item name="packageName" hidden>
        <Input />
      </Form.Item>
    </>
  );
}

/** One stage: whom it adds (a share, hospitals or machines) and how it opens the next. */
function StageCard({ name, onRemove }: { name: number; onRemove: (() => void) | undefined }) {
  const { t } = useTranslation();
  const title = t('business.rollout.add.stageTitle', { stage: name + 1 });
  const cohortLabel = t('business.rollout.add.cohort');
  const gateLabel = t('business.rollout.add.gate');
  const removeText = t('business.rollout.add.removeStage', { stage: name + 1 });
  return (
    <Card
      size="small"
      role="group"
      aria-label={title}
      title={title}
      style={{ marginBottom: 12 }}
      extra={
        onRemove && (
          <Button
            type="text"
            danger
            size="small"
            icon={<DeleteOutlined aria-hidden />}
            aria-label={removeText}
            title={removeText}
            onClick={onRemove}
          />
        )
      }
    >
      <Row gutter={16}>
        <Col xs={24} md={10}>
          <Form.Item name={[name, 'cohort']} label={cohortLabel}>
            <Radio.Group
              optionType="button"
              aria-label={cohortLabel}
              options={ROLLOUT_COHORTS.map((value) => ({
                value,
                label: t(`business.rollout.cohorts.${value}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={14}>
          {/* shouldUpdate, not dependencies: the package is set by the version picker (setFieldValue). */}
          <Form.Item
            noStyle
            shouldUpdate={(before: RolloutFormValues, after: RolloutFormValues) =>
              before.stages?.[name]?.cohort !== after.stages?.[name]?.cohort ||
              before.packageName !== after.packageName
            }
          >
            {({ getFieldValue }) => {
              const cohort = getFieldValue(['stages', name, 'cohort']) as RolloutCohort | undefined;
              if (cohort === 'hospitals')
                return (
                  <Form.Item
                    name={[name, 'hospitals']}
                    label={t('business.rollout.add.hospitals')}
                    required
                    rules={[membersRule('hospitalsRequired')]}
                  >
                    <HospitalsPicker aria-required />
                  </Form.Item>
                );
              if (cohort === 'machines')
                return (
                  <Form.Item
                    name={[name, 'machines']}
                    label={t('business.rollout.add.machines')}
                    tooltip={t('business.rollout.add.machinesHelp')}
                    required
                    rules={[membersRule('machinesRequired')]}
                  >
                    <MachinesPicker
                      aria-required
                      packageName={getFieldValue('packageName') as string | undefined}
                    />
                  </Form.Item>
                );
              // No min or max on the input: it would turn a share out of range into another on blur.
              return (
                <Form.Item
                  name={[name, 'percent']}
                  label={t('business.rollout.add.percent')}
                  required
                  rules={[percentRule(name)]}
                >
                  <InputNumber style={{ width: 160 }} aria-required />
                </Form.Item>
              );
            }}
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={[name, 'gate']} label={gateLabel}>
            <Radio.Group
              optionType="button"
              aria-label={gateLabel}
              options={GATES.map((value) => ({ value, label: t(`business.rollout.gates.${value}`) }))}
            />
          </Form.Item>
        </Col>
        <Form.Item
          noStyle
          shouldUpdate={(before: RolloutFormValues, after: RolloutFormValues) =>
            before.stages?.[name]?.gate !== after.stages?.[name]?.gate
          }
        >
          {({ getFieldValue }) =>
            getFieldValue(['stages', name, 'gate']) === 'auto' && (
              <>
                <Col xs={12} md={8}>
                  <Form.Item
                    name={[name, 'gateMinutes']}
                    label={t('business.rollout.add.gateMinutes')}
                    required
                    rules={[gateMinutesRule]}
                  >
                    <InputNumber style={{ width: '100%' }} aria-required />
                  </Form.Item>
                </Col>
                <Col xs={12} md={8}>
                  <Form.Item
                    name={[name, 'maxFailurePercent']}
                    label={t('business.rollout.add.maxFailurePercent')}
                    tooltip={t('business.rollout.add.maxFailureHelp')}
                    rules={[maxFailureRule]}
                  >
                    <InputNumber style={{ width: '100%' }} placeholder="0" />
                  </Form.Item>
                </Col>
              </>
            )
          }
        </Form.Item>
      </Row>
    </Card>
  );
}

/** The stages, added and removed (one at least, ROLLOUT_LIMITS.stages at most). */
function StagesField() {
  const { t } = useTranslation();
  const heading = t('business.rollout.add.stages');
  return (
    <Form.List name="stages">
      {(fields, { add, remove }) => (
        <section aria-label={heading}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {heading}
          </Typography.Title>
          {fields.map((field) => (
            <StageCard
              key={field.key}
              name={field.name}
              onRemove={fields.length > 1 ? () => remove(field.name) : undefined}
            />
          ))}
          <Button
            type="dashed"
            block
            icon={<PlusOutlined aria-hidden />}
            disabled={fields.length >= ROLLOUT_LIMITS.stages}
            title={
              fields.length >= ROLLOUT_LIMITS.stages
                ? t('business.rollout.add.stagesMax', { max: ROLLOUT_LIMITS.stages })
                : undefined
            }
            onClick={() => add(newStage())}
          >
            {t('business.rollout.add.addStage')}
          </Button>
        </section>
      )}
    </Form.List>
  );
}

export interface RolloutFormProps {
  open: boolean;
  onClose: () => void;
  /** Created: the page says so and lists again. */
  onDone: () => void;
}

/**
 * 新增 (rollout_add): a published version and its stages. The form checks what it can (a share that
 * grows, members chosen, an automatic gate's minutes); the server checks the rest and its refusal
 * (stages that overlap or add no machine) shows while the dialog stays open.
 */
export function RolloutForm({ open, onClose, onDone }: RolloutFormProps) {
  const { t } = useTranslation();
  const save = async (values: RolloutFormValues) => {
    await rolloutApi.submit(toInput(values));
    onDone();
  };
  return (
    <FormDialog<RolloutFormValues>
      open={open}
      name="rollout-add"
      draft="new"
      title={t('business.rollout.add.title')}
      width={880}
      initialValues={{ stages: [newStage()] }}
      onSubmit={save}
      onClose={onClose}
    >
      {/* The dialog fits a 1366×768 screen: past its height, the stages scroll inside it. */}
      <div
        style={{ maxHeight: 'calc(100vh - 260px)', overflowY: 'auto', overflowX: 'hidden', paddingRight: 4 }}
      >
        <Typography.Paragraph type="secondary">{t('business.rollout.add.hint')}</Typography.Paragraph>
        <ApkField />
        <StagesField />
      </div>
    </FormDialog>
  );
}
