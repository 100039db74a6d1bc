import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DownloadCancelled, type DownloadedFile } from '../api/files';
import { changeLanguage } from '../i18n';
import '../test/dom';
import { saveFile } from '../utils/save-file';
import { EXPORT_PROGRESS_AFTER_MS, useExportProgress, type ExportCall } from './ExportProgress';

// An export's progress panel: nothing for a quick export; after a second the rows it holds and the
// seconds so far, then the download's bytes as a bar; 取消导出 gives the export up. Only the
// panel's clock (setInterval) is faked, so antd and React run as usual; promises are settled
// inside act (testing-library's waitFor polls with setInterval too).

vi.mock('../utils/save-file', () => ({ saveFile: vi.fn() }));

const file: DownloadedFile = { blob: new Blob(['xlsx']), filename: '医院.xlsx' };

/** An export the test finishes by hand; a cancelled one rejects as the download layer does. */
function controlledExport() {
  const state: { call?: ExportCall; finish?: (file: DownloadedFile) => void } = {};
  const load = vi.fn(
    (call: ExportCall) =>
      new Promise<DownloadedFile>((resolve, reject) => {
        state.call = call;
        state.finish = resolve;
        call.signal.addEventListener('abort', () => reject(new DownloadCancelled()));
      }),
  );
  return { load, state };
}

function Harness({ load, rows }: { load: (call: ExportCall) => Promise<DownloadedFile>; rows?: number }) {
  const progress = useExportProgress();
  return (
    <>
      <button type="button" onClick={() => void progress.run(load, rows)}>
        export
      </button>
      {progress.element}
    </>
  );
}

const start = (load: (call: ExportCall) => Promise<DownloadedFile>, rows?: number) => {
  render(
    <App>
      <Harness load={load} rows={rows} />
    </App>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'export' }));
};
const panel = () => screen.queryByRole('status', { name: /导出进度|Export progress/ });
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  vi.mocked(saveFile).mockClear();
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await changeLanguage('zh');
});

describe('export progress', () => {
  it('shows nothing for the first second, then the rows and seconds, then the download, and saves the file', async () => {
    const { load, state } = controlledExport();
    start(load, 47_021);
    expect(load).toHaveBeenCalledTimes(1);
    tick(EXPORT_PROGRESS_AFTER_MS - 1);
    expect(panel()).toBeNull();

    tick(1);
    const shown = panel()!;
    expect(within(shown).getByText('正在生成导出文件（47,021 行）…')).toBeTruthy();
    expect(within(shown).getByText('已用时 1 秒')).toBeTruthy();
    expect(within(shown).queryByRole('progressbar')).toBeNull();
    tick(2 * EXPORT_PROGRESS_AFTER_MS);
    expect(within(shown).getByText('已用时 3 秒')).toBeTruthy();

    // The workbook is built: its bytes arrive.
    act(() => state.call!.onProgress(512 * 1024, 2 * 1024 * 1024));
    expect(within(panel()!).getByText('正在下载 512 KB / 2.0 MB')).toBeTruthy();
    expect(within(panel()!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');

    await act(async () => state.finish!(file));
    expect(panel()).toBeNull();
    expect(saveFile).toHaveBeenCalledWith(file);
  });

  it('gives the export up on 取消导出, in English too, and saves nothing', async () => {
    await changeLanguage('en');
    const { load, state } = controlledExport();
    start(load);
    tick(EXPORT_PROGRESS_AFTER_MS);
    const shown = panel()!;
    expect(within(shown).getByText('Preparing the export…')).toBeTruthy();
    expect(within(shown).getByText('1 s so far')).toBeTruthy();

    fireEvent.click(within(shown).getByRole('button', { name: 'Cancel export' }));
    expect(state.call!.signal.aborted).toBe(true);
    await act(async () => undefined);
    expect(panel()).toBeNull();
    expect(await screen.findByText('Export cancelled')).toBeTruthy();
    expect(saveFile).not.toHaveBeenCalled();
  });

  it('runs one export at a time, and one that ends within the second never shows the panel', async () => {
    const { load, state } = controlledExport();
    start(load, 10);
    fireEvent.click(screen.getByRole('button', { name: 'export' }));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => state.finish!(file));
    expect(saveFile).toHaveBeenCalledTimes(1);
    tick(EXPORT_PROGRESS_AFTER_MS);
    expect(panel()).toBeNull();
  });
});
