import { useQuery } from '@tanstack/react-query';
import { Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as jobApi from '../../../api/monitor/job';

/** How long the typing rests before the preview is asked for. */
const PREVIEW_DELAY_MS = 400;

/**
 * The cron field of the job form: the expression, and under it the next five times the server's
 * scheduler would run it (its own parser, its zone), or that it does not read.
 */
export function CronField({
  id,
  value,
  onChange,
  disabled,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(value ?? '');
  useEffect(() => {
    const timer = setTimeout(() => setTyped((value ?? '').trim()), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const preview = useQuery({
    queryKey: ['job', 'next-runs', typed],
    queryFn: () => jobApi.nextRuns(typed),
    enabled: typed !== '',
    retry: false,
    staleTime: 60_000,
  });
  return (
    <>
      <Input
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder="0 0 2 * * *"
        autoComplete="off"
        spellCheck={false}
      />
      {typed !== '' && (
        <div role="status" aria-live="polite" style={{ marginTop: 4 }}>
          {preview.isError ? (
            <Typography.Text type="danger">{t('monitor.job.cronInvalid')}</Typography.Text>
          ) : preview.data ? (
            <Typography.Text type="secondary">
              {t('monitor.job.nextRuns')} {preview.data.join('，')}
            </Typography.Text>
          ) : null}
        </div>
      )}
    </>
  );
}
