import type { FleetHospital } from '@console/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { overview } from '../../../api/business/fleet';
import { RequestError } from '../../../api/request';
import { queryClient } from '../../../app/query-client';
import { changeLanguage } from '../../../i18n';
import { renderApp } from '../../../test/dom';
import { resetPageTest } from '../../../test/page-test-kit';
import FleetPage, { FLEET_REFRESH_MS } from '.';

// 设备总览: the sums, each hospital's figures, the filters over the answer, a hospital opening the
// machine page, and the loading, empty and failed states.
vi.setConfig({ testTimeout: 60_000 });

vi.mock('../../../api/business/fleet', () => ({ overview: vi.fn() }));

const hospital = (fields: Partial<FleetHospital>): FleetHospital => ({
  hospitalId: 'h1',
  hospitalName: '协和医院',
  machines: 0,
  online: 0,
  offline: 0,
  fault: 0,
  slots: 0,
  slotsInUse: 0,
  slotsFault: 0,
  ...fields,
});

const fleet: FleetHospital[] = [
  hospital({
    hospitalId: 'h1',
    hospitalName: '协和医院',
    machines: 10,
    online: 8,
    offline: 2,
    fault: 1,
    slots: 240,
    slotsInUse: 30,
    slotsFault: 3,
  }),
  hospital({
    hospitalId: 'h2',
    hospitalName: '人民医院',
    machines: 4,
    online: 4,
    slots: 96,
    slotsInUse: 12,
  }),
  hospital({ hospitalId: null, hospitalName: null, machines: 1, offline: 1, slots: 24 }),
];

/** Where the page's links lead: the address shown. */
function MachineStub() {
  const location = useLocation();
  return <p>机器页 {location.pathname + location.search}</p>;
}

/** The board at its menu path (the machine page beside it), once `showing` is on screen. */
async function openBoard(showing?: string): Promise<HTMLElement> {
  renderApp('/business/fleet/index', [
    { path: '/business/fleet/index', element: <FleetPage /> },
    { path: '/business/machine/index', element: <MachineStub /> },
  ]);
  const page = await screen.findByRole('region', { name: '设备总览' }, { timeout: 15_000 });
  if (showing !== undefined) await within(page).findByText(showing);
  return page;
}

/** A sum at the top (the group named 全部医院合计 / All hospitals), as its text. */
const figure = (page: HTMLElement, title: string) =>
  within(within(page).getByRole('group', { name: /^(全部医院合计|All hospitals)$/ }))
    .getByText(title)
    .closest<HTMLElement>('.ant-statistic')!.textContent;

/** The hospital links in order, by their accessible names. */
const hospitalNames = (page: HTMLElement) =>
  within(within(page).getByRole('list', { name: '各医院机器' }))
    .queryAllByRole('link')
    .map((link) => link.getAttribute('aria-label'));

afterEach(resetPageTest);

