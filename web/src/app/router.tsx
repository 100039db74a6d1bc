import { lazy, type ReactNode } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { website } from '../config/website';
import { SocialRedirect } from '../pages/login/social-callback';
import { lazyPage, withChunkTimeout } from './chunk-load';
import type { RouteHandle } from './document-title';
import { RouteErrorView } from './ErrorFallback';
import { loadHomePage, loadMainLayout } from './layout/load-main-layout';
import { RootLayout } from './RootLayout';
import { LOGIN_PATH, loginPath, PASSWORD_CHANGE_PATH, SECOND_FACTOR_SETUP_PATH } from './session/guard';
import { useSession } from './session/session-store';

// Each page is its own chunk, and so is the main layout with everything of the shell (sidebar, top
// bar, tabs, settings, error log dialog, menu routes): the sign-in page downloads none of them.
const LoginPage = lazyPage(() => import('../pages/login/LoginPage'));
const LockPage = lazyPage(() => import('../pages/lock/LockPage'));
const PasswordChangePage = lazyPage(() => import('../pages/password-change/PasswordChangePage'));
const SecondFactorSetupPage = lazyPage(() => import('../pages/second-factor/SecondFactorSetupPage'));
const ErrorPage = lazyPage(() => import('../pages/error/ErrorPage'));
const MainLayout = lazy(withChunkTimeout(loadMainLayout));
const MenuRouteView = lazy(withChunkTimeout(() => import('./menu/MenuRouteView')));
const HomePage = lazyPage(loadHomePage);
const InfoPage = lazyPage(() => import('../pages/info'));
const TestPage = lazyPage(() => import('../pages/test'));
const DictHorizontalPage = lazyPage(() => import('../pages/dict-horizontal'));
const DictVerticalPage = lazyPage(() => import('../pages/dict-vertical'));
const IframePage = lazyPage(() => import('../pages/iframe'));
const LeavePage = lazyPage(() => import('../pages/work/leave'));
const MessageCenterPage = lazyPage(() => import('../pages/message'));

/** A page that needs a session: without one, the guard sends the user to /login. */
const page = (title: NonNullable<RouteHandle['title']>): RouteHandle => ({ title });
/** A page that opens without a session. */
const publicPage = (title?: RouteHandle['title']): RouteHandle => ({ title, auth: false });

/**
 * The main layout, for signed-in users only: without a session the layout is not even downloaded.
 * Every route under it needs a session, its catch-all too: signed out, the navigation guard leads
 * any such address (a bookmarked menu page, a page whose session just ended) to /login with the
 * address to come back to; signed in, an address outside the user's menu is /404 (spec §2).
 */
function SignedInLayout(): ReactNode {
  const signedIn = useSession((state) => state.token !== undefined);
  const location = useLocation();
  return signedIn ? <MainLayout /> : <Navigate to={loginPath(location.pathname, location.search)} replace />;
}

export const routes: RouteObject[] = [
  {
    // RootLayout holds the navigation guard (session/NavigationGuard.tsx), which reads the handles.
    element: <RootLayout />,
    // A page or the layout whose code did not download, or a render error outside the main view.
    errorElement: <RouteErrorView />,
    children: [
      { path: LOGIN_PATH, element: <LoginPage />, handle: publicPage('login.title') },
      // Where BladeX's third-party providers return to; the sign-in page finishes the sign-in.
      { path: '/oauth/redirect/:source', element: <SocialRedirect />, handle: publicPage() },
      { path: website.lockPage, element: <LockPage />, handle: publicPage('lock.title') },
      // Outside the shell: a session whose password must be changed may load nothing else.
      { path: PASSWORD_CHANGE_PATH, element: <PasswordChangePage />, handle: page('password.changeTitle') },
      // Likewise a session that must set up a second factor first (issue 48).
      {
        path: SECOND_FACTOR_SETUP_PATH,
        element: <SecondFactorSetupPage />,
        handle: page('secondFactor.setupTitle'),
      },
      { path: '/403', element: <ErrorPage status="403" />, handle: publicPage('error.403.title') },
      { path: '/404', element: <ErrorPage status="404" />, handle: publicPage('error.404.title') },
      { path: '/500', element: <ErrorPage status="500" />, handle: publicPage('error.500.title') },
      { path: '/', element: <Navigate to={website.homePath} replace /> },
      {
        // The shell (spec §2): the fixed pages, then every page of the user's menu.
        id: 'main',
        element: <SignedInLayout />,
        handle: { titleFromTab: true } satisfies RouteHandle,
        children: [
          { path: website.homePath, element: <HomePage />, handle: page('home.title') },
          { path: '/info/index', element: <InfoPage />, handle: page('shell.pages.info') },
          { path: '/test/index', element: <TestPage />, handle: page('shell.pages.test') },
          // Every user's own messages (issue 47): no menu grant needed.
          {
            path: '/desk/message/index',
            element: <MessageCenterPage />,
            handle: page('shell.pages.message'),
          },
          {
            path: '/dict-horizontal/index',
            element: <DictHorizontalPage />,
            handle: page('shell.pages.dictHorizontal'),
          },
          {
            path: '/dict-vertical/index',
            element: <DictVerticalPage />,
            handle: page('shell.pages.dictVertical'),
          },
          { path: '/myiframe/:routerPath', element: <IframePage />, handle: page('shell.pages.iframe') },
          {
            path: '/work/process/leave/form/:processDefinitionId',
            element: <LeavePage view="form" />,
            handle: page('shell.pages.leaveForm'),
          },
          {
            path: '/work/process/leave/handle/:taskId/:processInstanceId/:businessId',
            element: <LeavePage view="handle" />,
            handle: page('shell.pages.leaveHandle'),
          },
          {
            path: '/work/process/leave/detail/:processInstanceId/:businessId',
            element: <LeavePage view="detail" />,
            handle: page('shell.pages.leaveDetail'),
          },
          // The user's menu pages (menu/routes.ts); once signed in, an address that is none of them
          // goes to /404.
          { path: '*', element: <MenuRouteView /> },
        ],
      },
    ],
  },
];
