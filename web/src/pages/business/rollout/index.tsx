import {
  EyeOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  RollbackOutlined,
  StepForwardOutlined,
} from '@ant-design/icons';
import type { Rollout, RolloutInput } from '@console/contract';
import { ROLLOUT_STATES } from '@console/contract/business';
import { Modal, Tag } from 'antd';
import { useMemo, useState } from 'react';
import './locales';
import * as rolloutApi from '../../../api/business/rollout';
import {
  ask as askIn,
  CrudPage,
  defineCrud,
  useStableHandler,
  type CrudActionContext,
  type Question,
  type TextKey,
} from '../../../crud';
import { i18n } from '../../../i18n';
import { cohortText, offeredCount, STATE_COLORS } from './describe';
import { RolloutDetail } from './RolloutDetail';
import { RolloutForm } from './RolloutForm';

/** A confirmation: its title, what it says will happen, and whether OK is red. */
type Ask = (question: Question) => Promise<boolean>;

/**
 * What 下一阶段 will do: open the next stage (naming its machines; a paused rollout runs again), or
 * complete the rollout.
 */
function advanceQuestion(row: Rollout): Question {
  const t = i18n.t;
  const next = row.stages[row.currentStage + 1];
  return {
    title: t('business.rollout.advance.title'),
    content: next
      ? t('business.rollout.advance.confirm', {
          stage: next.seq + 1,
          machines: next.machines,
          cohort: cohortText(t, next),
          version: row.versionName,
        }) + (row.state === 'paused' ? t('business.rollout.advance.andResume') : '')
      : t('business.rollout.advance.confirmLast', { packageName: row.packageName, version: row.versionName }),
  };
}

/** What 回滚 will do: the machines offered the version are offered the one before, if any. */
function rollbackQuestion(row: Rollout): Question {
  const t = i18n.t;
  return {
    title: t('business.rollout.rollback.title'),
    content: row.previousVersionName
      ? t('business.rollout.rollback.confirm', {
          version: row.versionName,
          previous: row.previousVersionName,
          offered: offeredCount(row),
        })
      : t('business.rollout.rollback.confirmNoPrevious', { version: row.versionName }),
    danger: true,
  };
}

/** An action on one rollout after its confirmation; then it says so and lists again. */
async function act(
  ask: Ask,
  question: Question,
  call: (id: string) => Promise<Rollout>,
  row: Rollout,
  context: CrudActionContext<Rollout>,
  done: TextKey | ((answer: Rollout) => TextKey),
) {
  if (!(await ask(question))) return;
  let answer: Rollout;
  try {
    answer = await call(row.id);
  } catch {
    return; // the request layer has shown the server's reason
  }
  context.success(typeof done === 'function' ? done(answer) : done);
  await context.refresh();
}

