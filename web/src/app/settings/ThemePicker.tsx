import { SkinOutlined } from '@ant-design/icons';
import { Button, Popover, Radio, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setTheme, useSettings } from './settings-store';
import { THEME_NAMES, THEMES, type ThemeName } from './themes';
import '../../i18n/console-texts';

/** A small picture of a theme: its sidebar, header and primary colour. */
function Swatch({ name }: { name: ThemeName }) {
  const { shell, primary } = THEMES[name];
  return (
    <span className="shell-swatch" aria-hidden>
      <span style={{ background: shell.siderBg }} />
      <span style={{ background: shell.headerBg }}>
        <span style={{ background: primary }} />
      </span>
    </span>
  );
}

/** The theme picker of the top bar: the 11 themes as a radio group (arrow keys move and apply). */
export function ThemePicker() {
  const { t } = useTranslation();
  const theme = useSettings((state) => state.theme);
  const [open, setOpen] = useState(false);

  const content = (
    <div
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <Radio.Group
        value={theme}
        onChange={(event) => setTheme(event.target.value as ThemeName)}
        aria-label={t('shell.theme.title')}
        className="shell-theme-list"
      >
        {THEME_NAMES.map((name) => (
          <Radio key={name} value={name} autoFocus={name === theme}>
            <Swatch name={name} />
            {t(`shell.themes.${name}`)}
          </Radio>
        ))}
      </Radio.Group>
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('shell.theme.title')}
      content={content}
      open={open}
      onOpenChange={setOpen}
      destroyOnHidden
    >
      <Tooltip title={t('shell.theme.label')}>
        <Button
          type="text"
          aria-label={t('shell.theme.label')}
          aria-haspopup="dialog"
          icon={<SkinOutlined />}
        />
      </Tooltip>
    </Popover>
  );
}
