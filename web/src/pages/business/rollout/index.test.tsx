import type { Apk, Rollout, RolloutStageView } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as apkApi from '../../../api/business/apk';
import * as rolloutApi from '../../../api/business/rollout';
import { changeLanguage } from '../../../i18n';
import { auditColumns, onePage } from '../../../test/fixtures';
import {
  findDialog,
  grantOnly,
  messages,
  renderPageAt,
  resetPageTest,
  toolbar,
} from '../../../test/page-test-kit';
import RolloutPage from '.';

// 灰度发布 (issue 50): the list's rows and the buttons each state offers (by permission), the submit
// body the add dialog builds, the confirmations naming the machines, and the detail's stages.
vi.setConfig({ testTimeout: 120_000 });

const counts = (more: Partial<Record<string, number>> = {}) => ({
  offered: 0,
  downloading: 0,
  installing: 0,
  installed: 0,
  failed: 0,
  ...more,
});

const stage = (seq: number, fields: Partial<RolloutStageView>): RolloutStageView => ({
  cohort: 'percent',
  percent: 10,
  gate: 'manual',
  seq,
  startedTime: null,
  machines: 0,
  counts: counts(),
  ...fields,
});

const rollout = (
  id: string,
  versionCode: number,
  state: Rollout['state'],
  currentStage: number,
  more: Partial<Rollout> = {},
): Rollout => ({
  id,
  tenantId: '000000',
  apkId: `a${versionCode}`,
  packageName: `com.zx.p${id}`,
  versionCode,
  versionName: `1.${versionCode}`,
  previousApkId: 'a100',
  previousVersionName: '1.100',
  state,
  currentStage,
  stages: [
    stage(0, {
      cohort: 'machines',
      ids: ['m1'],
      startedTime: '2026-12-07 09:00:00',
      machines: 1,
      counts: counts({ installed: 1 }),
    }),
    stage(1, {
      cohort: 'hospitals',
      ids: ['h1', 'h2'],
      gate: 'auto',
      gateMinutes: 30,
      maxFailurePercent: 10,
      machines: 5,
      ...(currentStage >= 1
        ? {
            startedTime: '2026-12-07 10:00:00',
            counts: counts({ offered: 1, downloading: 1, installed: 2, failed: 1 }),
          }
        : {}),
    }),
    stage(2, {
      percent: 100,
      machines: 4,
      ...(currentStage >= 2 ? { startedTime: '2026-12-07 11:00:00' } : {}),
    }),
  ],
  failures: [],
  createUser: null,
  createTime: `2026-12-07 0${id}:00:00`,
  updateTime: null,
  ...more,
});

const ROWS: Rollout[] = [
  rollout('1', 110, 'running', 0),
  rollout('2', 120, 'paused', 1, {
    failures: [{ machineNo: 'M-B1', reason: '存储空间不足', updateTime: '2026-12-07 10:05:00' }],
  }),
  rollout('3', 130, 'completed', 2, { previousVersionName: null }),
  rollout('4', 140, 'rolled-back', 1),
];

const apk = (id: string, versionCode: number): Apk => ({
  ...auditColumns,
  id,
  tenantId: '000000',
  appName: '智能柜',
  packageName: 'com.zx.cabinet',
  versionName: `1.${versionCode}`,
  versionCode,
  attachId: '1',
  fileUrl: null,
  fileSize: 1,
  md5: null,
  forceUpdate: 0,
  releaseNotes: null,
  publishStatus: 1,
  publishTime: '2026-12-07 08:00:00',
});

vi.mock('../../../api/business/rollout', () => ({
  list: vi.fn(),
  detail: vi.fn(),
  submit: vi.fn(),
  advance: vi.fn(),
  pause: vi.fn(),
  resume: vi.fn(),
  rollback: vi.fn(),
}));
vi.mock('../../../api/business/apk', () => ({ list: vi.fn() }));
vi.mock('../../../api/business/hospital', async () => {
  const { onePage } = await import('../../../test/fixtures');
  return {
    list: vi.fn(() =>
      Promise.resolve(
        onePage({ id: 'h1', hospitalName: '协和医院' }, { id: 'h2', hospitalName: '同仁医院' }),
      ),
    ),
  };
});
vi.mock('../../../api/business/machine', async () => {
  const { onePage } = await import('../../../test/fixtures');
  return {
    list: vi.fn(() => Promise.resolve(onePage({ id: 'm1', machineNo: 'M-A1', machineName: '一号机' }))),
  };
});