describe('fleet board', () => {
  it('sums every hospital, shows each one’s machines and slots, and reads again every 15 s', async () => {
    vi.mocked(overview).mockResolvedValue(fleet);
    const page = await openBoard('协和医院');

    expect(figure(page, '机器总数')).toBe('机器总数15');
    expect(figure(page, '在线机器')).toBe('在线机器12');
    expect(figure(page, '离线机器')).toBe('离线机器3');
    expect(figure(page, '故障机器')).toBe('故障机器1');
    expect(figure(page, '使用中格口')).toBe('使用中格口42/ 360');
    expect(figure(page, '故障格口')).toBe('故障格口3');
    expect(within(page).getByText(/^更新于 \d\d:\d\d:\d\d，每 15 秒自动刷新$/)).toBeTruthy();

    // Largest first, as answered; machines in no hospital under 未分配医院.
    expect(hospitalNames(page)).toEqual([
      '协和医院：机器 10 台，在线 8 台，离线 2 台，故障 1 台；格口使用中 30 个，共 240 个，故障 3 个。打开机器管理',
      '人民医院：机器 4 台，在线 4 台，离线 0 台，故障 0 台；格口使用中 12 个，共 96 个，故障 0 个。打开机器管理',
      '未分配医院：机器 1 台，在线 0 台，离线 1 台，故障 0 台；格口使用中 0 个，共 24 个，故障 0 个。打开机器管理',
    ]);
    const xiehe = within(page).getByRole('link', { name: /^协和医院：/ });
    expect(within(xiehe).getByText('10 台机器')).toBeTruthy();
    expect(within(xiehe).getByText('在线率 80%')).toBeTruthy();
    expect(within(xiehe).getByText('30 / 240')).toBeTruthy();
    const figures = [...xiehe.querySelectorAll('.fleet-figure')].map((node) => node.textContent);
    expect(figures).toEqual(['在线8', '离线2', '故障1', '格口使用中30 / 240', '故障格口3']);

    // Asked once as the person's request, then by the page itself every 15 s under 'fleet'.
    expect(overview).toHaveBeenCalledWith(false);
    const [query] = queryClient.getQueryCache().findAll({ queryKey: ['fleet'] });
    expect(query?.observers[0]?.options.refetchInterval).toBe(FLEET_REFRESH_MS);
    expect(FLEET_REFRESH_MS).toBe(15_000);
    fireEvent.click(within(page).getByRole('button', { name: '刷新设备总览' }));
    await waitFor(() => expect(overview).toHaveBeenLastCalledWith(true));
  });

  it('filters by name and to hospitals with offline or faulty machines, over the answer', async () => {
    vi.mocked(overview).mockResolvedValue(fleet);
    const page = await openBoard('协和医院');
    const name = within(page).getByRole('textbox', { name: '医院名称' });

    fireEvent.change(name, { target: { value: '人民' } });
    expect(hospitalNames(page)).toEqual([expect.stringMatching(/^人民医院：/)]);
    expect(within(page).getByText('显示 1 / 3 家医院')).toBeTruthy();
    // The totals stay those of every hospital.
    expect(figure(page, '机器总数')).toBe('机器总数15');

    // 未分配医院 is found by its shown name.
    fireEvent.change(name, { target: { value: '未分配' } });
    expect(hospitalNames(page)).toEqual([expect.stringMatching(/^未分配医院：/)]);

    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(within(page).getByRole('switch', { name: '只看有离线或故障机器的医院' }));
    expect(hospitalNames(page)).toEqual([
      expect.stringMatching(/^协和医院：/),
      expect.stringMatching(/^未分配医院：/),
    ]);

    // Both: nothing left, said so, and cleared in one go.
    fireEvent.change(name, { target: { value: '人民' } });
    expect(within(page).queryByRole('list', { name: '各医院机器' })).toBeNull();
    expect(within(page).getByText('没有符合条件的医院')).toBeTruthy();
    fireEvent.click(within(page).getByRole('button', { name: '清除筛选' }));
    expect(hospitalNames(page)).toHaveLength(3);
    expect((name as HTMLInputElement).value).toBe('');
    expect(overview).toHaveBeenCalledTimes(1);
  });

  it('opens the machine page from a hospital, searching for its machines', async () => {
    vi.mocked(overview).mockResolvedValue(fleet);
    const page = await openBoard('协和医院');
    const link = within(page).getByRole('link', { name: /^人民医院：/ });
    // The machine page searching for the hospital's machines.
    expect(link.getAttribute('href')).toBe('/business/machine/index?hospitalId=h2');
    fireEvent.click(link);
    expect(await screen.findByText('机器页 /business/machine/index?hospitalId=h2')).toBeTruthy();
  });

  it('shows placeholders while loading, then says there are no machines yet', async () => {
    let answer: (hospitals: FleetHospital[]) => void = () => undefined;
    vi.mocked(overview).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const page = await openBoard();
    expect(within(page).getByRole('status', { name: '正在加载设备总览' })).toBeTruthy();
    answer([]);
    expect(await within(page).findByText('还没有机器')).toBeTruthy();
    expect(within(page).queryByRole('status', { name: '正在加载设备总览' })).toBeNull();
    expect(within(page).queryByText('机器总数')).toBeNull();
  });

  it('says why the first answer failed, and tries again', async () => {
    vi.mocked(overview)
      .mockRejectedValueOnce(new RequestError('没有权限', 403, '没有权限'))
      .mockResolvedValue(fleet);
    const page = await openBoard('设备总览加载失败');
    const alert = within(page).getByRole('alert');
    expect(within(alert).getByText('没有权限')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: /重\s?试/ }));
    expect(await within(page).findByText('协和医院')).toBeTruthy();
    expect(within(page).queryByText('设备总览加载失败')).toBeNull();
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    vi.mocked(overview).mockResolvedValue(fleet);
    renderApp('/business/fleet/index', [{ path: '/business/fleet/index', element: <FleetPage /> }]);
    const page = await screen.findByRole('region', { name: 'Fleet Board' }, { timeout: 15_000 });
    expect(await within(page).findByText('No hospital')).toBeTruthy();
    expect(figure(page, 'Slots in use')).toBe('Slots in use42/ 360');
    expect(
      within(page).getByRole('switch', { name: 'Only hospitals with offline or faulty machines' }),
    ).toBeTruthy();
    expect(
      within(page).getByRole('link', {
        name: 'No hospital: machines 1, online 0, offline 1, faulty 0; slots in use 0 of 24, faulty 0. Opens the machines page',
      }),
    ).toBeTruthy();
  });
});
