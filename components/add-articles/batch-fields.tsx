'use client';

// Outlet, original URL and published date for the whole batch: each fills the
// articles that have none of their own (an article's own value always wins).
import { useId } from 'react';
import type { BatchValues } from './import-items';

type Props = { values: BatchValues; disabled: boolean; onChange: (values: BatchValues) => void };

const FIELDS = [
  { field: 'outlet', label: 'Outlet', type: 'text', maxLength: 200 },
  { field: 'url', label: 'Original URL', type: 'url', maxLength: 2000 },
  { field: 'publishedAt', label: 'Published date', type: 'date', maxLength: undefined },
] as const;

export function BatchFields({ values, disabled, onChange }: Props) {
  const id = useId();
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="batch-fields">
      <legend className="px-1 text-sm font-semibold text-slate-900">For the whole batch</legend>
      <p className="text-xs text-slate-600">Each value fills the articles that have none of their own; an article&apos;s own value always wins.</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        {FIELDS.map(({ field, label, type, maxLength }) => (
          <div key={field} className="min-w-0">
            <label htmlFor={`${id}-${field}`} className="block text-xs font-medium text-slate-600">
              {label}
            </label>
            <input
              id={`${id}-${field}`}
              type={type}
              value={values[field]}
              maxLength={maxLength}
              disabled={disabled}
              dir={type === 'text' ? 'auto' : 'ltr'}
              onChange={(e) => onChange({ ...values, [field]: e.target.value })}
              className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm"
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
