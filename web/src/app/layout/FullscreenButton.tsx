import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n/console-texts';

/** Full screen through the Fullscreen API; the icon follows the state, also when Esc leaves it. */
export function FullscreenButton() {
  const { t } = useTranslation();
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));

  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = () => {
    // The browser may refuse (an iframe without permission, a policy): then nothing changes.
    const change = full ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    void change?.catch(() => undefined);
  };

  const label = t(full ? 'shell.fullscreen.exit' : 'shell.fullscreen.enter');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        aria-pressed={full}
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
        disabled={!document.fullscreenEnabled}
      />
    </Tooltip>
  );
}
