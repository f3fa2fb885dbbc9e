'use client';

// The counts at the top of the page: what the preview found, then what the
// import did. The sentence is announced (polite live region) when a step ends,
// not on every progress tick.
import { type Item, type Tally, tally } from './import-items';

type Stage = 'compose' | 'importing' | 'done';

const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function sentence(t: Tally, stage: Stage, previewing: boolean, items: Item[]): string {
  if (stage === 'importing') return 'Importing…';
  if (previewing) return `Previewing ${n(items.length, 'article', 'articles')}…`;
  if (stage === 'done') {
    return `Import finished: ${n(t.created, 'claim', 'claims')} created, ${n(t.duplicate, 'duplicate', 'duplicates')}, ${n(t.nearDuplicate, 'near-duplicate', 'near-duplicates')} skipped, ${t.refused} refused${t.failed ? `, ${t.failed} failed` : ''}.`;
  }
  if (!items.some((i) => i.preview)) return '';
  return `Preview: ${t.created} new, ${n(t.duplicate, 'duplicate', 'duplicates')}, ${n(t.nearDuplicate, 'near-duplicate', 'near-duplicates')}, ${t.refused} cannot be imported${t.failed ? `, ${t.failed} failed` : ''}. Nothing is written yet.`;
}

export function ImportSummary({ items, stage, previewing }: { items: Item[]; stage: Stage; previewing: boolean }) {
  const t = tally(items, stage === 'compose' ? 'preview' : 'import');
  const text = sentence(t, stage, previewing, items);
  const done = stage === 'done';
  const chips: [string, number, string][] = [
    [done ? 'created' : 'new', t.created, 'border-emerald-200 bg-emerald-50 text-emerald-900'],
    [t.duplicate === 1 ? 'duplicate' : 'duplicates', t.duplicate, 'border-slate-200 bg-white text-slate-800'],
    [
      `${t.nearDuplicate === 1 ? 'near-duplicate' : 'near-duplicates'}${done ? ' skipped' : ''}`,
      t.nearDuplicate,
      'border-amber-200 bg-amber-50 text-amber-950',
    ],
    [done ? 'refused' : 'cannot be imported', t.refused, 'border-red-200 bg-red-50 text-red-900'],
  ];
  if (t.failed) chips.push(['failed', t.failed, 'border-red-300 bg-white text-red-900']);
  const shown = stage === 'done' || items.some((i) => i.preview);
  return (
    <div data-testid="import-summary">
      {/* The chips show the same counts as the sentence; only the sentence is read out. */}
      {shown && !previewing && stage !== 'importing' && (
        <ul aria-hidden className="mb-2 flex flex-wrap gap-2" data-testid="summary-counts">
          {chips.map(([label, count, tone]) => (
            <li key={label} data-count={label} className={`rounded-lg border px-3 py-1.5 text-sm ${tone}`}>
              <span className="text-lg font-semibold tabular-nums">{count}</span> {label}
            </li>
          ))}
        </ul>
      )}
      <p role="status" aria-live="polite" className={shown || text ? 'text-sm text-slate-700' : 'sr-only'} data-testid="summary-text">
        {text}
      </p>
    </div>
  );
}
