// "The page has settled": no router refresh or navigation of the desk is in
// flight, nothing in the document has changed for a moment, and it has a
// title. Checks that read the whole document (axe) wait for it, or they may
// read a page that React is still swapping in.
//
// Why the title in particular: each router.refresh() re-mounts the page's
// metadata in <head>. When React commits the refreshed payload before its
// metadata part has streamed in, the metadata's Suspense boundary commits
// empty, and the document has no <title> until React reveals the boundary,
// no sooner than 300 ms after that commit (React's reveal throttle; seen:
// 305-323 ms without a <title>, then the same title again).
import { type BrowserContext, expect, type Page } from '@playwright/test';

type Settling = { routerRequests: number; lastChange: number };

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges into the DOM's Window.
  interface Window {
    __e2eSettling?: Settling;
  }
}

/**
 * A refresh's request starts within a task of router.refresh() (at most 34 ms
 * measured, CPU slowed 5x): a page quiet for this long has none still to start.
 */
const QUIET_MS = 200;

/**
 * Counts the router's requests for page data (fetches with an `RSC` header;
 * prefetches change nothing on screen and are left out) and notes when one
 * starts or ends and when the document changes. Add to a context before its pages open.
 */
export async function trackSettling(context: BrowserContext) {
  await context.addInitScript(() => {
    if (window.top !== window) return;
    const state: Settling = { routerRequests: 0, lastChange: performance.now() };
    window.__e2eSettling = state;
    const changed = () => {
      state.lastChange = performance.now();
    };
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      if (!headers.has('rsc') || headers.has('next-router-prefetch')) return fetch(input, init);
      state.routerRequests += 1;
      changed();
      let open = true;
      const done = () => {
        if (!open) return;
        open = false;
        state.routerRequests -= 1;
        changed();
      };
      // Over when the whole answer has been read, not when its headers arrive:
      // React renders the payload while it streams in.
      return fetch(input, init).then(
        (response) => {
          response.clone().arrayBuffer().then(done, done);
          return response;
        },
        (error: unknown) => {
          done();
          throw error;
        },
      );
    };
    new MutationObserver(changed).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

/**
 * Waits until the page has settled; fails (after the expect timeout) naming
 * what did not settle, e.g. a title that never came back.
 * `navigationHeld`: the test holds a navigation on purpose (a loading state),
 * so only the title and a quiet document are waited for.
 */
export async function settled(page: Page, options: { navigationHeld?: boolean } = {}) {
  const read = () =>
    page.evaluate((quietMs) => {
      const state = window.__e2eSettling;
      return {
        tracked: Boolean(state),
        loaded: document.readyState === 'complete',
        title: document.title.trim(),
        routerRequests: state?.routerRequests ?? -1,
        quiet: state ? performance.now() - state.lastChange >= quietMs : false,
      };
    }, QUIET_MS);
  await expect
    .poll(read, { message: `the page at ${page.url()} did not settle: a router request in flight, the document still changing, or no <title>` })
    .toEqual({
      tracked: true,
      loaded: true,
      title: expect.stringMatching(/\S/),
      routerRequests: options.navigationHeld ? expect.any(Number) : 0,
      quiet: true,
    });
}
