/**
 * The main layout's chunk and the home page's. The router loads them for the first signed-in page;
 * the sign-in page starts the same downloads earlier (preloadSignedIn), so that the code is there,
 * or on its way, when the server has accepted the password.
 */
export const loadMainLayout = () => import('./MainLayout');
export const loadHomePage = () => import('../../pages/home/HomePage');

let preloading = false;

/**
 * Starts downloading the signed-in console once: when the user starts filling in the sign-in form
 * (typing takes seconds; the download far less) and, at the latest, when the form is sent. A failure
 * is not reported here: the router loads the chunks again after sign-in and reports it then.
 */
export function preloadSignedIn(): void {
  if (preloading) return;
  preloading = true;
  const failed = () => {
    preloading = false;
  };
  loadMainLayout().catch(failed);
  loadHomePage().catch(failed);
}
