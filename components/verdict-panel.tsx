'use client';

// The reviewer's verdict form. The draft is built against the version the
// reviewer saw (baseVersion); if the claim changes underneath, the server
// refuses (409) and the panel shows the other verdict beside the kept draft.
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import type { ClaimDetail } from '@/lib/validation/claims';
import { formatDateTime } from '@/lib/utils/format';
import { STATUS_LABELS } from '@/lib/utils/status-labels';
import { type ClaimStatus } from '@/lib/validation/vocabulary';
import { REASON_MAX } from '@/lib/validation/vocabulary';
import { postJson } from './api-client';
import { VERDICT_KEYS, takeVerdictKey } from './early-verdict-key';
import { EvidenceFields, evidenceToSend } from './evidence-fields';
import { type FieldErrors, verdictErrors } from './field-issues';
import { useDeskChanges, useRealtime } from './realtime/realtime-provider';
import { StatusBadge } from './status-badge';
import { useLateConfirmation } from './use-late-confirmation';
import { useHydrated } from './use-hydrated';
import { useShortcuts } from './use-shortcuts';

/** Someone else's verdict that landed after the version this draft is based on. */
type Conflict = { by: string; status: ClaimStatus; version: number; reason: string | null; at: string | null; refused: boolean };

function fromClaim(c: ClaimDetail, refused: boolean): Conflict {
  return { by: c.decidedBy?.displayName ?? 'Someone', status: c.status, version: c.version, reason: c.reason, at: c.decidedAt, refused };
}

type Draft = { status: ClaimStatus | null; reason: string; evidence: { url: string; label: string }[]; reReviewAt: string };

const CHOICES: { status: ClaimStatus; label: string; key: string; hint: string; tone: string }[] = [
  {
    status: 'verified',
    label: STATUS_LABELS.verified,
    key: '1',
    hint: 'Accurate',
    tone: 'peer-checked:border-emerald-600 peer-checked:bg-emerald-50 peer-checked:text-emerald-900',
  },
  {
    status: 'disputed',
    label: STATUS_LABELS.disputed,
    key: '2',
    hint: 'Inaccurate or contested',
    tone: 'peer-checked:border-red-600 peer-checked:bg-red-50 peer-checked:text-red-900',
  },
  {
    status: 'outdated',
    label: STATUS_LABELS.outdated,
    key: '3',
    hint: 'Was accurate, no longer is',
    tone: 'peer-checked:border-amber-600 peer-checked:bg-amber-50 peer-checked:text-amber-900',
  },
];
const RESET = {
  status: 'unreviewed' as const,
  label: STATUS_LABELS.unreviewed,
  key: '',
  hint: 'Reopen (editors)',
  tone: 'peer-checked:border-slate-600 peer-checked:bg-slate-100',
};

const empty = (): Draft => ({ status: null, reason: '', evidence: [], reReviewAt: '' });

