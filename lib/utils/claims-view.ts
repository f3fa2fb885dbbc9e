// How the claims list is shown: one list (the default) or grouped by story.
// Remembered in a cookie the page reads on the server, so the chosen view
// renders at once, with no flash of the other. Client-safe.
export const CLAIMS_VIEW_COOKIE = 'factdesk-claims-view';
export const CLAIMS_VIEWS = ['list', 'stories'] as const;
export type ClaimsView = (typeof CLAIMS_VIEWS)[number];

export function claimsView(cookie: string | undefined): ClaimsView {
  return cookie === 'stories' ? 'stories' : 'list';
}

/** A year: the choice outlives sessions, as a preference should. */
export const CLAIMS_VIEW_MAX_AGE = 365 * 24 * 60 * 60;
