import { ColorPicker } from 'antd';
import { useState, type ReactNode } from 'react';
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

/**
 * antd's colour picker around the top bar's colour button (ColorPickerButton.tsx), loaded after the
 * first signed-in page: its panel, slider and inputs are most of the top bar's code.
 */
export default function ColorPickerPopover({
  children,
  defaultOpen,
}: {
  children: ReactNode;
  /** Open at once: the button was clicked before this had loaded. */
  defaultOpen: boolean;
}) {
  const { t } = useTranslation();
  const color = useSettings((state) => state.color);
  const [open, setOpen] = useState(defaultOpen);
  return (
    <ColorPicker
      value={color}
      disabledAlpha
      open={open}
      onOpenChange={setOpen}
      presets={[{ label: t('shell.color.label'), colors: PRESET_COLORS, defaultOpen: true }]}
      onChangeComplete={(value) => setColor(value.toHexString())}
      placement="bottomRight"
    >
      {children}
    </ColorPicker>
  );
}
