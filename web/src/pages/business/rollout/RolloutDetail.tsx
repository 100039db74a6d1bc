import type { Rollout, RolloutStageView } from '@console/contract';
import { UPDATE_STATES } from '@console/contract/business';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Modal, Spin, Table, Tag, theme, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import * as hospitalApi from '../../../api/business/hospital';
import * as machineApi from '../../../api/business/machine';
import * as rolloutApi from '../../../api/business/rollout';
import { RequestError } from '../../../api/request';
import { cohortText, gateText, offeredIn, STATE_COLORS } from './describe';

/** The parts of a stage's machines, as its bar and its tags show them. */
const PARTS = ['offered', ...UPDATE_STATES, 'waiting'] as const;
type Part = (typeof PARTS)[number];

const TAG_COLORS: Record<Part, string | undefined> = {
  offered: 'blue',
  downloading: 'processing',
  installing: 'cyan',
  installed: 'success',
  failed: 'error',
  waiting: undefined,
};

/** The names the detail gives hospitals and machines: one list call each, the largest page. */
const NAMES_PAGE = 200;

/** The queries of one rollout: under 'rollout', which the server's change events name. */
export const rolloutQueryKey = (id: string | undefined) => ['rollout', 'detail', id] as const;

/**
 * Names of the hospitals and machines the stages name, as far as one page of each lists them (the
 * machines running the package); the rest are counted. Keyed by what they list, not 'rollout', so
 * that the machines' progress (a rollout change) reads only the rollout again.
 */
function useMemberNames(rollout: Rollout | undefined): Map<string, string> {
  const needs = (cohort: 'hospitals' | 'machines') =>
    rollout?.stages.some((stage) => stage.cohort === cohort) === true;
  const hospitals = useQuery({
    queryKey: ['hospital', 'rollout-names'],
    queryFn: async () =>
      (await hospitalApi.list(1, NAMES_PAGE, {})).records.map(
        (hospital) => [hospital.id, hospital.hospitalName] as const,
      ),
    enabled: needs('hospitals'),
  });
  const machines = useQuery({
    queryKey: ['machine', 'rollout-names', rollout?.packageName],
    queryFn: async () =>
      (await machineApi.list(1, NAMES_PAGE, { apkPackageName_equal: rollout?.packageName })).records.map(
        (machine) => [machine.id, machine.machineNo] as const,
      ),
    enabled: needs('machines'),
  });
  return new Map([...(hospitals.data ?? []), ...(machines.data ?? [])]);
}

/** A stage's machines by what they said: a stacked bar, and a tag with the number of each. */
function StageProgress({ stage }: { stage: RolloutStageView }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const colors: Record<Part, string> = {
    offered: token.blue3,
    downloading: token.colorInfo,
    installing: token.cyan6,
    installed: token.colorSuccess,
    failed: token.colorError,
    waiting: 'transparent',
  };
  const counts: Record<Part, number> = {
    offered: stage.counts.offered ?? 0,
    downloading: stage.counts.downloading ?? 0,
    installing: stage.counts.installing ?? 0,
    installed: stage.counts.installed ?? 0,
    failed: stage.counts.failed ?? 0,
    waiting: Math.max(0, stage.machines - offeredIn(stage)),
  };
  const label = (part: Part) => t(`business.rollout.detail.counts.${part}`);
  const summary = PARTS.map((part) => `${label(part)} ${counts[part]}`).join('，');
  const total = PARTS.reduce((sum, part) => sum + counts[part], 0);
  return (
    <div>
      <div
        role="img"
        aria-label={t('business.rollout.detail.progressOf', { stage: stage.seq + 1, summary })}
        style={{
          display: 'flex',
          height: 8,
          borderRadius: 4,
          overflow: 'hidden',
          background: token.colorFillSecondary,
          marginBottom: 6,
        }}
      >
        {total > 0 &&
          PARTS.filter((part) => counts[part] > 0).map((part) => (
            <div key={part} style={{ flex: counts[part], background: colors[part] }} />
          ))}
      </div>
      <Flex wrap gap={4}>
        {PARTS.map((part) => (
          <Tag key={part} color={TAG_COLORS[part]} style={{ marginInlineEnd: 0 }}>
            {label(part)} {counts[part]}
          </Tag>
        ))}
      </Flex>
    </div>
  );
}

