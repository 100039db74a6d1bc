import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { website } from '../config/website';
import type { RouteHandle } from './document-title';
import { RequireAuth } from './RequireAuth';
import { RootLayout } from './RootLayout';

// Each page is its own chunk, so the sign-in page does not download the pages behind it.
const LoginPage = lazy(() => import('../pages/login/LoginPage'));
const LockPage = lazy(() => import('../pages/lock/LockPage'));
const ErrorPage = lazy(() => import('../pages/error/ErrorPage'));
const HomePage = lazy(() => import('../pages/home/HomePage'));

const pageTitle = (title: RouteHandle['title']): RouteHandle => ({ title });

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      // Public: open without a session.
      { path: '/login', element: <LoginPage />, handle: pageTitle('login.title') },
      { path: website.lockPage, element: <LockPage />, handle: pageTitle('lock.title') },
      { path: '/403', element: <ErrorPage status="403" />, handle: pageTitle('error.403.title') },
      { path: '/404', element: <ErrorPage status="404" />, handle: pageTitle('error.404.title') },
      { path: '/500', element: <ErrorPage status="500" />, handle: pageTitle('error.500.title') },
      {
        // Needs a session: without one, the guard sends the user to /login.
        element: <RequireAuth />,
        children: [
          { path: '/', element: <Navigate to={website.homePath} replace /> },
          { path: website.homePath, element: <HomePage />, handle: pageTitle('home.title') },
        ],
      },
      // Unknown paths, with or without a session.
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];
