// The words for a claim's status, the same on every page, export and notice.
// Client-safe: components, exports and audit wording all import it.
import type { ClaimStatus } from '../validation/claims';

export const STATUS_LABELS: Record<ClaimStatus, string> = {
  unreviewed: 'Unreviewed',
  verified: 'Verified',
  disputed: 'Disputed',
  outdated: 'Outdated',
};

/** The status as a word inside a sentence ("marked it verified"). */
export const statusWord = (status: ClaimStatus): string => STATUS_LABELS[status].toLowerCase();
