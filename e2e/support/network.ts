import type { Page } from '@playwright/test';

/**
 * Holds matching requests (as a server whose database stopped answering would)
 * until `release()`, then carries them out against the real server. The
 * browser may have stopped waiting by then; its answer is dropped.
 */
export async function holdRequests(page: Page, url: string): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    const response = await route.fetch();
    await route.fulfill({ response }).catch(() => {});
  });
  return { release };
}
