import { BgColorsOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdleComponent } from '../deferred';
import { useSettings } from './settings-store';
import '../../i18n/console-texts';

const loadPopover = () => import('./ColorPickerPopover').then((module) => module.default);

/**
 * The colour picker of the top bar: the primary colour of every component, kept for the next visit.
 * The button shows at once; the picker around it loads when the browser is idle (a click before
 * that loads it and opens it when it arrives).
 */
export function ColorPickerButton() {
  const { t } = useTranslation();
  const color = useSettings((state) => state.color);
  const { Component: Popover, request } = useIdleComponent(loadPopover);
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  const button = (
    <span>
      <Tooltip title={t('shell.color.label')}>
        <Button
          type="text"
          aria-label={t('shell.color.label')}
          icon={<BgColorsOutlined style={{ color }} />}
          onClick={
            Popover
              ? undefined
              : () => {
                  setOpenWhenLoaded(true);
                  request();
                }
          }
        />
      </Tooltip>
    </span>
  );
  return Popover ? <Popover defaultOpen={openWhenLoaded}>{button}</Popover> : button;
}