const ALL = [
  'rollout_add',
  'rollout_view',
  'rollout_advance',
  'rollout_pause',
  'rollout_resume',
  'rollout_rollback',
];

beforeEach(() => {
  grantOnly(...ALL);
  vi.mocked(rolloutApi.list).mockResolvedValue(onePage(...ROWS));
  vi.mocked(rolloutApi.detail).mockImplementation((id) =>
    Promise.resolve(ROWS.find((row) => row.id === id)!),
  );
  vi.mocked(apkApi.list).mockResolvedValue(onePage(apk('a120', 120), apk('a110', 110)));
});

afterEach(resetPageTest);

const openPage = () =>
  renderPageAt('/business/rollout/index', <RolloutPage />, { title: '灰度发布', showing: '1.110（110）' });

const rowOf = (page: HTMLElement, version: string) =>
  within(page).getByText(version).closest('tr') as HTMLElement;

const buttonsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('staged updates page', () => {
  it('lists each rollout’s state and stage, with the buttons its state and the user’s permissions allow', async () => {
    const page = await openPage();
    expect(rolloutApi.list).toHaveBeenCalledWith(1, 10, expect.any(Object));
    const running = rowOf(page, '1.110（110）');
    expect(within(running).getByText('com.zx.p1')).toBeTruthy();
    expect(within(running).getByText('进行中')).toBeTruthy();
    expect(within(running).getByText('1 / 3')).toBeTruthy();
    expect(within(running).getByText('2026-12-07 01:00:00')).toBeTruthy();
    expect(buttonsOf(running)).toEqual(['详情', '下一阶段', '暂停', '回滚']);

    const paused = rowOf(page, '1.120（120）');
    expect(within(paused).getByText('已暂停')).toBeTruthy();
    expect(within(paused).getByText('2 / 3')).toBeTruthy();
    expect(buttonsOf(paused)).toEqual(['详情', '下一阶段', '恢复', '回滚']);

    const completed = rowOf(page, '1.130（130）');
    expect(within(completed).getByText('已完成')).toBeTruthy();
    expect(within(completed).getByText('3 / 3')).toBeTruthy();
    expect(buttonsOf(completed)).toEqual(['详情', '回滚']);

    const rolledBack = rowOf(page, '1.140（140）');
    expect(within(rolledBack).getByText('已回滚')).toBeTruthy();
    expect(buttonsOf(rolledBack)).toEqual(['详情']);
    expect(within(toolbar(page)).getByRole('button', { name: '新增' })).toBeTruthy();

    // 下一阶段 names the next stage's machines and asks; then 暂停 and 恢复 ask too.
    fireEvent.click(within(running).getByRole('button', { name: '下一阶段' }));
    let asked = await findDialog('进入下一阶段');
    expect(
      within(asked).getByText(
        '确定进入第 2 阶段? 该阶段的 5 台机器（2 家医院的机器）将收到 1.110 版本的更新',
      ),
    ).toBeTruthy();
    vi.mocked(rolloutApi.advance).mockResolvedValueOnce(rollout('1', 110, 'running', 1));
    fireEvent.click(within(asked).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(rolloutApi.advance).toHaveBeenCalledWith('1'));
    expect(await screen.findByText('已进入下一阶段')).toBeTruthy();

    // A paused rollout's next stage runs it again: the question says so. Declined, nothing is sent.
    fireEvent.click(within(paused).getByRole('button', { name: '下一阶段' }));
    asked = await findDialog('进入下一阶段');
    const resumes =
      '确定进入第 3 阶段? 该阶段的 4 台机器（累计 100% 的机器）将收到 1.120 版本的更新；灰度发布随之恢复进行';
    expect(within(asked).getByText(resumes)).toBeTruthy();
    fireEvent.click(within(asked).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText(resumes)).toBeNull());

    // From the last stage it completes the rollout, and says so first.
    vi.mocked(rolloutApi.list).mockResolvedValue(onePage(rollout('5', 150, 'paused', 2)));
    fireEvent.click(within(toolbar(page).parentElement!).getByRole('button', { name: '刷新' }));
    const last = await waitFor(() => rowOf(page, '1.150（150）'));
    fireEvent.click(within(last).getByRole('button', { name: '下一阶段' }));
    asked = await findDialog('进入下一阶段');
    expect(within(asked).getByText(/确定完成灰度发布\? .*所有运行 com\.zx\.p5 的机器/)).toBeTruthy();
    fireEvent.click(within(asked).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText(/确定完成灰度发布/)).toBeNull());
    expect(rolloutApi.advance).toHaveBeenCalledTimes(1);

    vi.mocked(rolloutApi.resume).mockResolvedValueOnce(rollout('5', 150, 'running', 2));
    fireEvent.click(within(last).getByRole('button', { name: '恢复' }));
    asked = await findDialog('恢复灰度发布');
    fireEvent.click(within(asked).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(rolloutApi.resume).toHaveBeenCalledWith('5'));
    expect(await screen.findByText('已恢复')).toBeTruthy();
  });

  it('offers only the buttons the user holds', async () => {
    grantOnly('rollout_view', 'rollout_pause');
    const page = await openPage();
    expect(buttonsOf(rowOf(page, '1.110（110）'))).toEqual(['详情', '暂停']);
    expect(buttonsOf(rowOf(page, '1.120（120）'))).toEqual(['详情']);
    expect(within(toolbar(page)).queryByRole('button', { name: '新增' })).toBeNull();
  });

  it('asks before rolling back, naming the machines and the version they go back to', async () => {
    const page = await openPage();
    const paused = rowOf(page, '1.120（120）');
    const listed = vi.mocked(rolloutApi.list).mock.calls.length;
    const question = '确定回滚 1.120? 已收到此版本的 6 台机器将退回到 1.100 版本，其他机器不再收到 1.120';

    // Declined: nothing is sent.
    fireEvent.click(within(paused).getByRole('button', { name: '回滚' }));
    let asked = await findDialog('回滚灰度发布');
    expect(within(asked).getByText(question)).toBeTruthy();
    fireEvent.click(within(asked).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText(question)).toBeNull());
    expect(rolloutApi.rollback).not.toHaveBeenCalled();

    // Confirmed: rolled back, said, listed again.
    vi.mocked(rolloutApi.rollback).mockResolvedValueOnce(rollout('2', 120, 'rolled-back', 1));
    fireEvent.click(within(paused).getByRole('button', { name: '回滚' }));
    asked = await findDialog('回滚灰度发布');
    fireEvent.click(within(asked).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(rolloutApi.rollback).toHaveBeenCalledWith('2'));
    await waitFor(() => expect(messages()).toContain('已回滚'));
    await waitFor(() => expect(vi.mocked(rolloutApi.list).mock.calls.length).toBeGreaterThan(listed));
    expect(rolloutApi.rollback).toHaveBeenCalledTimes(1);

    // Without a version before, it says the machines keep what they installed.
    fireEvent.click(within(rowOf(page, '1.130（130）')).getByRole('button', { name: '回滚' }));
    asked = await findDialog('回滚灰度发布');
    expect(
      within(asked).getByText(
        '确定回滚 1.130? 没有更早的已发布版本可以退回：机器不再收到 1.130，已安装的机器保持不变',
      ),
    ).toBeTruthy();
  });

  it('builds the submit body from the form: a share, then hospitals with an automatic gate', async () => {
    vi.mocked(rolloutApi.submit).mockResolvedValue(rollout('6', 120, 'running', 0));
    const page = await openPage();
    fireEvent.click(within(toolbar(page)).getByRole('button', { name: '新增' }));
    const dialog = await findDialog('新增灰度发布');

    // Nothing filled in: the form says what is missing, nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请选择已发布的版本')).toBeTruthy();
    expect(await within(dialog).findByText('请输入比例')).toBeTruthy();
    expect(apkApi.list).toHaveBeenCalledWith(
      expect.objectContaining({ publishStatus: 1, current: 1, descs: 'versionCode' }),
    );

    fireEvent.mouseDown(within(dialog).getByLabelText('发布版本'));
    fireEvent.click(await screen.findByTitle('com.zx.cabinet 1.120 (120)'));

    const first = within(dialog).getByRole('group', { name: '第 1 阶段' });
    fireEvent.change(within(first).getByLabelText('累计比例（%）'), { target: { value: '30' } });

    fireEvent.click(within(dialog).getByRole('button', { name: '添加阶段' }));
    const second = await within(dialog).findByRole('group', { name: '第 2 阶段' });
    // A share not above the first stage's is refused by the form.
    fireEvent.change(within(second).getByLabelText('累计比例（%）'), { target: { value: '20' } });
    expect(await within(second).findByText('比例须大于前面阶段的 30%')).toBeTruthy();
    fireEvent.click(within(second).getByRole('radio', { name: '按医院' }));
    const hospitals = await within(second).findByLabelText('医院');
    fireEvent.mouseDown(hospitals);
    fireEvent.click(await screen.findByTitle('协和医院'));
    fireEvent.click(within(second).getByRole('radio', { name: '自动放行' }));
    fireEvent.change(await within(second).findByLabelText('等待分钟数'), { target: { value: '30' } });
    fireEvent.change(within(second).getByLabelText('最大失败率（%）'), { target: { value: '10' } });

    // A third stage, removed again.
    fireEvent.click(within(dialog).getByRole('button', { name: '添加阶段' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: '删除第 3 阶段' }));
    await waitFor(() => expect(within(dialog).queryByRole('group', { name: '第 3 阶段' })).toBeNull());

    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(rolloutApi.submit).toHaveBeenCalledWith({
        apkId: 'a120',
        stages: [
          { cohort: 'percent', percent: 30, gate: 'manual' },
          { cohort: 'hospitals', ids: ['h1'], gate: 'auto', gateMinutes: 30, maxFailurePercent: 10 },
        ],
      }),
    );
    expect(await screen.findByText('灰度发布已创建')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('新增灰度发布')).toBeNull());
  });

  it('shows a rollout’s stages with the current one marked, their progress and the failures', async () => {
    const page = await openPage();
    fireEvent.click(within(rowOf(page, '1.120（120）')).getByRole('button', { name: '详情' }));
    const dialog = await findDialog('灰度发布详情：com.zx.p2 1.120');
    const stages = await within(dialog).findAllByRole('listitem');
    expect(stages.map((item) => item.getAttribute('aria-label'))).toEqual([
      '第 1 阶段',
      '第 2 阶段',
      '第 3 阶段',
    ]);
    expect(stages.map((item) => item.getAttribute('aria-current'))).toEqual([null, 'step', null]);
    const current = stages[1]!;
    expect(within(current).getByText('当前阶段')).toBeTruthy();
    expect(await within(current).findByText('医院：协和医院、同仁医院')).toBeTruthy();
    expect(within(current).getByText(/30 分钟后自动进入下一阶段（失败率不超过 10%）/)).toBeTruthy();
    expect(within(current).getByText(/2026-12-07 10:00:00/)).toBeTruthy();
    expect(
      within(current).getByRole('img', {
        name: /第 2 阶段的进度：已推送 1，下载中 1，安装中 0，已安装 2，失败 1，未推送 0/,
      }),
    ).toBeTruthy();
    expect(within(current).getByText('已安装 2')).toBeTruthy();
    expect(within(stages[0]!).getByText('机器：M-A1')).toBeTruthy();
    expect(within(stages[2]!).getByText(/未开放/)).toBeTruthy();
    expect(within(stages[2]!).getByText('累计 100% 的机器')).toBeTruthy();
    const failure = within(dialog).getByText('M-B1').closest('tr') as HTMLElement;
    expect(within(failure).getByText('存储空间不足')).toBeTruthy();
    expect(within(failure).getByText('2026-12-07 10:05:00')).toBeTruthy();
  });

  it('speaks English too', async () => {
    await changeLanguage('en');
    const page = await renderPageAt('/business/rollout/index', <RolloutPage />, {
      title: 'Staged Updates',
      showing: '1.110 (110)',
    });
    const running = rowOf(page, '1.110 (110)');
    expect(within(running).getByText('Running')).toBeTruthy();
    expect(buttonsOf(running)).toEqual(['Details', 'Next stage', 'Pause', 'Roll back']);
    fireEvent.click(within(running).getByRole('button', { name: 'Roll back' }));
    const asked = await findDialog('Roll back the staged update');
    expect(
      within(asked).getByText(
        'Roll back 1.110? The 1 machines offered it will be offered 1.100 again; no other machine is offered 1.110',
      ),
    ).toBeTruthy();
  });
});
