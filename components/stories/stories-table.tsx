'use client';

// The stories list. Rows update in place from live changes (size, decided,
// languages, suggestions, title); a story merged away or emptied leaves; a new
// one joins the top of the unsearched first page, otherwise a notice offers
// to show it. Nothing already shown moves.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { formatDateTime } from '@/lib/utils/format';
import { applyStoryChanges, type StoriesListState } from '@/lib/utils/story-live';
import type { StorySummary } from '@/lib/validation/stories';
import { useDeskChanges } from '../realtime/realtime-provider';
import { DecidedBar } from './decided-bar';
import { LanguageTags } from './language-tags';
import { VisibleText } from '@/components/visible-text';

type Props = { stories: StorySummary[]; minSize: number; searching: boolean; firstPage: boolean; empty: React.ReactNode };

export function StoriesTable({ stories, minSize, searching, firstPage, empty }: Props) {
  const router = useRouter();
  const [state, setState] = useState<StoriesListState>({ rows: stories, added: [], elsewhere: 0 });
  const [source, setSource] = useState(stories);
  const [changed, setChanged] = useState<Record<string, number>>({});
  if (source !== stories) {
    setSource(stories);
    setState({ rows: stories, added: [], elsewhere: 0 });
  }

  useDeskChanges(({ event, stories: touched }) => {
    if (!touched?.length) return;
    setState((s) => applyStoryChanges(s, touched, { minSize, searching, firstPage }));
    setChanged((c) => ({ ...c, ...Object.fromEntries(touched.map((t) => [t.id, event.seq])) }));
  });

  const { rows, added, elsewhere } = state;
  const notice = elsewhere > 0 && (
    <div role="status" className="flex items-center justify-between rounded-lg border border-blue-200 bg-blue-50 px-4 py-2 text-sm">
      <span>
        {elsewhere} stor{elsewhere === 1 ? 'y' : 'ies'} changed that this page may not show.
      </span>
      <button type="button" className="font-medium text-blue-700 underline" onClick={() => router.refresh()}>
        Show
      </button>
    </div>
  );
  return (
    <>
      <p role="status" className="sr-only" data-testid="stories-added-live">
        {added.length > 0 && `${added.length} new stor${added.length === 1 ? 'y' : 'ies'} added at the top of the list.`}
      </p>
      {notice}
      {rows.length === 0 ? (
        empty
      ) : (
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm" data-testid="stories-table">
            <caption className="sr-only">Stories, most recently changed first.</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Story
                </th>
                <th scope="col" className="px-4 py-2 text-right font-medium">
                  Articles
                </th>
                <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">
                  Decided
                </th>
                <th scope="col" className="hidden px-4 py-2 font-medium lg:table-cell">
                  Last change
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((s) => (
                <tr
                  key={s.id}
                  data-testid="story-row"
                  data-story-id={s.id}
                  className={`hover:bg-slate-50 focus-within:bg-blue-50/50 ${changed[s.id] ? 'animate-[flash_1.5s_ease-out]' : ''}`}
                >
                  <td className="px-4 py-3">
                    <Link href={`/stories/${s.id}`} className="font-medium text-slate-900 hover:text-blue-700 hover:underline">
                      <bdi dir="auto">
                        <VisibleText text={s.title} />
                      </bdi>
                    </Link>
                    {added.includes(s.id) && (
                      <span className="ms-2 rounded-full bg-blue-100 px-1.5 py-0.5 align-middle text-[11px] font-semibold text-blue-900">New</span>
                    )}
                    <div className="mt-1 flex flex-wrap items-center gap-2">
                      <LanguageTags languages={s.languages} />
                      {s.pendingSuggestions > 0 && (
                        <span className="rounded-full bg-amber-100 px-2 py-px text-[11px] font-semibold text-amber-950" data-testid="pending-suggestions">
                          {s.pendingSuggestions} suggested link{s.pendingSuggestions === 1 ? '' : 's'}
                        </span>
                      )}
                      <span className="sm:hidden">
                        <DecidedBar decided={s.decided} size={s.size} className="w-12" />
                      </span>
                    </div>
                  </td>
                  <td className="px-4 py-3 text-right align-top tabular-nums" data-testid="story-size">
                    {s.size}
                  </td>
                  <td className="hidden px-4 py-3 align-top sm:table-cell">
                    <DecidedBar decided={s.decided} size={s.size} />
                  </td>
                  <td className="hidden px-4 py-3 align-top whitespace-nowrap text-slate-600 lg:table-cell">
                    <time dateTime={s.updatedAt}>{formatDateTime(s.updatedAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
