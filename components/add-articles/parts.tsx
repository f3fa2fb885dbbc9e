'use client';

// Small pieces the article cards and the outcome list share.
import Link from 'next/link';
import type { Item } from './import-items';
import { VisibleText } from '@/components/visible-text';

export const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A claim by its title. `newTab` while the page still holds work that following the link would lose. */
export function ClaimLink({ claim, newTab = false }: { claim: { claimId: string; title: string }; newTab?: boolean }) {
  return (
    <Link
      href={`/claims/${claim.claimId}`}
      className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900"
      data-testid="claim-link"
      {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}
    >
      <bdi>
        <VisibleText text={claim.title} />
      </bdi>
      {newTab && <span className="sr-only"> (opens in a new tab)</span>}
    </Link>
  );
}

/** The upload's progress, then "checking" while the server works on it. */
export function SendProgress({ item }: { item: Item }) {
  const sent = item.progress >= 1;
  const verb = item.phase === 'importing' ? 'Importing' : 'Previewing';
  const label = sent ? `${verb} ${item.label}: checking` : `${verb} ${item.label}: sending`;
  return (
    <div className="mt-3 space-y-1" data-testid="send-progress">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={sent ? undefined : Math.round(item.progress * 100)}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full bg-blue-600 transition-[width] ${sent ? 'animate-pulse' : ''}`}
          style={{ width: `${Math.max(4, Math.round(item.progress * 100))}%` }}
        />
      </div>
      <p className="text-xs text-slate-600">{sent ? 'Sent; Factdesk is reading it…' : `Sending… ${percent(item.progress)}`}</p>
    </div>
  );
}

const TONES = {
  neutral: 'bg-slate-100 text-slate-700',
  good: 'bg-emerald-100 text-emerald-900',
  warn: 'bg-amber-100 text-amber-950',
  bad: 'bg-red-100 text-red-900',
  busy: 'bg-blue-100 text-blue-900',
} as const;

function badgeOf(item: Item): [string, keyof typeof TONES] {
  if (item.phase === 'ready') return ['Not previewed yet', 'neutral'];
  if (item.phase === 'previewing') return ['Previewing…', 'busy'];
  if (item.phase === 'importing') return ['Importing…', 'busy'];
  if (item.phase === 'failed') return ['Not sent', 'bad'];
  const outcome = item.preview?.outcome;
  if (outcome === 'created') return ['New', 'good'];
  if (outcome === 'near_duplicate') return item.confirmNearDuplicate ? ['Near-duplicate: will be imported', 'warn'] : ['Near-duplicate', 'warn'];
  if (outcome === 'duplicate' || outcome === 'unchanged') return ['Already on the desk', 'neutral'];
  if (outcome === 'refused') return ['Cannot be imported', 'bad'];
  return ['Previewed', 'neutral'];
}

export function StateBadge({ item }: { item: Item }) {
  const [text, tone] = badgeOf(item);
  return (
    <span data-testid="article-state" className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${TONES[tone]}`}>
      {text}
    </span>
  );
}
