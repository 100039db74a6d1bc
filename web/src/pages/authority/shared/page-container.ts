import { ConfigProvider } from 'antd';
import { useCallback, useContext } from 'react';

/**
 * Where a page's own dialogs render: the CRUD page's element (its ConfigProvider's popup
 * container), so a kept-alive tab that is hidden hides them too — as the kit's own dialogs.
 */
export function usePageContainer(): () => HTMLElement {
  const { getPopupContainer } = useContext(ConfigProvider.ConfigContext);
  return useCallback(() => getPopupContainer?.() ?? document.body, [getPopupContainer]);
}
