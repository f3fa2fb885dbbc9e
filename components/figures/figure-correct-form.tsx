'use client';

// An editor's correction of one figure: only the groups changed (numbers,
// counted, attribution, time) are sent, and re-extraction keeps them. A
// figure changed meanwhile answers 409: the form says so and keeps the draft.
import { useEffect, useId, useState } from 'react';
import type { FigureDto } from '@/lib/validation/figures';
import { postJson } from '../api-client';
import { type FigureDraft, FigureFields, draftOf, fieldErrors, numbersOf } from './figure-fields';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

export function FigureCorrectForm({ figure, onSaved, onClose }: { figure: FigureDto; onSaved: (f: FigureDto) => void; onClose: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<FigureDraft>(() => draftOf(figure));
  const [base, setBase] = useState(figure);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => document.getElementById(`${id}-qualifier`)?.focus(), [id]);

  async function submit() {
    const was = draftOf(base);
    const body: Record<string, unknown> = { expectedVersion: base.version };
    if (!same(numbersOf(draft), numbersOf(was))) body.numbers = numbersOf(draft);
    if (draft.counted !== was.counted) body.counted = draft.counted;
    if (draft.attribution !== was.attribution || draft.source !== was.source || draft.relayedBy !== was.relayedBy) {
      body.attribution = { attribution: orNull(draft.attribution), source: orNull(draft.source), relayedBy: orNull(draft.relayedBy) };
    }
    if (draft.timeText !== was.timeText || draft.timeDate !== was.timeDate) body.time = { timeText: orNull(draft.timeText), timeDate: orNull(draft.timeDate) };
    if (Object.keys(body).length === 1) {
      setMessage('Nothing changed yet.');
      return;
    }
    setPending(true);
    setMessage(null);
    const result = await postJson<{ figure: FigureDto }>(`/api/figures/${figure.id}`, body, { method: 'PATCH' });
    setPending(false);
    if (result.ok) {
      onSaved(result.data.figure);
      onClose();
      return;
    }
    if (result.error.status === 409) {
      const current = result.error.body.current as FigureDto | undefined;
      if (current) setBase(current);
      setMessage(
        `Someone changed this figure while you were correcting it (now version ${current?.version ?? '?'}). Your correction was not saved and is kept: check it and save again to apply it over their change.`,
      );
      return;
    }
    setErrors(fieldErrors(result.error.issues));
    setMessage([result.error.message, ...(result.error.issues ?? []).map((i) => i.message)].filter((m, i, all) => all.indexOf(m) === i).join(' '));
  }

  return (
    <form
      aria-label="Correct the figure"
      className="space-y-3 text-sm"
      data-testid="figure-correct-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <FigureFields id={id} draft={draft} onChange={setDraft} errors={errors} />
      {message && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-950" data-testid="figure-correct-message">
          {message}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" disabled={pending} className="rounded-md bg-blue-700 px-3 py-1.5 font-medium text-white hover:bg-blue-800 disabled:opacity-50">
          {pending ? 'Saving…' : 'Save correction'}
        </button>
        <button type="button" onClick={onClose} className="rounded-md border border-slate-300 px-3 py-1.5 text-slate-700 hover:bg-slate-50">
          Cancel
        </button>
      </div>
    </form>
  );
}
