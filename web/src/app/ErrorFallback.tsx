import { Button, theme } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { chunkFailureCode, CSS_CHUNK_LOAD_FAILED } from './chunk-load';
import { logError } from './error-log/error-log-store';
import { useRevealApp } from './first-paint';

interface ErrorFallbackProps {
  error: unknown;
  /** Renders the failed part again (render errors; a chunk that failed stays failed until a reload). */
  onRetry?: () => void;
  /** Fills the window: nothing else of the console is on screen. */
  fullPage?: boolean;
}

/**
 * What shows in place of a page that failed: for code that did not download (spec §8,
 * ChunkLoadError or CSS_CHUNK_LOAD_FAILED) a prompt to reload the page, for a render error a retry.
 * Never a blank screen. Drawn with plain elements and the theme's tokens: it is part of the first
 * download.
 */
export function ErrorFallback({ error, onRetry, fullPage = false }: ErrorFallbackProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const code = chunkFailureCode(error);
  const text = code === CSS_CHUNK_LOAD_FAILED ? 'cssChunkText' : code ? 'chunkText' : 'renderText';

  return (
    <div
      role="alert"
      style={{
        minHeight: fullPage ? '100vh' : 320,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: token.marginSM,
        padding: token.paddingLG,
        textAlign: 'center',
        color: token.colorText,
        background: fullPage ? token.colorBgLayout : undefined,
      }}
    >
      <h2 style={{ margin: 0, fontSize: token.fontSizeHeading4, color: token.colorTextHeading }}>
        {t(code ? 'shell.failure.chunkTitle' : 'shell.failure.renderTitle')}
      </h2>
      <p style={{ margin: 0, maxWidth: 520, color: token.colorTextSecondary }}>
        {t(`shell.failure.${text}`)}
      </p>
      {code && (
        <p style={{ margin: 0, color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>
          {t('shell.failure.code', { code })}
        </p>
      )}
      <div style={{ display: 'flex', gap: token.marginXS }}>
        <Button type="primary" onClick={() => location.reload()}>
          {t('shell.failure.reload')}
        </Button>
        {!code && onRetry && <Button onClick={onRetry}>{t('shell.failure.retry')}</Button>}
      </div>
    </div>
  );
}

/**
 * The routes' error element: a failure outside the main view's own boundary (the layout's code, the
 * sign-in page's code) lands here, is logged locally, and offers a reload.
 */
export function RouteErrorView() {
  const error = useRouteError();
  // Shown instead of RootLayout: index.html's placeholder must not hide it (app/first-paint.ts).
  useRevealApp();
  useEffect(() => {
    logError(error, 'route');
  }, [error]);
  return <ErrorFallback error={error} fullPage />;
}
