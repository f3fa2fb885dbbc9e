'use client';

// The claims list. Rows update in place from live changes (status, assignee,
// title), without reordering, so nothing jumps under the reviewer's cursor.
// A claim imported meanwhile joins the top of the first page when it matches
// the filters; when only the server can tell (a search, a later page), a
// notice offers to show it.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { formatDateTime, initials, languageName } from '@/lib/utils/format';
import { newClaimInList } from '@/lib/utils/list-membership';
import { dirAttribute } from '@/lib/utils/text-direction';
import type { ClaimOrigin as ClaimOriginData } from '@/lib/utils/claim-origin';
import type { ClaimSummary } from '@/lib/validation/claims';
import { ClaimOrigin } from './claim-origin';
import { PresenceAvatars } from './realtime/presence-avatars';
import { useDeskChanges, useRealtime } from './realtime/realtime-provider';
import { ExportDialog } from './export-dialog';
import { StatusBadge } from './status-badge';
import { HiddenCharactersBadge, VisibleText } from '@/components/visible-text';
import { revealInvisible } from '@/lib/utils/invisible-characters';

type Props = {
  claims: ClaimSummary[];
  names: Record<string, string>;
  /** Where the listed claims came from; a claim that arrives live has none yet and shows its key. */
  origins: Record<string, ClaimOriginData>;
  suffix: string;
  filterQuery: string;
  firstPage: boolean;
  /** Shown while the list has no rows (a claim imported meanwhile can still arrive). */
  empty: React.ReactNode;
};

/** Imported claims added to the list live, at most: a bigger import (a replay after a long absence) is a notice instead. */
const MAX_ADDED_LIVE = 25;

