import type { Metadata } from 'next';
import Link from 'next/link';
import { AUDIT_ACTIONS } from '@/lib/validation/audit-events';
import { listAuditEvents } from '@/lib/history/list-audit-events';
import { verifyAudit } from '@/lib/history/verify-audit';
import { canVerifyAudit } from '@/lib/auth/permissions';
import type { AuditVerification } from '@/lib/audit/checkpoint-format';
import { requirePageActor } from '@/lib/auth/page-actor';
import { userNames } from '@/lib/users/user-names';
import { formatDateTime } from '@/lib/utils/format';
import { auditQuerySchema } from '@/lib/validation/audit';
import type { RawSearch } from '@/lib/validation/list-params';
import { EventDescription } from '@/components/event-description';
import { SignInSwitch } from '@/components/sign-in-switch';
import { auditSubjects, figureIdOf, type AuditSubjects } from '@/lib/history/audit-subjects';
import { AUDIT_ACTION_LABELS } from '@/lib/utils/describe-event';
import type { PublicAuditEvent } from '@/lib/validation/audit-events';
import { AuditLive } from '@/components/realtime/audit-live';
import { LiveSince } from '@/components/realtime/live-since';
import { latestSeq } from '@/lib/history/replay-changes';
import { checkpointAlarm, type SigningRefusal } from '@/lib/audit/checkpointer';

export const metadata: Metadata = { title: 'Audit trail' };
export const dynamic = 'force-dynamic';

