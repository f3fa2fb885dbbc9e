'use client';

// "Add as figure": an editor adds a figure the extractor missed, at the span
// they selected (or the words they typed, found in the body), with the
// numbers prefilled from those words.
import { useEffect, useId, useRef, useState } from 'react';
import type { FigureDto } from '@/lib/validation/figures';
import { postJson } from '../api-client';
import { useClaimFigures } from './claim-figures';
import { type FigureDraft, FigureFields, fieldErrors, numbersOf } from './figure-fields';
import { parseSelection } from './parse-selection';

const WORDS_MAX = 400;

function draftFor(text: string): FigureDraft {
  const n = parseSelection(text);
  const s = (x: number | null) => (x === null ? '' : String(x));
  return {
    qualifier: n.qualifier,
    value: s(n.value),
    min: s(n.min),
    max: s(n.max),
    approximate: false,
    counted: 'other',
    countedText: '',
    attribution: '',
    source: '',
    relayedBy: '',
    timeText: '',
    timeDate: '',
  };
}

export function FigureAddForm({ span, onClose }: { span: { start: number; end: number } | null; onClose: () => void }) {
  const { claimId, body, put } = useClaimFigures();
  const id = useId();
  const firstField = useRef<HTMLInputElement>(null);
  const [words, setWords] = useState('');
  const located =
    span ??
    (() => {
      const w = words.trim();
      const at = w ? body.indexOf(w) : -1;
      return at < 0 ? null : { start: at, end: at + w.length };
    })();
  const text = located ? body.slice(located.start, located.end) : '';
  const [draft, setDraft] = useState<FigureDraft>(() => draftFor(span ? body.slice(span.start, span.end) : ''));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (span) document.getElementById(`${id}-qualifier`)?.focus();
    else firstField.current?.focus();
  }, [id, span]);

  async function submit() {
    if (!located) {
      setMessage('Those words are not in the article: copy them exactly as it writes them.');
      return;
    }
    setPending(true);
    setMessage(null);
    const optional = (v: string) => (v.trim() === '' ? null : v.trim());
    const result = await postJson<{ figure: FigureDto }>(`/api/claims/${claimId}/figures`, {
      spanStart: located.start,
      spanEnd: located.end,
      numbers: numbersOf(draft),
      counted: draft.counted,
      countedText: optional(draft.countedText),
      attribution: optional(draft.attribution),
      source: optional(draft.source),
      relayedBy: optional(draft.relayedBy),
      timeText: optional(draft.timeText),
      timeDate: optional(draft.timeDate),
    });
    setPending(false);
    if (result.ok) {
      put(result.data.figure);
      onClose();
      return;
    }
    setErrors(fieldErrors(result.error.issues));
    setMessage([result.error.message, ...(result.error.issues ?? []).map((i) => i.message)].filter((m, i, all) => all.indexOf(m) === i).join(' '));
  }

  return (
    <form
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm"
      data-testid="figure-add-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <h2 id={`${id}-title`} className="text-sm font-semibold">
        Add a figure
      </h2>
      {span ? (
        <p className="text-slate-700">
          At{' '}
          <q dir="auto" className="rounded-sm bg-yellow-100 px-0.5" data-testid="figure-add-span">
            {text}
          </q>
        </p>
      ) : (
        <div>
          <label htmlFor={`${id}-words`} className="block text-xs font-medium text-slate-700">
            Words from the article, exactly as written
          </label>
          <input
            id={`${id}-words`}
            ref={firstField}
            value={words}
            maxLength={WORDS_MAX}
            onChange={(e) => {
              setWords(e.target.value);
              setDraft(draftFor(e.target.value));
            }}
            aria-describedby={`${id}-words-hint`}
            className="mt-0.5 w-full rounded-md border border-slate-300 px-2 py-1"
          />
          <p id={`${id}-words-hint`} className="text-xs text-slate-600">
            {words.trim() === '' ? 'The first place they appear is used.' : located ? 'Found in the article.' : 'Not found in the article yet.'}
          </p>
        </div>
      )}
      <FigureFields id={id} draft={draft} onChange={setDraft} errors={errors} />
      {message && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
          {message}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" disabled={pending} className="rounded-md bg-blue-700 px-3 py-1.5 font-medium text-white hover:bg-blue-800 disabled:opacity-50">
          {pending ? 'Adding…' : 'Add figure'}
        </button>
        <button type="button" onClick={onClose} className="rounded-md border border-slate-300 px-3 py-1.5 text-slate-700 hover:bg-white">
          Cancel
        </button>
      </div>
    </form>
  );
}
