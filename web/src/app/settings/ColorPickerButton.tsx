import { BgColorsOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { website } from '../../config/website';
import { setColor, useSettings } from './settings-store';
import '../../i18n/console-texts';

/** Colours offered at a click: the default and Saber's palette. */
const PRESET_COLORS = [
  website.color,
  '#1677ff',
  '#304156',
  '#212121',
  '#11a983',
  '#13c2c2',
  '#6959cd',
  '#f5222d',
  '#fa8c16',
  '#eb2f96',
];

/** The colour picker of the top bar: the primary colour of every component, kept for the next visit. */
export function ColorPickerButton() {
  const { t } = useTranslation();
  const color = useSettings((state) => state.color);
  return (
    <ColorPicker
      value={color}
      disabledAlpha
      presets={[{ label: t('shell.color.label'), colors: PRESET_COLORS, defaultOpen: true }]}
      onChangeComplete={(value) => setColor(value.toHexString())}
      placement="bottomRight"
    >
      <span>
        <Tooltip title={t('shell.color.label')}>
          <Button
            type="text"
            aria-label={t('shell.color.label')}
            icon={<BgColorsOutlined style={{ color }} />}
          />
        </Tooltip>
      </span>
    </ColorPicker>
  );
}
