import { App, Button, Card, Flex, Progress, Spin, Typography } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadCancelled, type DownloadedFile } from '../api/files';
import { isTransportFailure } from '../api/request';
import { saveFile } from '../utils/save-file';
import { useStableHandler } from './useStableHandler';
import '../i18n/console-texts';

// The progress of an export (issue 44, item 6): the server builds a large workbook for seconds
// before a byte arrives, so an export that has run for a second shows a panel in the page's corner
// (the rows it holds when the page knows them, the seconds so far, then the download's bytes) with
// a button that cancels it. A quicker export shows nothing but its file.

/** An export that has run this long shows its progress. */
export const EXPORT_PROGRESS_AFTER_MS = 1000;

/** What an export's call is given: the cancel button's signal, and where to tell the bytes. */
export interface ExportCall {
  signal: AbortSignal;
  onProgress: (received: number, total: number | undefined) => void;
}

export interface ExportProgress {
  /**
   * Runs one export (one at a time: another while it runs is ignored) and saves its file; true
   * when saved. `rows`: how many rows it holds, when the page knows (its list's total).
   */
  run: (load: (call: ExportCall) => Promise<DownloadedFile>, rows?: number) => Promise<boolean>;
  running: boolean;
  /** The panel: render it once in the page (it stands in the page's corner). */
  element: ReactNode;
}

interface Running {
  rows: number | undefined;
  /** Whole seconds since it started; the panel shows from the first. */
  seconds: number;
  received?: number;
  total?: number | undefined;
}

const megabytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

export function useExportProgress(): ExportProgress {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [running, setRunning] = useState<Running>();
  const cancel = useRef<AbortController>(undefined);

  // A page closed mid-export gives it up.
  useEffect(() => () => cancel.current?.abort(), []);

  const run = useStableHandler(async (load: (call: ExportCall) => Promise<DownloadedFile>, rows?: number) => {
    if (cancel.current) return false;
    const controller = new AbortController();
    cancel.current = controller;
    setRunning({ rows, seconds: 0 });
    const clock = setInterval(
      () => setRunning((now) => now && { ...now, seconds: now.seconds + 1 }),
      EXPORT_PROGRESS_AFTER_MS,
    );
    try {
      saveFile(
        await load({
          signal: controller.signal,
          onProgress: (received, total) => setRunning((now) => now && { ...now, received, total }),
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof DownloadCancelled) void message.info(t('crud.export.cancelled'));
      // A refusal (429: too many exports) was reported by the request layer; a lost connection is
      // said here.
      else if (isTransportFailure(error)) void message.error(t('request.unreachable'));
      return false;
    } finally {
      clearInterval(clock);
      cancel.current = undefined;
      setRunning(undefined);
    }
  });

  let element: ReactNode = null;
  if (running && running.seconds > 0) {
    const { rows, received, total } = running;
    const text =
      received === undefined
        ? rows === undefined
          ? t('crud.export.preparing')
          : t('crud.export.preparingRows', { rows: rows.toLocaleString('en-US') })
        : total === undefined
          ? t('crud.export.downloading', { received: megabytes(received) })
          : t('crud.export.downloadingOf', { received: megabytes(received), total: megabytes(total) });
    element = (
      <Card
        size="small"
        role="status"
        aria-label={t('crud.export.label')}
        className="crud-export-progress"
        style={{ position: 'fixed', insetInlineEnd: 24, insetBlockEnd: 24, zIndex: 1010, width: 340 }}
      >
        <Flex vertical gap={8}>
          <Flex gap={8} align="center">
            {total === undefined && <Spin size="small" />}
            <Typography.Text>{text}</Typography.Text>
          </Flex>
          {received !== undefined && total !== undefined && (
            <Progress percent={Math.floor((received / total) * 100)} size="small" />
          )}
          <Flex justify="space-between" align="center">
            <Typography.Text type="secondary">
              {t('crud.export.elapsed', { seconds: running.seconds })}
            </Typography.Text>
            <Button size="small" onClick={() => cancel.current?.abort()}>
              {t('crud.export.cancel')}
            </Button>
          </Flex>
        </Flex>
      </Card>
    );
  }

  return { run, running: running !== undefined, element };
}
