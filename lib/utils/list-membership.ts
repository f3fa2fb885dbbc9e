// Whether a claim imported just now belongs in the claims list the browser
// shows, judged from the list's filters (as in the address) without asking the
// server. Client-safe: the list adds such a claim live (components/claims-table.tsx).
import type { ClaimSummary } from '../validation/claims';

/**
 * - 'yes': it matches the filters and the list shows the first page, where the
 *   newest claims are (the list is most recently changed first);
 * - 'no': a filter excludes it;
 * - 'unknown': only the server can tell (a search, or a later page).
 */
export type Membership = 'yes' | 'no' | 'unknown';

export function newClaimInList(
  claim: Pick<ClaimSummary, 'status' | 'language' | 'assigneeId' | 'reReviewAt'>,
  list: { filters: URLSearchParams; firstPage: boolean; meId: string },
): Membership {
  const { filters, meId } = list;
  const status = filters.get('status');
  const lang = filters.get('lang');
  const assigned = filters.get('assigned');
  if (status && status !== claim.status) return 'no';
  if (lang && lang !== claim.language) return 'no';
  if (assigned === 'me' && claim.assigneeId !== meId) return 'no';
  if (assigned === 'none' && claim.assigneeId !== null) return 'no';
  if (filters.get('due') && !(claim.status === 'outdated' && claim.reReviewAt !== null && new Date(claim.reReviewAt) <= new Date())) return 'no';
  // The search runs over normalised text the browser does not have; a later page holds older claims.
  if (filters.get('q') || !list.firstPage) return 'unknown';
  return 'yes';
}
