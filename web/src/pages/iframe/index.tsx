import { ExportOutlined } from '@ant-design/icons';
import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';

/** Only web addresses and the console's own paths are shown: never javascript:, data: and the like. */
export function embeddableSource(src: string | null | undefined): string | undefined {
  const text = src?.trim();
  if (!text) return undefined;
  try {
    const url = new URL(text, location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The frame's sandbox: scripts, forms, pop-ups and downloads work; navigating the console (top
 * navigation) never does. Another site keeps its own origin (its cookies and storage, which most
 * sites need); a page of the console's own origin runs as an opaque origin instead, since with its
 * real origin it could read the console's storage (the tokens) and lift its own sandbox.
 */
export function sandboxFor(src: string): string {
  const rights = [
    'allow-scripts',
    'allow-forms',
    'allow-popups',
    'allow-popups-to-escape-sandbox',
    'allow-downloads',
  ];
  if (new URL(src).origin !== location.origin) rights.push('allow-same-origin');
  return rights.join(' ');
}

/**
 * An embedded page (spec §2, /myiframe/:routerPath): the `src` query, else the decoded path
 * parameter, in a sandboxed frame (sandboxFor).
 */
export default function IframePage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const { routerPath } = useParams();
  const decoded = routerPath && routerPath !== 'urlPath' ? safeDecode(routerPath) : undefined;
  const src = embeddableSource(query.get('src') ?? decoded);

  if (!src) return <Result status="warning" title={t('shell.iframe.missing')} />;
  return (
    <Flex vertical gap={8} style={{ height: '100%' }}>
      <Flex justify="flex-end">
        <Button size="small" icon={<ExportOutlined />} href={src} target="_blank" rel="noopener noreferrer">
          {t('shell.iframe.openWindow')}
        </Button>
      </Flex>
      <iframe
        src={src}
        title={t('shell.iframe.frameTitle', { src })}
        sandbox={sandboxFor(src)}
        referrerPolicy="strict-origin-when-cross-origin"
        style={{ flex: 1, width: '100%', minHeight: 'calc(100vh - 180px)', border: 0 }}
      />
    </Flex>
  );
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
