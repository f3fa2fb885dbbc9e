// Canonical encoding and SHA-256 hash of an audit event: the basis of the chain.
import 'server-only';
import { createHash } from 'node:crypto';

export const GENESIS_HASH = '0'.repeat(64);

// Sorted keys at every depth, so the encoding survives a JSONB round trip.
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * An event exactly as stored, whatever its action: the chain covers the stored
 * JSON, not what today's schema makes of it, so old rows keep verifying.
 */
export type ChainedEvent = {
  seq: number;
  at: string;
  actorId: string | null;
  actorLabel: string;
  action: string;
  claimId: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  requestId: string | null;
  prevHash: string;
};

export function hashEvent(event: ChainedEvent): string {
  const content = {
    seq: event.seq,
    at: event.at,
    actorId: event.actorId,
    actorLabel: event.actorLabel,
    action: event.action,
    claimId: event.claimId,
    before: event.before,
    after: event.after,
    reason: event.reason,
    requestId: event.requestId,
    prevHash: event.prevHash,
  };
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}
