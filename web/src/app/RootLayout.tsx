import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useDocumentTitle } from './document-title';
import { useRevealApp } from './first-paint';
import { NavigationGuard } from './session/NavigationGuard';
import { Spinner } from './Spinner';

/** Committed with the first page (not with the spinner): the page replaces index.html's placeholder. */
function Revealed() {
  useRevealApp();
  return null;
}

/** Wraps every route: the document title, the navigation guard, and a spinner while a page's code downloads. */
export function RootLayout() {
  useDocumentTitle();
  return (
    <NavigationGuard>
      <Suspense
        fallback={
          <div
            style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '100vh' }}
          >
            <Spinner size="large" />
          </div>
        }
      >
        <Outlet />
        <Revealed />
      </Suspense>
    </NavigationGuard>
  );
}
