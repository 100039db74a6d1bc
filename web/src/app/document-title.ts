import type { ParseKeys } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches, type UIMatch } from 'react-router';

/** What a route in router.tsx declares about itself. */
export interface RouteHandle {
  /** The page's title: shown in the browser tab before the product's name. */
  title?: ParseKeys;
  /** false: the route opens without a session (the guard's "not needing auth"). */
  auth?: false;
  /** The main layout: it titles the document after the page on screen (its tab's label). */
  titleFromTab?: true;
}

/**
 * Keeps `document.title` on the deepest titled route, in the current language. Inside the main
 * layout the layout does it (its pages' titles follow their tabs, menu pages included).
 */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  // Every handle in router.tsx is a RouteHandle.
  const matches = useMatches() as UIMatch<unknown, RouteHandle | undefined>[];
  const pageTitle = matches.findLast((match) => match.handle?.title)?.handle?.title;
  const byLayout = matches.some((match) => match.handle?.titleFromTab);

  useEffect(() => {
    if (byLayout) return;
    const product = t('app.title');
    document.title = pageTitle ? `${t(pageTitle)} - ${product}` : product;
  }, [pageTitle, byLayout, t]);
}
