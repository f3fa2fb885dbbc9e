import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { listAuditEvents } from '@/lib/history/list-audit-events';
import { requirePageActor } from '@/lib/auth/page-actor';
import { canAssign, canComment, canEditFigures, canReview, canSetVerdict } from '@/lib/auth/permissions';
import { claimNeighbours } from '@/lib/claims/claim-neighbours';
import { listClaimOrigins } from '@/lib/claims/claim-origins';
import { getClaim } from '@/lib/claims/get-claim';
import { listComments } from '@/lib/claims/list-comments';
import { isAppError } from '@/lib/errors';
import { listClaimFigures } from '@/lib/figures/desk';
import { getClaimStory } from '@/lib/stories/desk/get-claim-story';
import { storyConfig } from '@/lib/stories/desk/story-config';
import { listAssignableUsers } from '@/lib/users/list-assignable-users';
import { userNames } from '@/lib/users/user-names';
import { formatDateTime, languageName } from '@/lib/utils/format';
import { dirAttribute } from '@/lib/utils/text-direction';
import { auditQuerySchema } from '@/lib/validation/audit';
import { claimIdSchema } from '@/lib/validation/claims';
import { parseListParams, type RawSearch } from '@/lib/validation/list-params';
import { AssignmentControl } from '@/components/assignment-control';
import { ClaimHistory } from '@/components/claim-history';
import { ClaimMeta, NearDuplicateNotice } from '@/components/claim-meta';
import { ClaimNav } from '@/components/claim-nav';
import { ClaimOrigin } from '@/components/claim-origin';
import { CommentThread } from '@/components/comment-thread';
import { CurrentVerdict } from '@/components/current-verdict';
import { StatusBadge } from '@/components/status-badge';
import { VerdictPanel } from '@/components/verdict-panel';
import { ClaimLive } from '@/components/realtime/claim-live';
import { ClaimStoryLive } from '@/components/stories/claim-story-live';
import { ClaimStoryPanel } from '@/components/stories/claim-story-panel';
import { ClaimFiguresProvider } from '@/components/figures/claim-figures';
import { FigureBody, FigureHeadline } from '@/components/figures/figure-body';
import { FiguresPanel } from '@/components/figures/figures-panel';
import { LiveSince } from '@/components/realtime/live-since';
import { latestSeq } from '@/lib/history/replay-changes';
import { HiddenCharactersBadge, VisibleText } from '@/components/visible-text';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Claim' };

