import { Flex, Spin } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useDocumentTitle } from './document-title';
import { NavigationGuard } from './session/NavigationGuard';

/** Wraps every route: the document title, the navigation guard, and a spinner while a page's code downloads. */
export function RootLayout() {
  useDocumentTitle();
  return (
    <NavigationGuard>
      <Suspense
        fallback={
          <Flex justify="center" align="center" style={{ minHeight: '100vh' }}>
            <Spin size="large" />
          </Flex>
        }
      >
        <Outlet />
      </Suspense>
    </NavigationGuard>
  );
}
