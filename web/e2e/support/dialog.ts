import type { Locator, Page } from 'playwright-core';

/**
 * Closes an antd dialog with its own close button and waits until it is gone. Escape only reaches
 * a dialog that holds the focus, and a confirmation that just closed may have taken it elsewhere.
 */
export async function closeDialog(dialog: Locator): Promise<void> {
  await dialog.locator('.ant-modal-close').click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Resolves once the element's CSS animations (its own and its descendants') have finished. */
export async function animationsDone(element: Locator): Promise<void> {
  await element.evaluate((node) =>
    Promise.all(node.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
}

/**
 * Answers 确定 in the open confirmation once it has finished opening. antd zooms a confirmation in
 * from the button that opened it: on a loaded machine a click aimed while it still moved could land
 * beside the button, leaving the confirmation open and the action undone.
 */
export async function confirmOk(page: Page): Promise<void> {
  const confirmation = page.locator('.ant-modal-confirm').last();
  await confirmation.waitFor();
  // antd starts the zoom a frame or two after the element shows (its motion classes first, then the
  // CSS animation): until then there is no animation to wait for, and the click could still land
  // while it moves. So first until the motion classes are gone, then until any animation has ended.
  await confirmation.evaluate(async (node) => {
    while (node.isConnected && /\bant-zoom-/.test(node.className))
      await new Promise((resolve) => requestAnimationFrame(resolve));
  });
  await animationsDone(confirmation);
  await confirmation.getByRole('button', { name: '确定' }).click();
}
