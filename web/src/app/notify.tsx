import { ConfigProvider, message } from 'antd';
import { ThemedConfigProvider } from './AppProviders';

// Loaded on the first message only (main.tsx), so antd's message code is not part of every page's
// first download. The static `message` renders outside the React tree; this gives it the console's
// theme and colour.
ConfigProvider.config({
  holderRender: (children) => <ThemedConfigProvider>{children}</ThemedConfigProvider>,
});

export function notifyError(text: string): void {
  void message.error(text);
}
