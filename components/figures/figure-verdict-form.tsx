'use client';

// A reviewer's verdict on one figure, with the claim verdict's rules: a
// status, a reason, optional evidence, against the version the reviewer saw.
// When someone else got there first the server answers 409 with the figure
// as it is now: the form says who and what, keeps the draft, and offers to
// save over the new version. Keyboard as on the claim's verdict panel: the
// radio group takes the arrows, Ctrl+Enter saves, Escape closes.
import { useEffect, useId, useRef, useState } from 'react';
import { STATUS_LABELS } from '@/lib/utils/status-labels';
import { formatDateTime } from '@/lib/utils/format';
import { type ClaimStatus } from '@/lib/validation/vocabulary';
import type { FigureDto } from '@/lib/validation/figures';
import { REASON_MAX } from '@/lib/validation/vocabulary';
import { postJson } from '../api-client';
import { type EvidenceDraft, EvidenceFields, evidenceToSend } from '../evidence-fields';
import { type FieldErrors, verdictErrors } from '../field-issues';
import { StatusBadge } from '../status-badge';
import { valueText } from './figure-text';

const CHOICES: { status: ClaimStatus; hint: string }[] = [
  { status: 'verified', hint: 'Accurate' },
  { status: 'disputed', hint: 'Inaccurate or contested' },
  { status: 'outdated', hint: 'Was accurate, no longer is' },
];

type Props = {
  figure: FigureDto;
  canReopen: boolean;
  onSaved: (figure: FigureDto) => void;
  onClose: () => void;
};

export function FigureVerdictForm({ figure, canReopen, onSaved, onClose }: Props) {
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<ClaimStatus | null>(null);
  const [reason, setReason] = useState('');
  const [evidence, setEvidence] = useState<EvidenceDraft[]>([]);
  const [baseVersion, setBaseVersion] = useState(figure.version);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState<FigureDto | null>(null);
  const choices = canReopen ? [...CHOICES, { status: 'unreviewed' as const, hint: 'Reopen (editors)' }] : CHOICES;

  useEffect(() => first.current?.focus(), []);

  async function submit(version = baseVersion) {
    if (!status) {
      setError('Pick a verdict first.');
      return;
    }
    setPending(true);
    setError(null);
    setFields({});
    const { links, rowOf } = evidenceToSend(evidence);
    const result = await postJson<{ figure: FigureDto }>(`/api/figures/${figure.id}/verdict`, {
      status,
      reason,
      evidence: links,
      expectedVersion: version,
      reReviewAt: null,
    });
    setPending(false);
    if (result.ok) {
      setConflict(null);
      onSaved(result.data.figure);
      return;
    }
    if (result.error.status === 409) {
      const current = result.error.body.current as FigureDto | undefined;
      if (current) setConflict(current);
      setError(current ? null : result.error.message);
      return;
    }
    const errors = verdictErrors(result.error, rowOf);
    setFields(errors.fields);
    setError(errors.message);
  }

  return (
    <form
      className="space-y-3 text-sm"
      aria-label={`Verdict on the figure ${valueText(figure)}`}
      data-testid="figure-verdict-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose();
        }
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          void submit();
        }
      }}
    >
      {conflict && (
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950" data-testid="figure-verdict-conflict">
          <p className="font-medium">
            <bdi>{conflict.decidedBy?.displayName ?? 'Someone'}</bdi> changed this figure while you were writing. Your draft was not saved and is kept.
          </p>
          <p className="mt-1">
            It is now <StatusBadge status={conflict.status} /> (version {conflict.version}
            {conflict.decidedAt ? `, ${formatDateTime(conflict.decidedAt)}` : ''}).
          </p>
          {conflict.reason && (
            <blockquote dir="auto" className="mt-1 whitespace-pre-wrap border-s-2 border-amber-400 ps-2 text-slate-700">
              {conflict.reason}
            </blockquote>
          )}
          <button
            type="button"
            disabled={pending}
            onClick={() => {
              setBaseVersion(conflict.version);
              void submit(conflict.version);
            }}
            className="mt-2 rounded-md bg-amber-700 px-3 py-1.5 text-xs font-medium text-white hover:bg-amber-800"
          >
            Save my verdict over version {conflict.version}
          </button>
        </div>
      )}
      <fieldset>
        <legend className="text-xs font-medium text-slate-700">Verdict</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {choices.map((c, i) => (
            <label key={c.status} className="relative">
              <input
                ref={i === 0 ? first : undefined}
                type="radio"
                name={`${id}-status`}
                value={c.status}
                checked={status === c.status}
                onChange={() => setStatus(c.status)}
                className="peer sr-only"
              />
              <span
                title={c.hint}
                className="inline-flex cursor-pointer rounded-md border border-slate-300 bg-white px-2.5 py-1 font-medium peer-checked:border-blue-700 peer-checked:bg-blue-50 peer-checked:text-blue-900 peer-focus-visible:outline-2 peer-focus-visible:outline-blue-600"
              >
                {STATUS_LABELS[c.status]}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-reason`} className="block text-xs font-medium text-slate-700">
          Reason <span className="font-normal text-slate-600">(required)</span>
        </label>
        <textarea
          id={`${id}-reason`}
          rows={2}
          maxLength={REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={Boolean(fields.reason)}
          aria-describedby={fields.reason ? `${id}-reason-error ${id}-reason-hint` : `${id}-reason-hint`}
          className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 aria-[invalid=true]:border-red-600"
          placeholder="What did you check, and what did you find?"
        />
        {fields.reason && (
          <p id={`${id}-reason-error`} data-testid="figure-verdict-reason-error" className="text-xs text-red-700">
            {fields.reason}
          </p>
        )}
        <p id={`${id}-reason-hint`} className="text-xs text-slate-600">
          Ctrl+Enter saves; Escape closes.
        </p>
      </div>
      <EvidenceFields
        idPrefix={id}
        evidence={evidence}
        onChange={setEvidence}
        urlError={(i) => fields[`evidence.${i}.url`]}
        legendClass="text-xs font-medium text-slate-700"
      />
      {error && (
        <p className="rounded-md bg-red-50 px-3 py-2 text-red-800" data-testid="figure-verdict-error">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" disabled={pending} className="rounded-md bg-blue-700 px-3 py-1.5 font-medium text-white hover:bg-blue-800 disabled:opacity-50">
          {pending ? 'Saving…' : 'Save verdict'}
        </button>
        <button type="button" onClick={onClose} className="rounded-md border border-slate-300 px-3 py-1.5 text-slate-700 hover:bg-slate-50">
          Cancel
        </button>
        <span className="text-xs text-slate-600">Based on version {baseVersion}.</span>
      </div>
    </form>
  );
}
