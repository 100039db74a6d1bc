/**
 * The main layout's chunk and the home page's. The router loads them for the first signed-in page;
 * the sign-in page starts the same downloads when the form is sent, so that code arrives while the
 * server checks the password instead of after it.
 */
export const loadMainLayout = () => import('./MainLayout');
export const loadHomePage = () => import('../../pages/home/HomePage');
