'use client';

// The claims list grouped by story: each story with its articles that match
// the list's filters (at most ten, the rest counted and linked). Live changes
// move claims between groups (a split, a merge, a move), add imported ones to
// their story, update statuses in place, and drop stories merged away. Groups
// already shown keep their place.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { languageName } from '@/lib/utils/format';
import { newClaimInList } from '@/lib/utils/list-membership';
import { applyGroupChanges, type GroupsState, type StoryGroup } from '@/lib/utils/story-live';
import type { ClaimOrigin as ClaimOriginData } from '@/lib/utils/claim-origin';
import { dirAttribute } from '@/lib/utils/text-direction';
import { ClaimOrigin } from '../claim-origin';
import { PresenceAvatars } from '../realtime/presence-avatars';
import { useDeskChanges, useRealtime } from '../realtime/realtime-provider';
import { StatusBadge } from '../status-badge';
import { ExportDialog } from '../export-dialog';
import { DecidedBar } from './decided-bar';
import { LanguageTags } from './language-tags';
import { HiddenCharactersBadge, VisibleText } from '@/components/visible-text';

type Props = {
  groups: StoryGroup[];
  names: Record<string, string>;
  /** Where the listed claims came from; a claim that arrives live has none yet and shows its key. */
  origins: Record<string, ClaimOriginData>;
  suffix: string;
  filterQuery: string;
  firstPage: boolean;
  empty: React.ReactNode;
};

export function GroupedClaims({ groups: initial, names, origins, suffix, filterQuery, firstPage, empty }: Props) {
  const router = useRouter();
  const { me } = useRealtime();
  const [state, setState] = useState<GroupsState>({ groups: initial, added: [], elsewhere: 0 });
  const [source, setSource] = useState(initial);
  const [changed, setChanged] = useState<Record<string, number>>({});
  if (source !== initial) {
    setSource(initial);
    setState({ groups: initial, added: [], elsewhere: 0 });
  }

  useDeskChanges((change) => {
    const filters = new URLSearchParams(filterQuery);
    setState((s) => applyGroupChanges(s, change, (c) => newClaimInList(c, { filters, firstPage, meId: me.id }), firstPage));
    const touched = [...(change.claims ?? []), ...(change.claim ? [change.claim] : [])].map((c) => c.id);
    if (touched.length) setChanged((c) => ({ ...c, ...Object.fromEntries(touched.map((id) => [id, change.event.seq])) }));
  });

  const { groups, added, elsewhere } = state;
  return (
    <>
      <p role="status" className="sr-only" data-testid="grouped-live">
        {added.length > 0 && `${added.length} article${added.length === 1 ? '' : 's'} moved or added live.`}
      </p>
      {elsewhere > 0 && (
        <div role="status" className="flex items-center justify-between rounded-lg border border-blue-200 bg-blue-50 px-4 py-2 text-sm">
          <span>
            {elsewhere} article{elsewhere === 1 ? '' : 's'} changed story or arrived; this page may not show {elsewhere === 1 ? 'it' : 'them'}.
          </span>
          <button type="button" className="font-medium text-blue-700 underline" onClick={() => router.refresh()}>
            Show
          </button>
        </div>
      )}
      <div className="flex justify-end">
        <ExportDialog filterQuery={filterQuery} selectedIds={[]} />
      </div>
      {groups.length === 0 ? (
        empty
      ) : (
        <div className="space-y-4" data-testid="story-groups" data-keyboard-list>
          {groups.map(({ story, claims, matching }) => (
            <section
              key={story.id}
              aria-labelledby={`group-${story.id}`}
              data-testid="story-group"
              data-story-id={story.id}
              className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
            >
              <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 bg-slate-50 px-4 py-2.5">
                <h2 id={`group-${story.id}`} className="min-w-0 flex-1 basis-64 font-semibold leading-snug">
                  <Link href={`/stories/${story.id}`} className="text-slate-900 hover:text-blue-700 hover:underline">
                    <bdi dir="auto">
                      <VisibleText text={story.title} />
                    </bdi>
                  </Link>
                </h2>
                <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-700">
                  <span data-testid="group-size">
                    {story.size} article{story.size === 1 ? '' : 's'}
                  </span>
                  <DecidedBar decided={story.decided} size={story.size} className="w-12" />
                  <LanguageTags languages={story.languages} max={4} />
                  {story.pendingSuggestions > 0 && (
                    <span className="rounded-full bg-amber-100 px-2 py-px text-[11px] font-semibold text-amber-950">
                      {story.pendingSuggestions} suggested link{story.pendingSuggestions === 1 ? '' : 's'}
                    </span>
                  )}
                </span>
              </header>
              <ul className="divide-y divide-slate-100 text-sm">
                {claims.map((c) => {
                  const assignee = c.assigneeId ? (names[c.assigneeId] ?? 'Someone') : null;
                  return (
                    <li
                      key={c.id}
                      data-testid="claim-row"
                      data-claim-id={c.id}
                      className={`flex flex-wrap items-start gap-x-4 gap-y-1 px-4 py-2.5 hover:bg-slate-50 focus-within:bg-blue-50/50 ${changed[c.id] ? 'animate-[flash_1.5s_ease-out]' : ''}`}
                    >
                      <div className="min-w-0 flex-1 basis-64">
                        <div lang={c.language} dir={dirAttribute(c.language)} className="text-start" data-testid="claim-title">
                          <Link href={`/claims/${c.id}${suffix}`} data-claim-link className="font-medium text-slate-900 hover:text-blue-700 hover:underline">
                            <VisibleText text={c.title} />
                          </Link>
                          <HiddenCharactersBadge title={c.title} />
                          {added.includes(c.id) && (
                            <span
                              lang="en"
                              dir="ltr"
                              className="ms-2 rounded-full bg-blue-100 px-1.5 py-0.5 align-middle text-[11px] font-semibold text-blue-900"
                            >
                              New here
                            </span>
                          )}
                        </div>
                        <div className="mt-0.5 flex items-center gap-2">
                          <ClaimOrigin origin={origins[c.id]} sourceKey={c.sourceKey} className="min-w-0 truncate text-xs text-slate-500" />
                          <PresenceAvatars claimId={c.id} />
                        </div>
                      </div>
                      <span className="w-20 text-xs text-slate-600" title={languageName(c.language)}>
                        {languageName(c.language)}
                      </span>
                      <span className="w-24">
                        <StatusBadge status={c.status} />
                      </span>
                      <span className="hidden w-28 truncate text-xs text-slate-600 sm:inline" title={assignee ? `Assigned to ${assignee}` : undefined}>
                        {assignee ? (
                          <>
                            <span className="sr-only">Assigned to </span>
                            {assignee}
                          </>
                        ) : (
                          'Unassigned'
                        )}
                      </span>
                    </li>
                  );
                })}
              </ul>
              {matching > claims.length && (
                <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-600">
                  Showing {claims.length} of {matching} matching articles ·{' '}
                  <Link href={`/stories/${story.id}`} className="text-blue-700 underline">
                    open the story
                  </Link>
                </p>
              )}
            </section>
          ))}
        </div>
      )}
    </>
  );
}
