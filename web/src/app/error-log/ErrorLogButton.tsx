import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOG_BADGE_CAP, useErrorLog } from './error-log-store';
import { lazyPage } from '../chunk-load';
import { useOpenedOnce } from '../deferred';
import '../../i18n/console-texts';

// The dialog (and antd's Table in it) loads when it is first opened.
const ErrorLogDialog = lazyPage(() =>
  import('./ErrorLogDialog').then((module) => ({ default: module.ErrorLogDialog })),
);

/**
 * The log icon of the top bar, with the number of local error-log entries (antd's Badge shows
 * logBadgeText's "99+" above the cap); opens the log dialog.
 */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const count = useErrorLog((state) => state.entries.length);
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const label = count > 0 ? t('shell.errorLog.labelCount', { count }) : t('shell.errorLog.label');
  return (
    <>
      <Tooltip title={t('shell.errorLog.label')}>
        <Badge
          count={count}
          overflowCount={LOG_BADGE_CAP}
          size="small"
          offset={[-4, 4]}
          className="shell-log-badge"
        >
          <Button type="text" aria-label={label} icon={<BugOutlined />} onClick={() => setOpen(true)} />
        </Badge>
      </Tooltip>
      {opened && (
        <Suspense fallback={null}>
          <ErrorLogDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
