import { Drawer, Layout } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigate, type UIMatch } from 'react-router';
import { website } from '../../config/website';
import type { RouteHandle } from '../document-title';
import { useLabelText } from '../menu/labels';
import { useButtonPermissions, useMenu } from '../menu/menu-queries';
import { setCollapsed, useSettings } from '../settings/settings-store';
import { THEMES } from '../settings/themes';
import { tabKey, tabUrl, visitOutcome } from '../tabs/tab-rules';
import { TabsBar } from '../tabs/TabsBar';
import { showTab, useTabs } from '../tabs/tabs-store';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { sidebarMode, useScreenClass } from './screen';
import { SidebarContent } from './Sidebar';
import { TopBar } from './TopBar';
import { ServerEvents } from '../events/ServerEvents';
import { ShellProviders } from '../ShellProviders';
import './layout.css';
import '../../i18n/console-texts';

const SIDER_WIDTH = 220;
const SIDER_COLLAPSED_WIDTH = 64;

/**
 * What the address on screen makes of the tabs bar: the route's or menu's label, the tab (or a new
 * window for a `target` query), and the key the page is kept under.
 */
function useVisit() {
  const location = useLocation();
  // Every handle in router.tsx is a RouteHandle.
  const matches = useMatches() as UIMatch<unknown, RouteHandle | undefined>[];
  const deepest = matches[matches.length - 1];
  const { table } = useMenu();
  const item = table.get(location.pathname);
  const title = deepest?.handle?.title;
  const params = deepest?.params;
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(location.search)), [location.search]);

  const outcome = useMemo(
    () =>
      visitOutcome({
        path: location.pathname,
        params,
        query,
        label: item ? item.name : title,
        i18n: item?.i18n,
        meta: item?.meta,
        group: item ? [item.to] : [],
      }),
    [location.pathname, params, query, item, title],
  );
  const pageKey =
    outcome.kind === 'tab'
      ? tabKey(outcome.tab)
      : outcome.kind === 'none'
        ? tabKey({ path: location.pathname, query })
        : undefined;
  return { location, outcome, pageKey, item, title };
}

/**
 * The console's frame for signed-in pages: sidebar, top bar, tabs bar and the main view, where each
 * open tab's page stays alive (KeepAliveOutlet). It also loads the button permissions, keeps the
 * tabs in step with the address, and titles the document after the page on screen. Its event stream
 * (ServerEvents) keeps messages and the pages' data current without polling.
 */
export default function MainLayout() {
  return (
    <ShellProviders>
      <ServerEvents />
      <MainFrame />
    </ShellProviders>
  );
}

function MainFrame() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const labelText = useLabelText();
  const screen = useScreenClass();
  const savedCollapsed = useSettings((state) => state.collapsed);
  const colors = THEMES[useSettings((state) => state.theme)].shell;
  const tabs = useTabs((state) => state.tabs);
  useButtonPermissions();

  // The collapse rule (screen.ts, sidebarMode): class 1 and class 0 keep their own state, which
  // starts afresh whenever the screen enters the class.
  const [narrowCollapsed, setNarrowCollapsed] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [lastScreen, setLastScreen] = useState(screen);
  if (screen !== lastScreen) {
    setLastScreen(screen);
    setNarrowCollapsed(true);
    setDrawerOpen(false);
  }
  const mode = sidebarMode({ screen, savedCollapsed, narrowCollapsed, drawerOpen });
  const toggleSidebar = () => {
    if (screen === 0) setDrawerOpen((open) => !open);
    else if (screen === 1) setNarrowCollapsed((collapsed) => !collapsed);
    else setCollapsed(!savedCollapsed);
  };
  const onMenuChosen = () => {
    if (screen === 0) setDrawerOpen(false);
    else if (screen === 1) setNarrowCollapsed(true);
  };

  const { location, outcome, pageKey, item, title } = useVisit();

  // A visit opens or updates its tab; a `target` visit opens a new window and goes back to the tab
  // the user was on. Once per navigation (React's development double effects must not open two windows).
  const lastTabUrl = useRef(website.homePath);
  const handled = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (outcome.kind === 'tab') {
      showTab(outcome.tab);
      lastTabUrl.current = tabUrl(outcome.tab);
    } else if (outcome.kind === 'window' && handled.current !== location.key) {
      handled.current = location.key;
      window.open(outcome.url, '_blank', 'noopener,noreferrer');
      void navigate(lastTabUrl.current, { replace: true });
    }
  }, [outcome, location.key, navigate]);

  // The document's title follows the page on screen, in the current language (spec §2).
  const product = t('app.title');
  const pageLabel =
    outcome.kind === 'tab'
      ? labelText(outcome.tab.label, outcome.tab.i18n)
      : item
        ? labelText(item.name, item.i18n)
        : title
          ? labelText(title)
          : undefined;
  useEffect(() => {
    document.title = pageLabel ? `${pageLabel} - ${product}` : product;
  }, [pageLabel, product]);

  const keepKeys = useMemo(
    () => new Set(tabs.filter((tab) => tab.meta.keepAlive !== false).map(tabKey)),
    [tabs],
  );
  const activeTabKey = outcome.kind === 'tab' ? pageKey : undefined;
  const group = outcome.kind === 'tab' ? outcome.tab.group : [];

  const sidebar = (collapsed: boolean) => (
    <SidebarContent collapsed={collapsed} colors={colors} group={group} onChosen={onMenuChosen} />
  );

  return (
    <Layout className="shell" data-screen={screen} data-sider={mode} hasSider={screen > 0}>
      {screen === 0 ? (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement="left"
          closable={false}
          size={SIDER_WIDTH}
          title={null}
          styles={{ body: { padding: 0, background: colors.siderBg } }}
        >
          <aside aria-label={t('shell.landmarks.sidebar')} className="shell-drawer-sider">
            {sidebar(false)}
          </aside>
        </Drawer>
      ) : (
        <Layout.Sider
          className="shell-sider"
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsed={mode === 'collapsed'}
          trigger={null}
          theme={colors.menu}
          aria-label={t('shell.landmarks.sidebar')}
        >
          {sidebar(mode === 'collapsed')}
        </Layout.Sider>
      )}
      <Layout className="shell-body">
        <TopBar screen={screen} sidebar={mode} onToggleSidebar={toggleSidebar} colors={colors} />
        <div style={{ background: colors.tabsBg }}>
          <TabsBar activeKey={activeTabKey} />
        </div>
        <KeepAliveOutlet activeKey={pageKey} keepKeys={keepKeys} />
      </Layout>
    </Layout>
  );
}