/** One stage: whom it adds, how it opens the next, when it opened, its machines and their progress. */
function StageBlock({
  stage,
  current,
  names,
}: {
  stage: RolloutStageView;
  current: boolean;
  names: Map<string, string>;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const title = t('business.rollout.add.stageTitle', { stage: stage.seq + 1 });
  const known = (stage.ids ?? []).flatMap((id) => names.get(id) ?? []);
  return (
    <li
      aria-label={title}
      aria-current={current ? 'step' : undefined}
      style={{
        listStyle: 'none',
        padding: '8px 12px',
        marginBottom: 8,
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${current ? token.colorPrimary : token.colorBorderSecondary}`,
        background: current ? token.colorPrimaryBg : undefined,
      }}
    >
      <Flex justify="space-between" align="baseline" gap={8} wrap>
        <Flex align="baseline" gap={8} wrap>
          <Typography.Text strong>{title}</Typography.Text>
          <Tag style={{ marginInlineEnd: 0 }}>{t(`business.rollout.cohorts.${stage.cohort}`)}</Tag>
          <Typography.Text>{cohortText(t, stage, known)}</Typography.Text>
          {current && (
            <Tag color="blue" style={{ marginInlineEnd: 0 }}>
              {t('business.rollout.detail.current')}
            </Tag>
          )}
        </Flex>
        <Typography.Text type="secondary">
          {t('business.rollout.detail.opened')}：{stage.startedTime ?? t('business.rollout.detail.notOpened')}
        </Typography.Text>
      </Flex>
      <Flex gap={16} wrap style={{ margin: '4px 0 6px' }}>
        <Typography.Text type="secondary">
          {t('business.rollout.detail.gate')}：{gateText(t, stage)}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('business.rollout.detail.machines')}：{stage.machines}
        </Typography.Text>
      </Flex>
      <StageProgress stage={stage} />
    </li>
  );
}

function RolloutBody({ rollout }: { rollout: Rollout }) {
  const { t } = useTranslation();
  const names = useMemberNames(rollout);
  const stagesId = useId();
  const failuresId = useId();
  return (
    <>
      <Descriptions
        size="small"
        column={3}
        style={{ marginBottom: 12 }}
        items={[
          {
            key: 'version',
            label: t('business.rollout.version'),
            children: t('business.rollout.versionOf', {
              versionName: rollout.versionName,
              versionCode: rollout.versionCode,
            }),
          },
          { key: 'packageName', label: t('business.rollout.packageName'), children: rollout.packageName },
          {
            key: 'state',
            label: t('business.rollout.state'),
            children: (
              <Tag color={STATE_COLORS[rollout.state]}>{t(`business.rollout.states.${rollout.state}`)}</Tag>
            ),
          },
          {
            key: 'previous',
            label: t('business.rollout.previousVersion'),
            children: rollout.previousVersionName ?? t('business.rollout.noPrevious'),
          },
          {
            key: 'stage',
            label: t('business.rollout.stage'),
            children: t('business.rollout.stageOf', {
              current: rollout.currentStage + 1,
              total: rollout.stages.length,
            }),
          },
          { key: 'createTime', label: t('business.rollout.createTime'), children: rollout.createTime },
        ]}
      />
      <section aria-labelledby={stagesId}>
        <Typography.Title level={5} id={stagesId} style={{ marginTop: 0 }}>
          {t('business.rollout.detail.stages')}
        </Typography.Title>
        <ol style={{ padding: 0, margin: 0 }}>
          {rollout.stages.map((stage) => (
            <StageBlock
              key={stage.seq}
              stage={stage}
              current={stage.seq === rollout.currentStage}
              names={names}
            />
          ))}
        </ol>
      </section>
      <section aria-labelledby={failuresId} style={{ marginTop: 12 }}>
        <Typography.Title level={5} id={failuresId} style={{ marginTop: 0 }}>
          {t('business.rollout.detail.failures')}
        </Typography.Title>
        <Table<Rollout['failures'][number]>
          size="small"
          rowKey={(failure) => `${failure.machineNo}|${failure.updateTime}`}
          dataSource={rollout.failures}
          pagination={false}
          locale={{ emptyText: t('business.rollout.detail.noFailures') }}
          columns={[
            {
              key: 'machineNo',
              dataIndex: 'machineNo',
              title: t('business.rollout.detail.machineNo'),
              width: 160,
            },
            {
              key: 'reason',
              dataIndex: 'reason',
              title: t('business.rollout.detail.reason'),
              ellipsis: { showTitle: true },
              render: (reason: string | null) => reason ?? t('business.rollout.detail.noReason'),
            },
            {
              key: 'updateTime',
              dataIndex: 'updateTime',
              title: t('business.rollout.detail.time'),
              width: 170,
            },
          ]}
        />
      </section>
    </>
  );
}

export interface RolloutDetailProps {
  /** The rollout shown; the dialog is open while there is one. */
  id: string | undefined;
  onClose: () => void;
}

/**
 * 详情 (rollout_view): the rollout, its stages (the current one marked) with each one's machines by
 * what they said of the update, and its latest failures. Read again when the server says the
 * rollouts changed (a machine's progress, a stage that opened by itself).
 */
export function RolloutDetail({ id, onClose }: RolloutDetailProps) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: rolloutQueryKey(id),
    queryFn: () => rolloutApi.detail(id!),
    enabled: id !== undefined,
  });
  const rollout = query.data;
  return (
    <Modal
      open={id !== undefined}
      title={
        rollout
          ? t('business.rollout.detail.title', {
              packageName: rollout.packageName,
              version: rollout.versionName,
            })
          : t('business.rollout.title')
      }
      width={960}
      footer={null}
      destroyOnHidden
      style={{ top: 24 }}
      styles={{ body: { maxHeight: 'calc(100vh - 120px)', overflowY: 'auto', paddingRight: 4 } }}
      onCancel={onClose}
    >
      {rollout ? (
        <RolloutBody rollout={rollout} />
      ) : query.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('business.rollout.detail.loadFailed')}
          description={query.error instanceof RequestError ? query.error.message : undefined}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('business.rollout.detail.retry')}
            </Button>
          }
        />
      ) : (
        <Flex vertical align="center" gap={8} style={{ padding: 32 }} role="status">
          <Spin />
          <Typography.Text type="secondary">{t('business.rollout.detail.loading')}</Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}
