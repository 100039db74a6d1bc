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
  /** This instance of the page, its React key: a page opened again is a new one. */
  instance: number;
  /**
   * Its tab was closed while it was on screen. The address moves away in a transition, so a tab
   * opened again at once can come back before React ever rendered the page left: a visit to a new
   * location then opens a new instance instead of finding the closed one (spec §4: a closed tab's
   * page starts afresh).
   */
  closed?: boolean;
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
  const instances = useRef(0);
  const keptBefore = useRef(keepKeys);
  const main = useRef<HTMLElement>(null);

  // The page on screen takes the current outlet; the hidden ones keep theirs. Pages no longer kept
  // (closed tabs, pages without a tab once left) are dropped, and so is a closed tab's page still on
  // screen once the address is another visit's. Writing the refs here is idempotent for the same
  // render, so React's double rendering in development changes nothing.
  const kept = pages.current;
  for (const [key, page] of kept) {
    if (keepKeys.has(key)) continue;
    if (keptBefore.current.has(key)) page.closed = true;
    if (key !== activeKey || (page.closed && page.location.location.key !== location.location.key)) {
      kept.delete(key);
      scrollTops.current.delete(key);
    }
  }
  keptBefore.current = keepKeys;
  if (activeKey !== undefined) {
    const shown = kept.get(activeKey);
    const instance = shown?.instance ?? ++instances.current;
    kept.set(activeKey, { instance, closed: shown?.closed, element: outlet, location });
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
        <Activity key={page.instance} mode={key === activeKey ? 'visible' : 'hidden'}>
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
