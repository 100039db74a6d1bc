import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { website } from '../config/website';
import type { RouteHandle } from './document-title';
import { RootLayout } from './RootLayout';
import { SocialRedirect } from '../pages/login/social-callback';
import { LOGIN_PATH } from './session/guard';

// Each page is its own chunk, so the sign-in page does not download the pages behind it.
const LoginPage = lazy(() => import('../pages/login/LoginPage'));
const LockPage = lazy(() => import('../pages/lock/LockPage'));
const ErrorPage = lazy(() => import('../pages/error/ErrorPage'));
const HomePage = lazy(() => import('../pages/home/HomePage'));

/** A page that needs a session: without one, the guard sends the user to /login. */
const page = (title: NonNullable<RouteHandle['title']>): RouteHandle => ({ title });
/** A page that opens without a session. */
const publicPage = (title?: RouteHandle['title']): RouteHandle => ({ title, auth: false });

export const routes: RouteObject[] = [
  {
    // RootLayout holds the navigation guard (session/NavigationGuard.tsx), which reads the handles.
    element: <RootLayout />,
    children: [
      { path: LOGIN_PATH, element: <LoginPage />, handle: publicPage('login.title') },
      // Where BladeX's third-party providers return to; the sign-in page finishes the sign-in.
      { path: '/oauth/redirect/:source', element: <SocialRedirect />, handle: publicPage() },
      { path: website.lockPage, element: <LockPage />, handle: publicPage('lock.title') },
      { path: '/403', element: <ErrorPage status="403" />, handle: publicPage('error.403.title') },
      { path: '/404', element: <ErrorPage status="404" />, handle: publicPage('error.404.title') },
      { path: '/500', element: <ErrorPage status="500" />, handle: publicPage('error.500.title') },
      { path: '/', element: <Navigate to={website.homePath} replace /> },
      { path: website.homePath, element: <HomePage />, handle: page('home.title') },
      // Unknown paths, with or without a session.
      { path: '*', element: <Navigate to="/404" replace />, handle: publicPage() },
    ],
  },
];