export default async function AuditPage({ searchParams }: { searchParams: Promise<RawSearch> }) {
  const actor = await requirePageActor();
  // Read before the page's data: its live parts replay what commits after it.
  const seq = await latestSeq();
  const raw = Object.fromEntries(Object.entries(await searchParams).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
  const parsed = auditQuerySchema.safeParse(raw);
  const query = parsed.success ? parsed.data : auditQuerySchema.parse({});
  // Editors see the whole trail checked against its signed checkpoints (first page only: it reads every event).
  const checking = canVerifyAudit(actor) && !query.cursor;
  const [page, names, verification, alarm] = await Promise.all([
    listAuditEvents({ actor, query }),
    userNames(),
    checking ? verifyAudit({ actor }) : Promise.resolve(null),
    checkpointAlarm(),
  ]);
  const subjects = await auditSubjects(page.events);
  const keep = new URLSearchParams(Object.entries(raw).filter(([k]) => k !== 'cursor'));
  const input = 'mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';

  return (
    <LiveSince seq={seq}>
      <div className="space-y-5">
        <AuditLive enabled={!query.cursor} />
        <div>
          <h1 className="text-xl font-semibold tracking-tight">Audit trail</h1>
          <p className="text-sm text-slate-600">Every change, newest first. Events are hash-chained and cannot be edited or deleted.</p>
        </div>
        {alarm && <SigningAlarm alarm={alarm} />}
        {verification && <VerificationPanel verification={verification} />}
        <form method="get" action="/audit" className="flex flex-wrap items-end gap-3" aria-label="Filter the audit trail">
          <div>
            <label htmlFor="actor" className="block text-xs font-medium text-slate-600">
              Actor (email)
            </label>
            <input id="actor" name="actor" defaultValue={raw.actor} className={input} placeholder="rita@…" />
          </div>
          <div>
            <label htmlFor="action" className="block text-xs font-medium text-slate-600">
              Action
            </label>
            <select id="action" name="action" defaultValue={raw.action ?? ''} className={input}>
              <option value="">All actions</option>
              {AUDIT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {AUDIT_ACTION_LABELS[a]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="claimId" className="block text-xs font-medium text-slate-600">
              Claim id
            </label>
            <input id="claimId" name="claimId" defaultValue={raw.claimId} className={`${input} w-72 font-mono`} />
          </div>
          <div>
            <label htmlFor="after" className="block text-xs font-medium text-slate-600">
              From
            </label>
            <input id="after" name="after" type="date" defaultValue={raw.after} className={input} />
          </div>
          <div>
            <label htmlFor="before" className="block text-xs font-medium text-slate-600">
              To
            </label>
            <input id="before" name="before" type="date" defaultValue={raw.before} className={input} />
          </div>
          {query.signIns && <input type="hidden" name="signIns" value={query.signIns} />}
          <button type="submit" className="rounded-md bg-slate-800 px-3 py-1.5 text-sm font-medium text-white">
            Filter
          </button>
          {keep.size > 0 && (
            <Link href="/audit" className="text-sm text-blue-700 underline">
              Clear
            </Link>
          )}
        </form>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <SignInSwitch hidden={query.signIns === 'hide'} query={keep.toString()} />
          {canVerifyAudit(actor) && (
            <a href="/api/audit/export" download className="text-sm font-medium text-blue-700 underline" data-testid="audit-bundle-link">
              Download the verifiable bundle
            </a>
          )}
        </div>
        {!parsed.success && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {parsed.error.issues[0]?.message} Showing all events instead.
          </p>
        )}
        {page.events.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">No events match.</p>
        ) : (
          <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
            {/* On a phone each event is a stacked block (seq and time, then what happened), as the figures board does. */}
            <table className="block w-full text-left text-sm sm:table" data-testid="audit-table">
              <thead className="sr-only border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500 sm:not-sr-only sm:table-header-group">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    #
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    When
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    What
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Action
                  </th>
                  <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
                    Hash
                  </th>
                </tr>
              </thead>
              <tbody className="block divide-y divide-slate-100 sm:table-row-group">
                {page.events.map((e) => (
                  <tr key={e.seq} className="grid grid-cols-[auto_1fr] gap-x-3 px-3 py-2 sm:table-row sm:p-0" data-testid="audit-row">
                    <td className="font-mono text-xs text-slate-500 sm:px-3 sm:py-2">{e.seq}</td>
                    <td className="text-xs text-slate-600 sm:whitespace-nowrap sm:px-3 sm:py-2 sm:text-sm">
                      <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                    </td>
                    <td className="col-span-2 mt-0.5 break-words sm:mt-0 sm:px-3 sm:py-2">
                      <EventDescription event={e} who={e.actorId ? (names[e.actorId] ?? e.actorLabel) : 'System'} />
                      {e.claimId && <AuditSubject event={e} subjects={subjects} />}
                      {e.reason && (
                        <p dir="auto" className="line-clamp-1 text-xs text-slate-500" data-testid="audit-reason">
                          {e.reason}
                        </p>
                      )}
                    </td>
                    <td className="col-span-2 text-xs text-slate-600 sm:px-3 sm:py-2" data-action={e.action}>
                      {e.action === 'audit.unreadable' ? e.storedAction : AUDIT_ACTION_LABELS[e.action]}
                    </td>
                    <td className="hidden px-3 py-2 font-mono text-xs text-slate-500 md:table-cell" title={e.hash}>
                      {e.hash.slice(0, 12)}…
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav aria-label="Pages" className="flex justify-between text-sm">
          {query.cursor ? (
            <Link href={`/audit${keep.size ? `?${keep}` : ''}`} className="text-blue-700 hover:underline">
              ← Newest
            </Link>
          ) : (
            <span />
          )}
          {page.nextCursor && (
            <Link href={`/audit?${new URLSearchParams([...keep, ['cursor', String(page.nextCursor)]])}`} className="text-blue-700 hover:underline">
              Older →
            </Link>
          )}
        </nav>
      </div>
    </LiveSince>
  );
}

/** The claim an event is about, by its title; a figure event names the figure by its value first. */
function AuditSubject({ event, subjects }: { event: PublicAuditEvent; subjects: AuditSubjects }) {
  if (!event.claimId) return null;
  const claim = subjects.claims[event.claimId];
  const figureId = figureIdOf(event);
  const figure = figureId ? subjects.figures[figureId] : undefined;
  return (
    <>
      {' · '}
      {figure !== undefined && (
        <>
          figure <span className="font-medium tabular-nums">{figure}</span> in{' '}
        </>
      )}
      <Link
        href={`/claims/${event.claimId}`}
        lang={claim?.language}
        dir="auto"
        className="text-blue-700 underline decoration-blue-700/40 underline-offset-2 hover:decoration-blue-700"
        data-testid="audit-claim-link"
      >
        {claim ? <bdi>“{claim.title}”</bdi> : 'claim'}
      </Link>
    </>
  );
}

/** The signer refuses to sign a head that does not extend the last checkpoint (lib/audit/checkpointer.ts). */
function SigningAlarm({ alarm }: { alarm: SigningRefusal }) {
  return (
    <section
      data-testid="audit-alarm"
      role="alert"
      aria-label="Audit alarm"
      className="rounded-xl border-2 border-red-500 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <h2 className="font-semibold">Audit alarm: checkpoints are no longer signed</h2>
      <p className="mt-1">{alarm.why}</p>
    </section>
  );
}

function VerificationPanel({ verification: v }: { verification: AuditVerification }) {
  if (!v.ok) {
    return (
      <section
        data-testid="audit-verification"
        aria-label="Audit verification"
        className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
      >
        <h2 className="font-semibold">The audit trail does not verify</h2>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {v.problems.map((p, i) => (
            <li key={i}>
              <span className="font-mono text-xs font-semibold uppercase">{p.kind}</span> {p.why}
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <section
      data-testid="audit-verification"
      aria-label="Audit verification"
      className="rounded-xl border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
    >
      {v.provenTo ? (
        <p>
          <span className="font-semibold">Verified:</span> all {v.checked} events hash-link, and events 1–{v.provenTo.seq} match the checkpoint signed{' '}
          <time dateTime={v.provenTo.at}>{formatDateTime(v.provenTo.at)}</time> (key <span className="font-mono text-xs">{v.provenTo.keyId}</span>).
          {v.unsignedTail > 0 && ` The newest ${v.unsignedTail} event${v.unsignedTail === 1 ? ' is' : 's are'} not signed yet.`}
        </p>
      ) : (
        <p>
          <span className="font-semibold">Hash chain intact</span> ({v.checked} events), but no signed checkpoint covers it yet.
        </p>
      )}
    </section>
  );
}
