'use client';

// The fields an editor fills to add or correct a figure: its numbers by
// qualifier, what it counts, who says it, and when. Shared by the "Add as
// figure" form and the correction form; the server validates the same shapes
// (figureAddSchema, figureCorrectionSchema).
import { type FigureDto } from '@/lib/validation/figures';
import { FIGURE_COUNTED, FIGURE_COUNTED_LABELS, FIGURE_QUALIFIERS, type FigureCounted, type FigureQualifier } from '@/lib/validation/vocabulary';
import { QUALIFIER_WORDS } from './figure-text';

export type FigureDraft = {
  qualifier: FigureQualifier;
  value: string;
  min: string;
  max: string;
  approximate: boolean;
  counted: FigureCounted;
  countedText: string;
  attribution: string;
  source: string;
  relayedBy: string;
  timeText: string;
  timeDate: string;
};

const text = (n: number | null) => (n === null ? '' : String(n));

export function draftOf(f: FigureDto): FigureDraft {
  return {
    qualifier: f.qualifier,
    value: text(f.value),
    min: text(f.min),
    max: text(f.max),
    approximate: f.approximate,
    counted: f.counted,
    countedText: f.countedText ?? '',
    attribution: f.attribution.text ?? '',
    source: f.attribution.source ?? '',
    relayedBy: f.attribution.relayedBy ?? '',
    timeText: f.time.text ?? '',
    timeDate: f.time.date ?? '',
  };
}

const needs = (q: FigureQualifier) => ({
  value: q === 'exact' || q === 'about',
  min: q === 'more_than' || q === 'at_least' || q === 'between',
  max: q === 'fewer_than' || q === 'at_most' || q === 'between',
});

const num = (s: string): number | null => {
  const t = s.trim().replace(/\s/g, '');
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : Number.NaN;
};

/** The numbers as the API takes them: only those the qualifier uses. */
export function numbersOf(d: FigureDraft) {
  const need = needs(d.qualifier);
  return {
    qualifier: d.qualifier,
    value: need.value ? num(d.value) : null,
    min: need.min ? num(d.min) : null,
    max: need.max ? num(d.max) : null,
    approximate: d.approximate,
  };
}

type Props = { id: string; draft: FigureDraft; onChange: (d: FigureDraft) => void; errors: Record<string, string> };

const input = 'mt-0.5 w-full rounded-md border border-slate-300 px-2 py-1 text-sm';
const labelClass = 'block text-xs font-medium text-slate-700';

export function FigureFields({ id, draft, onChange, errors }: Props) {
  const set = <K extends keyof FigureDraft>(key: K, value: FigureDraft[K]) => onChange({ ...draft, [key]: value });
  const need = needs(draft.qualifier);
  const field = (
    key: 'value' | 'min' | 'max' | 'countedText' | 'attribution' | 'source' | 'relayedBy' | 'timeText',
    label: string,
    path: string,
    numeric = false,
  ) => (
    <div>
      <label htmlFor={`${id}-${key}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        value={draft[key]}
        inputMode={numeric ? 'decimal' : undefined}
        maxLength={numeric ? 24 : 500}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={Boolean(errors[path])}
        aria-describedby={errors[path] ? `${id}-${key}-error` : undefined}
        className={input}
      />
      {errors[path] && (
        <p id={`${id}-${key}-error`} className="text-xs text-red-800">
          {errors[path]}
        </p>
      )}
    </div>
  );
  return (
    <div className="grid grid-cols-2 gap-2">
      <div>
        <label htmlFor={`${id}-qualifier`} className={labelClass}>
          Qualifier
        </label>
        <select id={`${id}-qualifier`} value={draft.qualifier} onChange={(e) => set('qualifier', e.target.value as FigureQualifier)} className={input}>
          {FIGURE_QUALIFIERS.map((q) => (
            <option key={q} value={q}>
              {QUALIFIER_WORDS[q]}
            </option>
          ))}
        </select>
      </div>
      {need.value && field('value', 'Value', 'numbers.value', true)}
      {need.min && field('min', draft.qualifier === 'between' ? 'From' : 'Bound', 'numbers.min', true)}
      {need.max && field('max', draft.qualifier === 'between' ? 'To' : 'Bound', 'numbers.max', true)}
      <label className="col-span-2 inline-flex items-center gap-2 text-xs text-slate-700">
        <input type="checkbox" checked={draft.approximate} onChange={(e) => set('approximate', e.target.checked)} />
        Hedged (&ldquo;just over&rdquo;, &ldquo;roughly&rdquo;)
      </label>
      <div>
        <label htmlFor={`${id}-counted`} className={labelClass}>
          What is counted
        </label>
        <select id={`${id}-counted`} value={draft.counted} onChange={(e) => set('counted', e.target.value as FigureCounted)} className={input}>
          {FIGURE_COUNTED.map((c) => (
            <option key={c} value={c}>
              {FIGURE_COUNTED_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      {field('countedText', 'As written', 'countedText')}
      {field('source', 'Source', 'source')}
      {field('relayedBy', 'Relayed by', 'relayedBy')}
      <div className="col-span-2">{field('attribution', 'Attribution as written', 'attribution')}</div>
      {field('timeText', 'When, as written', 'timeText')}
      <div>
        <label htmlFor={`${id}-timeDate`} className={labelClass}>
          Day
        </label>
        <input id={`${id}-timeDate`} type="date" value={draft.timeDate} onChange={(e) => set('timeDate', e.target.value)} className={input} />
      </div>
    </div>
  );
}

/** Field errors of an API answer, by path ("numbers.value"). */
export function fieldErrors(issues: { path: string; message: string }[] | undefined): Record<string, string> {
  return Object.fromEntries((issues ?? []).map((i) => [i.path, i.message]));
}