function rolloutConfig(
  ask: Ask,
  view: (row: Rollout) => void,
  add: (context: CrudActionContext<Rollout>) => void,
) {
  const t = i18n.t;
  return defineCrud<Rollout, RolloutInput>({
    name: 'rollout',
    title: 'business.rollout.title',
    rowTitle: 'versionName',
    api: { list: rolloutApi.list },
    // The kit's own dialog does not fit a rollout (a list of stages): 新增 and 详情 are the page's.
    permissions: {},
    export: { url: '/api/zxgxg-api/rollout/export', permission: 'rollout_export' },
    columns: [
      {
        prop: 'versionName',
        label: 'business.rollout.version',
        table: {
          content: 'code',
          render: (versionName, row, cell) =>
            cell.t('business.rollout.versionOf', { versionName, versionCode: row.versionCode }),
        },
        form: false,
      },
      {
        prop: 'packageName',
        label: 'business.rollout.packageName',
        search: true,
        // Package names run long (com.example.cabinet.app): room for most, the rest cut with a title.
        table: { content: 'code', width: 220 },
        form: false,
      },
      {
        prop: 'state',
        label: 'business.rollout.state',
        type: 'select',
        options: ROLLOUT_STATES.map((value) => ({
          value,
          label: `business.rollout.states.${value}` as const,
        })),
        table: {
          render: (state, _, { labels }) => <Tag color={STATE_COLORS[state]}>{labels[0] ?? state}</Tag>,
        },
        form: false,
      },
      {
        prop: 'currentStage',
        label: 'business.rollout.stage',
        table: {
          content: 'number',
          render: (current, row, cell) =>
            cell.t('business.rollout.stageOf', { current: current + 1, total: row.stages.length }),
        },
        form: false,
      },
      {
        prop: 'previousVersionName',
        label: 'business.rollout.previousVersion',
        table: {
          secondary: true,
          content: 'code',
          render: (previous, _, cell) => previous ?? cell.t('business.rollout.noPrevious'),
        },
        form: false,
      },
      {
        prop: 'createTime',
        label: 'business.rollout.createTime',
        table: { content: 'datetime' },
        form: false,
      },
    ],
    toolbarActions: [
      {
        key: 'add',
        label: 'crud.toolbar.add',
        icon: <PlusOutlined aria-hidden />,
        permission: 'rollout_add',
        onClick: add,
      },
    ],
    rowActions: [
      {
        key: 'view',
        label: 'business.rollout.view.action',
        icon: <EyeOutlined aria-hidden />,
        permission: 'rollout_view',
        onClick: view,
      },
      {
        key: 'advance',
        label: 'business.rollout.advance.action',
        icon: <StepForwardOutlined aria-hidden />,
        permission: 'rollout_advance',
        visible: (row) => row.state === 'running' || row.state === 'paused',
        onClick: (row, context) =>
          act(ask, advanceQuestion(row), rolloutApi.advance, row, context, (answer) =>
            answer.state === 'completed'
              ? 'business.rollout.advance.completed'
              : 'business.rollout.advance.done',
          ),
      },
      {
        key: 'pause',
        label: 'business.rollout.pause.action',
        icon: <PauseCircleOutlined aria-hidden />,
        permission: 'rollout_pause',
        visible: (row) => row.state === 'running',
        onClick: (row, context) =>
          act(
            ask,
            {
              title: t('business.rollout.pause.title'),
              content: t('business.rollout.pause.confirm', { version: row.versionName }),
            },
            rolloutApi.pause,
            row,
            context,
            'business.rollout.pause.done',
          ),
      },
      {
        key: 'resume',
        label: 'business.rollout.resume.action',
        icon: <PlayCircleOutlined aria-hidden />,
        permission: 'rollout_resume',
        visible: (row) => row.state === 'paused',
        onClick: (row, context) =>
          act(
            ask,
            {
              title: t('business.rollout.resume.title'),
              content: t('business.rollout.resume.confirm', { version: row.versionName }),
            },
            rolloutApi.resume,
            row,
            context,
            'business.rollout.resume.done',
          ),
      },
      {
        key: 'rollback',
        label: 'business.rollout.rollback.action',
        icon: <RollbackOutlined aria-hidden />,
        permission: 'rollout_rollback',
        danger: true,
        visible: (row) => row.state !== 'rolled-back',
        onClick: (row, context) =>
          act(
            ask,
            rollbackQuestion(row),
            rolloutApi.rollback,
            row,
            context,
            'business.rollout.rollback.done',
          ),
      },
    ],
  });
}

/** The add dialog's opening, with the page's actions for when it is done. */
interface Adding {
  context: CrudActionContext<Rollout>;
  /** Each opening mounts the dialog afresh, so its form starts anew. */
  key: number;
}

let openings = 0;

/**
 * 灰度发布 (/api/zxgxg-api/rollout, issue 50): the tenant's staged updates, newest first, searched by
 * package. The list is the CRUD kit's (paging, search, loading, empty and error states, buttons by
 * permission); 新增 (a version and its stages) and 详情 (the stages' progress and the failures) are
 * the page's own dialogs, as the kit's column-made dialog cannot hold a list of stages. 下一阶段,
 * 暂停, 恢复 and 回滚 show in the states they apply to and ask first, saying which machines are
 * offered what. Lists and details are read again when the server says the rollouts changed.
 */
export default function RolloutPage() {
  const [modal, modalHolder] = Modal.useModal();
  const [viewing, setViewing] = useState<string>();
  const [adding, setAdding] = useState<Adding>();

  const ask = useStableHandler((question: Question) => askIn(modal, question));

  // Built once: the actions only ask and set this page's state, whose setters never change.
  const config = useMemo(
    () =>
      rolloutConfig(
        ask,
        (row) => setViewing(row.id),
        (context) => setAdding({ context, key: ++openings }),
      ),
    [ask],
  );

  const created = () => {
    setAdding(undefined);
    adding?.context.success('business.rollout.add.done');
    void adding?.context.refresh();
  };

  return (
    <CrudPage config={config}>
      <RolloutForm
        key={`add-${adding?.key ?? 0}`}
        open={adding !== undefined}
        onClose={() => setAdding(undefined)}
        onDone={created}
      />
      <RolloutDetail id={viewing} onClose={() => setViewing(undefined)} />
      {modalHolder}
    </CrudPage>
  );
}
