import {
  Activity,
  Suspense,
  useContext,
  useLayoutEffect,
  useRef,
  type ContextType,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_LocationContext as LocationContext, useOutlet } from 'react-router';
import { PageErrorBoundary } from './PageErrorBoundary';
import { PageSpinner } from './PageSpinner';
import '../../i18n/console-texts';

interface KeptPage {
  element: ReactNode;
  /** The location the page last had while visible: a hidden page keeps seeing it. */
  location: ContextType<typeof LocationContext>;
}

interface KeepAliveOutletProps {
  /**
   * The key of the page on screen: its tab's key (tab-rules.ts), or its path when it has no tab.
   * undefined: nothing of the current address is shown (a visit that opens a new window instead).
   */
  activeKey: string | undefined;
  /** The keys to keep alive while hidden: the open tabs (minus those with meta.keepAlive false). */
  keepKeys: ReadonlySet<string>;
}

/**
 * The main view with pages kept alive (spec §4, "Tab pages stay alive"). Each visit's outlet element
 * (useOutlet) is cached under its tab's key, and every cached page stays mounted inside React's
 * `<Activity>`: the active one `visible`, the others `hidden` (display:none, effects cleaned up,
 * state and DOM kept). So switching tabs keeps a page's filters, form input and open dialogs.
 * Closing a tab drops its key from `keepKeys`, and with it the element: the page unmounts.
 *
 * A hidden page keeps the location it last had (react-router's location context), so it does not
 * re-render for another tab's address. The scroll position of the main area is saved per page and
 * restored on switching, since a display:none page loses it.
 */
export function KeepAliveOutlet({ activeKey, keepKeys }: KeepAliveOutletProps) {
  const { t } = useTranslation();
  const outlet = useOutlet();
  const location = useContext(LocationContext);
  const pages = useRef(new Map<string, KeptPage>());
  const scrollTops = useRef(new Map<string, number>());
  const shownKey = useRef<string | undefined>(activeKey);
  const main = useRef<HTMLElement>(null);

  // The page on screen takes the current outlet; the hidden ones keep theirs. Pages no longer kept
  // (closed tabs, pages without a tab once left) are dropped. Writing the ref here is idempotent for
  // the same render, so React's double rendering in development changes nothing.
  const kept = pages.current;
  if (activeKey !== undefined) kept.set(activeKey, { element: outlet, location });
  for (const key of [...kept.keys()]) {
    if (key !== activeKey && !keepKeys.has(key)) {
      kept.delete(key);
      scrollTops.current.delete(key);
    }
  }

  // Before paint: the page that became visible gets its scroll position back.
  useLayoutEffect(() => {
    shownKey.current = activeKey;
    if (main.current && activeKey !== undefined) {
      main.current.scrollTop = scrollTops.current.get(activeKey) ?? 0;
    }
  }, [activeKey]);

  return (
    <main
      ref={main}
      className="shell-main"
      aria-label={t('shell.landmarks.main')}
      onScroll={(event) => {
        if (shownKey.current !== undefined)
          scrollTops.current.set(shownKey.current, event.currentTarget.scrollTop);
      }}
    >
      {[...kept].map(([key, page]) => (
        <Activity key={key} mode={key === activeKey ? 'visible' : 'hidden'}>
          <LocationContext.Provider value={page.location}>
            <PageErrorBoundary>
              <Suspense fallback={<PageSpinner />}>{page.element}</Suspense>
            </PageErrorBoundary>
          </LocationContext.Provider>
        </Activity>
      ))}
    </main>
  );
}
