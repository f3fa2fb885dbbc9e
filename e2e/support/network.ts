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

/**
 * The same for one socket.io client event (its frame is `42<ack id>["event",…]`):
 * every other frame, both ways, passes at once. Call before the page opens
 * its socket (before `goto`).
 */
export async function holdSocketEvent(page: Page, event: string): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage(async (message) => {
      if (typeof message === 'string' && message.startsWith(`42`) && message.includes(`["${event}"`)) await released;
      server.send(message);
    });
  });
  return { release };
}

/** Refuses the page's websocket (a proxy that drops it): the desk stays "reconnecting" while HTTP works. */
export async function refuseSocket(page: Page): Promise<void> {
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    void ws.close({ code: 1011, reason: 'refused by the test' });
  });
}
