import type { Locator } from 'playwright-core';

/**
 * Closes an antd dialog with its own close button and waits until it is gone. Escape only reaches
 * a dialog that holds the focus, and a confirmation that just closed may have taken it elsewhere.
 */
export async function closeDialog(dialog: Locator): Promise<void> {
  await dialog.locator('.ant-modal-close').click();
  await dialog.waitFor({ state: 'hidden' });
}
