// A page that fell too far behind is told to reload. The server's side (a sync
// more than MAX_REPLAY_CHANGES behind answers `reload`) is covered by
// tests/integration/socket-abuse.test.ts; here the websocket is routed so the
// browser's real client gets that answer, and we check what the person sees.
import { expect, test } from './support/fixtures';
import { RELOAD_MESSAGE } from '../lib/realtime/events';
import { signIn } from './support/auth';

test('too far behind to catch up: the page says so and offers a reload that works', async ({ page }) => {
  let farBehind = true;
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      // socket.io frames a client event with an ack as 42<id>["event",payload].
      const sync = typeof message === 'string' ? /^42(\d+)\["sync"/.exec(message) : null;
      if (farBehind && sync) {
        ws.send(`43${sync[1]}${JSON.stringify([{ ok: true, data: { changes: [], latest: 1_000_000, more: false, reload: true, message: RELOAD_MESSAGE } }])}`);
        return;
      }
      server.send(message);
    });
  });
  await signIn(page, 'viewer@factdesk.test');
  const notice = page.getByTestId('reload-notice');
  await expect(notice).toContainText('Too much changed while you were away');
  await expect(notice.getByRole('button', { name: 'Reload' })).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/reload-notice.png' });

  farBehind = false;
  await page.evaluate(() => {
    (window as Window & { __marker?: number }).__marker = 1;
  });
  await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: 'Reload' }).click()]);
  await expect(page.getByTestId('connection-status')).toHaveAttribute('data-status', 'live');
  expect(await page.evaluate(() => (window as Window & { __marker?: number }).__marker)).toBeUndefined(); // a fresh document
  await expect(page.getByTestId('reload-notice')).toHaveCount(0);
});
