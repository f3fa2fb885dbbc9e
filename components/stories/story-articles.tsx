'use client';

// The story's articles: language, outlet, date, status, its closest link and
// whether an editor placed it. Editors tick articles to split them off, or
// move one; the ticks survive live refreshes, minus articles that left.
import { useState } from 'react';
import { languageName } from '@/lib/utils/format';
import type { StoryArticleDto } from '@/lib/validation/stories';
import { StatusBadge } from '../status-badge';
import { ArticleTitle } from './article-title';
import { MovePanel } from './move-panel';
import { ScoreMeter } from './score-meter';
import { SplitBar } from './split-bar';

type Props = {
  storyId: string;
  version: number;
  articles: StoryArticleDto[];
  thresholds: { join: number; suggest: number };
  canDecide: boolean;
};

export function StoryArticles({ storyId, version, articles, thresholds, canDecide }: Props) {
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [moving, setMoving] = useState<string | null>(null);
  const present = new Set(articles.map((a) => a.claimId));
  const selected = [...ticked].filter((id) => present.has(id));
  const movingArticle = articles.find((a) => a.claimId === moving);
  const titleOf = new Map(articles.map((a) => [a.claimId, a.title]));
  const toggle = (id: string) =>
    setTicked((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const allTicked = articles.length > 0 && selected.length === articles.length;

  return (
    <div className="space-y-3">
      {canDecide && (
        <SplitBar
          storyId={storyId}
          version={version}
          selected={selected}
          total={articles.length}
          onDone={() => setTicked(new Set())}
          onClear={() => setTicked(new Set())}
        />
      )}
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full text-left text-sm" data-testid="story-articles" data-keyboard-list>
          <caption className="sr-only">The story’s articles{canDecide ? '. Tick articles to split them off into a new story.' : '.'}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              {canDecide && (
                <th scope="col" className="w-10 py-2 pl-4">
                  <input
                    type="checkbox"
                    aria-label="Select every article"
                    checked={allTicked}
                    onChange={() => setTicked(allTicked ? new Set() : new Set(articles.map((a) => a.claimId)))}
                  />
                </th>
              )}
              <th scope="col" className="px-4 py-2 font-medium">
                Article
              </th>
              <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell">
                Language
              </th>
              <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">
                Status
              </th>
              <th scope="col" className="hidden px-4 py-2 font-medium lg:table-cell">
                Closest link
              </th>
              {canDecide && (
                <th scope="col" className="px-4 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {articles.map((a) => {
              const closest = a.bestLink ? titleOf.get(a.bestLink.claimId) : undefined;
              return (
                <tr key={a.claimId} data-testid="story-article" data-claim-id={a.claimId} className="hover:bg-slate-50 focus-within:bg-blue-50/50">
                  {canDecide && (
                    <td className="py-3 pl-4 align-top">
                      <input
                        type="checkbox"
                        aria-label={`Select “${a.title}”`}
                        checked={ticked.has(a.claimId)}
                        onChange={() => toggle(a.claimId)}
                        className="mt-1"
                      />
                    </td>
                  )}
                  <td className="px-4 py-3 align-top">
                    <ArticleTitle claimId={a.claimId} title={a.title} language={a.language} outlet={a.outlet} publishedAt={a.publishedAt}>
                      <span className="md:hidden" title={languageName(a.language)}>
                        {a.language.toUpperCase()}
                      </span>
                      <span className="sm:hidden">
                        <StatusBadge status={a.status} />
                      </span>
                      {a.pinned && (
                        <span
                          className="rounded bg-slate-100 px-1.5 py-px text-[11px] font-medium text-slate-700"
                          title="An editor placed this article: the desk never moves it by itself"
                          data-testid="pinned"
                        >
                          Placed by an editor
                        </span>
                      )}
                    </ArticleTitle>
                  </td>
                  <td className="hidden px-4 py-3 align-top whitespace-nowrap md:table-cell">{languageName(a.language)}</td>
                  <td className="hidden px-4 py-3 align-top sm:table-cell">
                    <StatusBadge status={a.status} />
                  </td>
                  <td className="hidden px-4 py-3 align-top lg:table-cell">
                    {a.bestLink ? (
                      <span className="flex flex-col gap-0.5">
                        <ScoreMeter score={a.bestLink.score} thresholds={thresholds} compact />
                        {closest && (
                          <span className="max-w-[14rem] truncate text-xs text-slate-600" title={closest}>
                            with <bdi dir="auto">{closest}</bdi>
                          </span>
                        )}
                      </span>
                    ) : (
                      <span className="text-xs text-slate-500">{a.pinned ? 'placed by hand' : '—'}</span>
                    )}
                  </td>
                  {canDecide && (
                    <td className="px-4 py-3 text-right align-top">
                      <button
                        type="button"
                        onClick={() => setMoving(a.claimId)}
                        aria-label={`Move “${a.title}”`}
                        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
                      >
                        Move…
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {canDecide && movingArticle && (
        <MovePanel key={movingArticle.claimId} storyId={storyId} version={version} article={movingArticle} onClose={() => setMoving(null)} />
      )}
    </div>
  );
}
