import type { PublicAuditEvent } from '@/lib/validation/audit-events';
import { formatDateTime } from '@/lib/utils/format';
import { EventDescription } from './event-description';

export function ClaimHistory({ events, names }: { events: PublicAuditEvent[]; names: Record<string, string> }) {
  return (
    <section aria-labelledby="history-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="history-title" className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        History
      </h2>
      {events.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No history yet.</p>
      ) : (
        <ol className="mt-3 space-y-3" data-testid="claim-history">
          {events.map((e) => {
            const who = e.actorId ? (names[e.actorId] ?? e.actorLabel) : 'System';
            return (
              <li key={e.seq} className="border-l-2 border-slate-200 pl-3 text-sm" data-action={e.action}>
                <p className="font-medium text-slate-800">
                  <EventDescription event={e} who={who} />
                </p>
                {/* <bdi>: a bidi override in the reason cannot reorder the quotes around it. */}
                {e.action === 'claim.verdict_set' && e.reason && (
                  <p className="mt-0.5 whitespace-pre-wrap text-slate-600" data-testid="history-reason">
                    “<bdi>{e.reason}</bdi>”
                  </p>
                )}
                {e.action === 'claim.comment_added' && (
                  <p dir="auto" className="mt-0.5 line-clamp-2 text-slate-600">
                    {e.after.body}
                  </p>
                )}
                <p className="text-xs text-slate-500">
                  <time dateTime={e.at}>{formatDateTime(e.at)}</time> · #{e.seq}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
