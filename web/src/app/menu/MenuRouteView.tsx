import type { ComponentType, LazyExoticComponent } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { pageRegistry } from '../../pages/registry';
import { lazyPage } from '../chunk-load';
import { MenuLoadFailed, PageNotReady } from '../layout/PageState';
import { PageSpinner } from '../layout/PageSpinner';
import { useLabelText } from './labels';
import { useMenu } from './menu-queries';
import { indexRouteOf, pageKeyOf } from './routes';

const pages = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazily loaded page of a registry key, made once so that React keeps it across renders. */
function pageOf(key: string): LazyExoticComponent<ComponentType> | undefined {
  const load = Object.hasOwn(pageRegistry, key) ? pageRegistry[key] : undefined;
  if (!load) return undefined;
  let page = pages.get(key);
  if (!page) {
    page = lazyPage(load);
    pages.set(key, page);
  }
  return page;
}

/**
 * The catch-all route of the main layout: a page of the user's menu. The path comes from the route's
 * own parameter (not the current location), so a page kept alive in a hidden tab stays the page it
 * was. A menu path without its `/index`: that page. Not in the menu: /404. In the menu without
 * code yet: "not available yet".
 */
export default function MenuRouteView() {
  const splat = useParams()['*'] ?? '';
  const path = `/${splat}`.replace(/\/+$/, '');
  const menu = useMenu();
  const labelText = useLabelText();
  const { search, hash } = useLocation();

  if (menu.status === 'pending') return <PageSpinner />;
  if (menu.status === 'error') return <MenuLoadFailed onRetry={menu.refetch} />;
  const item = menu.table.get(path);
  const route = indexRouteOf(menu.table, path);
  if (route) return <Navigate to={`${route}${search}${hash}`} replace />;
  if (!item) return <Navigate to="/404" replace />;
  const Page = pageOf(pageKeyOf(item.to));
  if (!Page) return <PageNotReady name={labelText(item.name, item.i18n)} />;
  return <Page />;
}