export function ClaimsTable({ claims: initial, names, origins, suffix, filterQuery, firstPage, empty }: Props) {
  const router = useRouter();
  const { me } = useRealtime();
  const [claims, setClaims] = useState(initial);
  const [source, setSource] = useState(initial);
  const [newClaims, setNewClaims] = useState(0);
  const [added, setAdded] = useState<string[]>([]);
  const [changed, setChanged] = useState<Record<string, number>>({});
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const allSelected = claims.length > 0 && claims.every((c) => selected.has(c.id));
  // A server refresh (filters, pagination) replaces the rows.
  if (source !== initial) {
    setSource(initial);
    setClaims(initial);
    setNewClaims(0);
    setAdded([]);
    setSelected(new Set());
  }

  useDeskChanges(({ event, claim }) => {
    if (!claim) return;
    if (event.action === 'claim.imported' || event.action === 'article.imported') {
      const known = claims.some((r) => r.id === claim.id);
      const fits = known ? 'no' : newClaimInList(claim, { filters: new URLSearchParams(filterQuery), firstPage, meId: me.id });
      if (fits === 'yes' && added.length < MAX_ADDED_LIVE) {
        setClaims((rows) => (rows.some((r) => r.id === claim.id) ? rows : [claim, ...rows]));
        setAdded((ids) => [...ids, claim.id]);
        setChanged((c) => ({ ...c, [claim.id]: event.seq }));
      } else if (fits !== 'no') {
        setNewClaims((n) => n + 1);
      }
      if (!known) return;
    }
    setClaims((rows) => rows.map((r) => (r.id === claim.id ? claim : r)));
    setChanged((c) => ({ ...c, [claim.id]: event.seq }));
  });

  const now = new Date();
  const notice = newClaims > 0 && (
    <div role="status" className="flex items-center justify-between rounded-lg border border-blue-200 bg-blue-50 px-4 py-2 text-sm">
      <span>
        {newClaims} new claim{newClaims === 1 ? ' was' : 's were'} imported.
      </span>
      <button type="button" className="font-medium text-blue-700 underline" onClick={() => router.refresh()}>
        Show
      </button>
    </div>
  );
  // Said once per claim added live; the rows themselves carry a "New" mark.
  const announcement = added.length > 0 && `${added.length} new claim${added.length === 1 ? '' : 's'} added at the top of the list.`;
  if (claims.length === 0) {
    return (
      <>
        {notice}
        {empty}
      </>
    );
  }
  return (
    <>
      <p role="status" className="sr-only" data-testid="added-live">
        {announcement}
      </p>
      <div className="flex items-center justify-end gap-3 text-sm">
        {selected.size > 0 && (
          <span className="text-slate-600">
            {selected.size} selected ·{' '}
            <button type="button" className="text-blue-700 underline" onClick={() => setSelected(new Set())}>
              Clear
            </button>
          </span>
        )}
        <ExportDialog filterQuery={filterQuery} selectedIds={[...selected]} />
      </div>
      {notice}
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full text-left text-sm" data-keyboard-list>
          <caption className="sr-only">Claims, most recently changed first. Press j and k to move, Enter to open.</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="w-10 py-2 pl-4">
                <input
                  type="checkbox"
                  aria-label="Select all claims on this page"
                  checked={allSelected}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(claims.map((c) => c.id)))}
                />
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Claim
              </th>
              <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell">
                Language
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Status
              </th>
              <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">
                Assigned
              </th>
              <th scope="col" className="hidden px-4 py-2 font-medium lg:table-cell">
                Last change
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {claims.map((c) => {
              const due = c.status === 'outdated' && c.reReviewAt && new Date(c.reReviewAt) <= now;
              const assignee = c.assigneeId ? (names[c.assigneeId] ?? 'Someone') : null;
              return (
                <tr
                  key={c.id}
                  data-testid="claim-row"
                  data-claim-id={c.id}
                  className={`hover:bg-slate-50 focus-within:bg-blue-50/50 ${changed[c.id] ? 'animate-[flash_1.5s_ease-out]' : ''}`}
                >
                  <td className="py-3 pl-4 align-top">
                    <input
                      type="checkbox"
                      aria-label={`Select “${revealInvisible(c.title)}”`}
                      checked={selected.has(c.id)}
                      onChange={() => toggle(c.id)}
                      className="mt-1"
                    />
                  </td>
                  <td className="px-4 py-3">
                    {/* The title in its own language and direction (right-aligned for Arabic), inside a table that stays left to right. */}
                    <div lang={c.language} dir={dirAttribute(c.language)} className="text-start" data-testid="claim-title">
                      <Link href={`/claims/${c.id}${suffix}`} data-claim-link className="font-medium text-slate-900 hover:text-blue-700 hover:underline">
                        <VisibleText text={c.title} />
                      </Link>
                      <HiddenCharactersBadge title={c.title} />
                      {added.includes(c.id) && (
                        <span
                          data-testid="new-row"
                          lang="en"
                          dir="ltr"
                          className="ms-2 rounded-full bg-blue-100 px-1.5 py-0.5 align-middle text-[11px] font-semibold text-blue-900"
                        >
                          New
                        </span>
                      )}
                    </div>
                    <div className="mt-0.5 flex items-center gap-2">
                      <ClaimOrigin origin={origins[c.id]} sourceKey={c.sourceKey} className="min-w-0 truncate text-xs text-slate-500" />
                      <PresenceAvatars claimId={c.id} />
                    </div>
                  </td>
                  <td className="hidden px-4 py-3 whitespace-nowrap md:table-cell">{languageName(c.language)}</td>
                  <td className="px-4 py-3">
                    <div className="flex flex-col items-start gap-1">
                      <StatusBadge status={c.status} />
                      {due && <span className="text-xs font-medium text-amber-800">Re-review due</span>}
                    </div>
                  </td>
                  <td className="hidden px-4 py-3 sm:table-cell">
                    {assignee ? (
                      <span title={assignee} className="inline-flex items-center gap-1.5">
                        <span aria-hidden className="flex h-6 w-6 items-center justify-center rounded-full bg-slate-200 text-[10px] font-semibold">
                          {initials(assignee)}
                        </span>
                        <span className="hidden xl:inline">{assignee}</span>
                        <span className="sr-only xl:hidden">{assignee}</span>
                      </span>
                    ) : (
                      <span className="text-slate-500">—</span>
                    )}
                  </td>
                  <td className="hidden px-4 py-3 whitespace-nowrap text-slate-600 lg:table-cell">
                    <time dateTime={c.updatedAt}>{formatDateTime(c.updatedAt)}</time>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