export function VerdictPanel({ claim, canReopen }: { claim: ClaimDetail; canReopen: boolean }) {
  const router = useRouter();
  const id = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const savedRef = useRef<HTMLParagraphElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const [draft, setDraft] = useState<Draft>(empty);
  const [baseVersion, setBaseVersion] = useState(claim.version);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string | null; fields: FieldErrors } | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const { me, writing, saveVerdict } = useRealtime();
  const hydrated = useHydrated();
  const hasDraft = Boolean(draft.status || draft.reason.trim() || draft.evidence.length);

  // Tell the desk I am writing a verdict while a draft exists.
  useEffect(() => {
    writing(claim.id, hasDraft ? 'verdict' : null);
  }, [hasDraft, claim.id, writing]);
  useEffect(() => () => writing(claim.id, null), [claim.id, writing]);

  // My own save that got no answer in time may still have landed.
  const late = useLateConfirmation<{ version: number; status: ClaimStatus }>((c) => {
    setDraft(empty());
    setConflict(null);
    setError(null);
    setBaseVersion(c.version);
    setSaved(`Saved: ${c.status} (version ${c.version}), confirmed after a delay.`);
    router.refresh();
  });

  // A verdict by someone else lands while I draft: say so at once, before I submit.
  useDeskChanges(({ event, claim: changed, actorName }) => {
    if (event.action !== 'claim.verdict_set' || event.claimId !== claim.id || !changed) return;
    if (changed.version <= baseVersion) return;
    if (event.actorId === me.id) {
      late.landed(changed);
      return;
    }
    setSaved(null); // my "Saved: … (version N)" no longer describes the claim
    if (!hasDraft) {
      setBaseVersion(changed.version); // nothing to protect: follow the claim
      return;
    }
    setConflict({ by: actorName ?? event.actorLabel, status: changed.status, version: changed.version, reason: event.reason, at: event.at, refused: false });
  });
  const choices = canReopen ? [...CHOICES, RESET] : CHOICES;

  // After a save, leave the text field so the next shortcut (j, 1, 2, 3) works at once.
  useEffect(() => {
    if (saved) savedRef.current?.focus();
  }, [saved]);

  const pick = (status: ClaimStatus) => {
    setDraft((d) => ({ ...d, status }));
    setSaved(null);
    reasonRef.current?.focus();
  };
  useShortcuts({ '1': () => pick('verified'), '2': () => pick('disputed'), '3': () => pick('outdated') });
  // Lets tests (and scripts) know 1 / 2 / 3 are live. body[data-shortcuts] does not
  // say so: it is set when the desk's layout hydrates, and on a busy CPU the
  // page's own part (this panel) can hydrate seconds later, so a key pressed in
  // between is lost. Set after useShortcuts' effect, which has added the listener.
  // A 1 / 2 / 3 pressed while the page was on its way is taken now (early-verdict-key.ts).
  useEffect(() => {
    if (sectionRef.current) sectionRef.current.dataset.shortcuts = 'ready';
    const early = takeVerdictKey();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a key press from before React listened, held outside React
    if (early) pick(VERDICT_KEYS[early]);
  }, []);

  async function submit(version = baseVersion) {
    if (!draft.status) {
      setError({ message: 'Pick a verdict first (1, 2 or 3).', fields: {} });
      return;
    }
    setPending(true);
    setError(null);
    const status = draft.status;
    late.start((c) => c.status === status);
    const { links, rowOf } = evidenceToSend(draft.evidence);
    const body = {
      status: draft.status,
      reason: draft.reason,
      evidence: links,
      expectedVersion: version,
      reReviewAt: draft.status === 'outdated' && draft.reReviewAt ? draft.reReviewAt : null,
    };
    // Over the live socket when it is up (measured faster: docs/BENCHMARKS.md), else over HTTP.
    const result = (await saveVerdict({ claimId: claim.id, ...body })) ?? (await postJson<ClaimDetail>(`/api/claims/${claim.id}/verdict`, body));
    setPending(false);
    if (late.settle(!result.ok && result.error.code === 'timeout')) return;
    if (result.ok) {
      setDraft(empty());
      setConflict(null);
      setBaseVersion(result.data.version);
      setSaved(`Saved: ${result.data.status} (version ${result.data.version}).`);
      router.refresh();
      return;
    }
    if (result.error.status === 409) {
      setConflict(fromClaim(result.error.body.current as ClaimDetail, true));
      router.refresh(); // the rest of the page shows the new verdict; the draft state stays
      return;
    }
    setError(verdictErrors(result.error, rowOf));
  }

  const reapply = () => {
    if (!conflict) return;
    setBaseVersion(conflict.version);
    void submit(conflict.version);
  };

  const fieldError = (path: string) => error?.fields[path];

  return (
    <section ref={sectionRef} aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="verdict-panel">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          Your verdict
        </h2>
        {/* In the page's first moments the keys are not live yet: say so rather than lose them. */}
        {!hydrated && (
          <p role="status" data-testid="verdict-getting-ready" className="text-xs text-slate-600">
            Getting ready…
          </p>
        )}
      </div>
      {conflict && (
        <div role="status" data-testid="verdict-conflict" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="font-medium text-amber-900">
            <bdi>{conflict.by}</bdi> changed this claim while you were writing.
          </p>
          <p className="mt-1 text-amber-900">
            It is now <StatusBadge status={conflict.status} /> (version {conflict.version}
            {conflict.at ? `, ${formatDateTime(conflict.at)}` : ''}).
          </p>
          {conflict.reason && (
            <blockquote dir="auto" className="mt-2 whitespace-pre-wrap border-l-2 border-amber-400 pl-2 text-slate-700">
              {conflict.reason}
            </blockquote>
          )}
          <p className="mt-2 text-slate-700">
            {conflict.refused ? 'Your draft below was not saved and is kept.' : 'Your draft below is kept; nothing is overwritten unless you choose to.'}
          </p>
          <div className="mt-2 flex gap-2">
            <button
              type="button"
              onClick={reapply}
              disabled={pending}
              className="rounded-md bg-amber-700 px-3 py-1.5 text-xs font-medium text-white hover:bg-amber-800"
            >
              Save my verdict over version {conflict.version}
            </button>
            <button
              type="button"
              onClick={() => {
                setConflict(null);
                setDraft(empty());
                setBaseVersion(conflict.version);
                router.refresh();
              }}
              className="rounded-md border border-amber-400 px-3 py-1.5 text-xs font-medium text-amber-900 hover:bg-amber-100"
            >
              Discard my draft
            </button>
          </div>
        </div>
      )}
      <form
        className="mt-3 space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void submit();
          }
        }}
      >
        <fieldset>
          <legend className="sr-only">Verdict</legend>
          <div className="grid grid-cols-3 gap-2">
            {choices.map((c) => (
              <label key={c.status} className={`relative ${c.status === 'unreviewed' ? 'col-span-3' : ''}`}>
                <input
                  type="radio"
                  name={`${id}-status`}
                  value={c.status}
                  checked={draft.status === c.status}
                  onChange={() => pick(c.status)}
                  className="peer sr-only"
                  aria-keyshortcuts={c.key || undefined}
                />
                <span
                  className={`flex cursor-pointer flex-col items-center rounded-lg border border-slate-300 px-2 py-2 text-center text-sm font-medium peer-focus-visible:outline-2 peer-focus-visible:outline-blue-600 ${c.tone}`}
                >
                  {c.label}
                  {c.key && <kbd className="mt-0.5 font-mono text-[10px] text-slate-500">{c.key}</kbd>}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={`${id}-reason`} className="block text-sm font-medium">
            Reason <span className="font-normal text-slate-500">(required)</span>
          </label>
          <textarea
            id={`${id}-reason`}
            ref={reasonRef}
            rows={4}
            maxLength={REASON_MAX}
            value={draft.reason}
            onChange={(e) => setDraft((d) => ({ ...d, reason: e.target.value }))}
            aria-invalid={Boolean(fieldError('reason'))}
            aria-describedby={fieldError('reason') ? `${id}-reason-error ${id}-reason-hint` : `${id}-reason-hint`}
            className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm aria-[invalid=true]:border-red-600"
            placeholder="What did you check, and what did you find?"
          />
          {fieldError('reason') && (
            <p id={`${id}-reason-error`} data-testid="verdict-reason-error" className="text-xs text-red-700">
              {fieldError('reason')}
            </p>
          )}
          <p id={`${id}-reason-hint`} className="text-xs text-slate-500">
            {draft.reason.length}/{REASON_MAX}
          </p>
        </div>
        {draft.status === 'outdated' && (
          <div>
            <label htmlFor={`${id}-rereview`} className="block text-sm font-medium">
              Re-review on <span className="font-normal text-slate-500">(optional)</span>
            </label>
            <input
              id={`${id}-rereview`}
              type="date"
              value={draft.reReviewAt}
              onChange={(e) => setDraft((d) => ({ ...d, reReviewAt: e.target.value }))}
              className="mt-1 rounded-md border border-slate-300 px-2 py-1 text-sm"
            />
          </div>
        )}
        <EvidenceFields
          idPrefix={id}
          evidence={draft.evidence}
          onChange={(evidence) => setDraft((d) => ({ ...d, evidence }))}
          urlError={(i) => fieldError(`evidence.${i}.url`)}
        />
        {error?.message && (
          <p data-testid="verdict-error" role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {error.message}
          </p>
        )}
        {saved && (
          <p ref={savedRef} tabIndex={-1} role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
            {saved}
          </p>
        )}
        <button
          type="submit"
          disabled={pending || Boolean(conflict?.refused)}
          className="w-full rounded-md bg-blue-700 px-3 py-2 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-50"
        >
          {pending ? 'Saving…' : 'Save verdict'}
        </button>
        <p className="text-xs text-slate-500">
          Based on version {baseVersion}. Press <kbd>?</kbd> for shortcuts.
        </p>
      </form>
    </section>
  );
}
