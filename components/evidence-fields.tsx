'use client';

// The evidence links of a verdict, for claims and figures alike: up to
// EVIDENCE_MAX rows of URL and label, each URL's error beside it. A new row
// takes the focus, so keyboard users type right away.
import { useEffect, useRef } from 'react';
import { EVIDENCE_MAX } from '@/lib/validation/vocabulary';

export type EvidenceDraft = { url: string; label: string };

type Props = {
  idPrefix: string;
  evidence: EvidenceDraft[];
  onChange: (evidence: EvidenceDraft[]) => void;
  /** The error of row i's URL, if any. */
  urlError: (i: number) => string | undefined;
  legendClass?: string;
};

export function EvidenceFields({ idPrefix, evidence, onChange, urlError, legendClass = 'text-sm font-medium' }: Props) {
  const count = useRef(evidence.length);
  useEffect(() => {
    if (evidence.length > count.current) document.getElementById(`${idPrefix}-ev-url-${evidence.length - 1}`)?.focus();
    count.current = evidence.length;
  }, [evidence.length, idPrefix]);
  const edit = (i: number, change: Partial<EvidenceDraft>) => onChange(evidence.map((x, j) => (j === i ? { ...x, ...change } : x)));

  return (
    <fieldset className="space-y-2">
      <legend className={legendClass}>
        Evidence <span className="font-normal text-slate-600">(up to {EVIDENCE_MAX} links)</span>
      </legend>
      {evidence.map((ev, i) => {
        const error = urlError(i);
        return (
          <div key={i} className="space-y-1 rounded-md border border-slate-200 p-2">
            <label className="block text-xs text-slate-600" htmlFor={`${idPrefix}-ev-url-${i}`}>
              Link {i + 1}
            </label>
            <input
              id={`${idPrefix}-ev-url-${i}`}
              type="url"
              inputMode="url"
              placeholder="https://…"
              value={ev.url}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${idPrefix}-ev-url-${i}-error` : undefined}
              onChange={(e) => edit(i, { url: e.target.value })}
              className="w-full rounded border border-slate-300 px-2 py-1 text-sm aria-[invalid=true]:border-red-600"
            />
            <label className="sr-only" htmlFor={`${idPrefix}-ev-label-${i}`}>
              Label for link {i + 1}
            </label>
            <input
              id={`${idPrefix}-ev-label-${i}`}
              placeholder="Label (optional)"
              value={ev.label}
              onChange={(e) => edit(i, { label: e.target.value })}
              className="w-full rounded border border-slate-300 px-2 py-1 text-sm"
            />
            {error && (
              <p id={`${idPrefix}-ev-url-${i}-error`} className="text-xs text-red-700">
                {error}
              </p>
            )}
            <button type="button" className="text-xs text-slate-600 underline" onClick={() => onChange(evidence.filter((_, j) => j !== i))}>
              Remove link {i + 1}
            </button>
          </div>
        );
      })}
      {evidence.length < EVIDENCE_MAX && (
        <button type="button" onClick={() => onChange([...evidence, { url: '', label: '' }])} className="text-sm font-medium text-blue-700 hover:underline">
          + Add evidence link
        </button>
      )}
    </fieldset>
  );
}

/** The links to send (rows with a URL), and for each sent index the row it came from, to place the server's errors. */
export function evidenceToSend(evidence: readonly EvidenceDraft[]) {
  const rows = evidence.map((e, row) => ({ url: e.url.trim(), label: e.label.trim() || null, row })).filter((e) => e.url);
  return { links: rows.map(({ url, label }) => ({ url, label })), rowOf: rows.map((r) => r.row) };
}
