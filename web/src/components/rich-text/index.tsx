import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import './locales';
import type { RichTextEditorProps } from './RichTextEditor';

export { SafeHtml } from './SafeHtml';
export type { RichTextEditorProps };

// tiptap is a large download: only a form that edits rich text fetches it, when it first shows.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** The rich-text form control, loaded on demand; a spinner while it downloads. */
export function RichTextField(props: RichTextEditorProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={<Spin style={{ display: 'block', padding: 24 }} description={t('desk.richText.loading')} />}
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
