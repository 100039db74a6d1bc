import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Skeleton, theme, Typography } from 'antd';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { API_DOCS_PATH, openApiDocument, type OpenApiDocument } from '../../../api/develop/apidoc';
import { RequestError } from '../../../api/request';
import './locales';

// 研发工具 › 接口文档 (issue 52): the server's OpenAPI 3.1 document, drawn by RapiDoc (a web component
// from npm, bundled: no CDN). RapiDoc is imported when this page first shows, so it is a chunk of its
// own that neither the sign-in page nor the signed-in shell downloads (docs/decisions/0044). The
// platform administrator's page: the server answers anyone else 403 unless API_DOCS_PUBLIC is set.

/** The <rapi-doc> element once RapiDoc's code has run. */
type RapiDocElement = HTMLElement & { loadSpec(spec: unknown): void };

const loadViewer = async (): Promise<true> => {
  await import('rapidoc');
  await customElements.whenDefined('rapi-doc');
  return true;
};

/**
 * RapiDoc as a reader (no "try it", no spec loaded by URL or file), its own fonts not fetched (the
 * console runs offline too), paths in the navigation (few operations have a summary) and the
 * address left alone (the console's router owns it).
 */
const VIEWER_ATTRIBUTES: Record<string, string> = {
  'render-style': 'focused',
  theme: 'light',
  'show-header': 'false',
  'show-info': 'true',
  'allow-try': 'false',
  'allow-authentication': 'false',
  'allow-server-selection': 'false',
  'allow-spec-url-load': 'false',
  'allow-spec-file-load': 'false',
  'allow-search': 'true',
  'allow-advanced-search': 'false',
  'load-fonts': 'false',
  'update-route': 'false',
  'use-path-in-nav-bar': 'true',
  'show-method-in-nav-bar': 'as-colored-text',
  'nav-item-spacing': 'compact',
  'schema-style': 'table',
  'schema-expand-level': '2',
  'default-schema-tab': 'schema',
  'regular-font': 'inherit',
  'mono-font': 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  'bg-color': '#ffffff',
  'nav-bg-color': '#fafafa',
};

function operationCount(doc: OpenApiDocument): number {
  return Object.values(doc.paths).reduce((sum, operations) => sum + Object.keys(operations).length, 0);
}

function Viewer({ doc }: { doc: OpenApiDocument }) {
  const host = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  useEffect(() => {
    const container = host.current;
    if (!container) return undefined;
    const viewer = document.createElement('rapi-doc') as RapiDocElement;
    for (const [name, value] of Object.entries(VIEWER_ATTRIBUTES)) viewer.setAttribute(name, value);
    viewer.setAttribute('primary-color', token.colorPrimary);
    viewer.style.height = '100%';
    viewer.style.width = '100%';
    container.append(viewer);
    // RapiDoc resolves the references in the object it is given: a copy, the query's data stays.
    viewer.loadSpec(structuredClone(doc));
    return () => viewer.remove();
  }, [doc, token.colorPrimary]);
  // The page's height within the console's frame (1366×768: the viewer scrolls inside).
  return (
    <div
      ref={host}
      data-api-doc-viewer=""
      style={{
        height: 'calc(100vh - 250px)',
        minHeight: 320,
        border: `1px solid ${token.colorBorderSecondary}`,
      }}
    />
  );
}

function download(doc: OpenApiDocument) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = API_DOCS_PATH.split('/').at(-1)!;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export default function ApiDocPage() {
  const { t } = useTranslation();
  const titleId = useId();
  const doc = useQuery({ queryKey: ['develop', 'apidoc'], queryFn: openApiDocument, staleTime: Infinity });
  const viewer = useQuery({
    queryKey: ['develop', 'apidoc', 'viewer'],
    queryFn: loadViewer,
    staleTime: Infinity,
  });
  const summary = useMemo(
    () =>
      doc.data
        ? t('tool.apidoc.summary', {
            operations: operationCount(doc.data),
            areas: doc.data.tags?.length ?? 0,
          })
        : null,
    [doc.data, t],
  );
  const failed = doc.isError ? doc : viewer.isError ? viewer : null;
  return (
    <section aria-labelledby={titleId}>
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Flex vertical gap={2}>
            <Typography.Title id={titleId} level={4} style={{ margin: 0 }}>
              {t('tool.apidoc.title')}
            </Typography.Title>
            {summary && <Typography.Text type="secondary">{summary}</Typography.Text>}
          </Flex>
          <Button
            icon={<DownloadOutlined aria-hidden />}
            disabled={!doc.data}
            onClick={() => download(doc.data!)}
          >
            {t('tool.apidoc.download')}
          </Button>
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('tool.apidoc.hint')}
        </Typography.Text>
        {failed ? (
          <Alert
            type="error"
            showIcon
            message={t(doc.isError ? 'tool.apidoc.loadFailed' : 'tool.apidoc.viewerFailed')}
            description={failed.error instanceof RequestError ? failed.error.message : undefined}
            action={
              <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void failed.refetch()}>
                {t('tool.apidoc.retry')}
              </Button>
            }
          />
        ) : doc.data && viewer.data ? (
          <Viewer doc={doc.data} />
        ) : (
          <Card role="status" aria-busy="true" aria-label={t('tool.apidoc.loading')}>
            <Skeleton active />
          </Card>
        )}
      </Flex>
    </section>
  );
}