function paragraphs(text: string): string[] {
  // Some sources separate paragraphs with blank lines, others with single newlines.
  return text
    .split(/\n\s*\n|\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export default async function ClaimPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<RawSearch> }) {
  const actor = await requirePageActor();
  // Read before the page's data: its live parts replay what commits after it.
  const seq = await latestSeq();
  const { id } = await params;
  // A malformed id is a page that does not exist, like an unknown one.
  const parsedId = claimIdSchema.safeParse(id);
  if (!parsedId.success) notFound();
  const claim = await getClaim({ actor, id: parsedId.data }).catch((e: unknown) => {
    if (isAppError(e) && e.code === 'not_found') notFound();
    throw e;
  });
  const { query, keep } = parseListParams(await searchParams);
  const can = { setVerdict: canReview(actor), reopen: canSetVerdict(actor, 'unreviewed'), comment: canComment(actor), assign: canAssign(actor) };
  const figureCan = { review: can.setVerdict, reopen: can.reopen, edit: canEditFigures(actor) };
  const dir = dirAttribute(claim.language);
  const { joinThreshold, suggestThreshold } = storyConfig();
  const [history, comments, neighbours, people, names, story, figures, origins] = await Promise.all([
    listAuditEvents({ actor, query: auditQuerySchema.parse({ claimId: claim.id, limit: 100 }) }),
    listComments({ actor, claimId: claim.id }),
    claimNeighbours({ actor, claimId: claim.id, query }),
    can.assign ? listAssignableUsers() : Promise.resolve([]),
    userNames(),
    getClaimStory(claim.id),
    listClaimFigures({ claimId: claim.id }),
    listClaimOrigins({ actor, ids: [claim.id] }),
  ]);

  return (
    <LiveSince seq={seq}>
      <div className="space-y-4">
        <ClaimNav key={claim.id} previous={neighbours.previous} next={neighbours.next} listQuery={keep.toString()}>
          <ClaimLive claimId={claim.id} />
          <ClaimStoryLive claimId={claim.id} storyId={story?.story.id ?? null} />
          <a href="#review" className="rounded border border-slate-300 px-2 py-0.5 text-slate-700 hover:bg-slate-50 lg:hidden">
            Verdict ↓
          </a>
          <a href="#figures" className="rounded border border-slate-300 px-2 py-0.5 text-slate-700 hover:bg-slate-50 lg:hidden">
            Figures ↓
          </a>
          {story && (
            <a href="#story" className="rounded border border-slate-300 px-2 py-0.5 text-slate-700 hover:bg-slate-50 lg:hidden">
              Story ↓
            </a>
          )}
        </ClaimNav>
        <ClaimFiguresProvider claimId={claim.id} body={claim.body} initial={figures} can={figureCan}>
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <div className="min-w-0 space-y-6">
              <article className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="claim-title">
                {/* The article's parts carry its language and direction; the desk's own words around them stay English, left to right. */}
                <h1 id="claim-title" lang={claim.language} dir={dir} className="text-2xl font-semibold leading-snug tracking-tight">
                  <FigureHeadline title={claim.title} />
                </h1>
                <ClaimMeta claim={claim} />
                <HiddenCharactersBadge title={claim.title} body={claim.body} />
                {claim.nearDuplicateOf && <NearDuplicateNotice of={claim.nearDuplicateOf} />}
                {/* Paragraphs as before, with the figures highlighted (offsets into the body as stored). */}
                <FigureBody title={claim.title} language={claim.language} dir={dir} />
                {claim.boilerplate && (
                  <details className="mt-8 rounded-lg border border-amber-200 bg-amber-50/60 p-3 text-sm" data-testid="boilerplate">
                    <summary className="cursor-pointer font-medium text-amber-900">
                      Trailing boilerplate ({paragraphs(claim.boilerplate).length} lines scraped with the article, not part of it)
                    </summary>
                    <div lang={claim.language} dir={dir} className="mt-2 space-y-1 text-slate-600">
                      {paragraphs(claim.boilerplate).map((p, i) => (
                        <p key={i}>
                          <VisibleText text={p} />
                        </p>
                      ))}
                    </div>
                  </details>
                )}
              </article>
              <CommentThread claimId={claim.id} comments={comments} canPost={can.comment} />
            </div>
            <aside id="review" className="scroll-mt-16 space-y-4" aria-label="Review">
              <CurrentVerdict claim={claim} />
              {can.setVerdict ? (
                <VerdictPanel key={claim.id} claim={claim} canReopen={can.reopen} />
              ) : (
                <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-600" data-testid="read-only-note">
                  You have read-only access: verdicts are set by reviewers and editors.
                </p>
              )}
              <FiguresPanel storyId={story?.story.id ?? null} />
              <ClaimStoryPanel story={story} language={claim.language} thresholds={{ join: joinThreshold, suggest: suggestThreshold }} />
              <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="details-title">
                <h2 id="details-title" className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                  Details
                </h2>
                <dl className="mt-3 grid grid-cols-[6.5rem_1fr] items-center gap-y-2 text-sm">
                  <dt className="text-slate-500">Status</dt>
                  <dd>
                    <StatusBadge status={claim.status} />
                  </dd>
                  <dt className="text-slate-500">Assigned to</dt>
                  <dd>
                    <AssignmentControl claimId={claim.id} assignee={claim.assignee} people={people} canAssign={can.assign} />
                  </dd>
                  <dt className="text-slate-500">Language</dt>
                  <dd data-testid="claim-language">
                    {languageName(claim.language)} <span className="text-slate-500">({claim.language})</span>
                  </dd>
                  <dt className="text-slate-500">From</dt>
                  <dd className="break-all text-sm leading-5">
                    <ClaimOrigin origin={origins[claim.id]} sourceKey={claim.sourceKey} />
                  </dd>
                  <dt className="text-slate-500">Updated</dt>
                  <dd>
                    <time dateTime={claim.updatedAt}>{formatDateTime(claim.updatedAt)}</time>
                  </dd>
                </dl>
              </section>
              <ClaimHistory events={history.events} names={names} />
            </aside>
          </div>
        </ClaimFiguresProvider>
      </div>
    </LiveSince>
  );
}
