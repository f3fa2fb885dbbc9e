'use client';

// Paste an article's text, with what the importer already knows about it.
// The optional fields are checked with the server's own schema before the
// article joins the list.
import { useId, useMemo, useState } from 'react';
import { languageOptions } from '@/lib/utils/languages';
import { articleOverridesSchema } from '@/lib/validation/articles';
import type { AddSources } from './article-sources';

const FIELDS = ['headline', 'url', 'outlet', 'publishedAt', 'language'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field | 'text', string>;
const EMPTY: Values = { text: '', headline: '', url: '', outlet: '', publishedAt: '', language: '' };

const input = 'mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 aria-[invalid=true]:border-red-600';
const labelClass = 'block text-sm font-medium text-slate-800';

function shortLabel(values: Values): string {
  const text = (values.headline || values.text).trim().replace(/\s+/g, ' ');
  return `Pasted: ${text.length > 60 ? `${text.slice(0, 57).trimEnd()}…` : text}`;
}

export function PasteForm({ onAdd, room, disabled }: { onAdd: AddSources; room: number; disabled: boolean }) {
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field | 'text', string>>>({});
  const [added, setAdded] = useState<string | null>(null);
  const set = (field: keyof Values) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setAdded(null);
  };
  // The same names as the preview's language field (article-card.tsx), so a person never types a code.
  const languages = useMemo(() => languageOptions(), []);

  function submit(e: React.SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const found: typeof errors = {};
    if (!values.text.trim()) found.text = 'Paste the article’s text.';
    if (room <= 0) found.text = 'The list is full: 50 articles at a time. Import or remove some first.';
    const overrides = articleOverridesSchema.safeParse(Object.fromEntries(FIELDS.map((f) => [f, values[f]])));
    if (!overrides.success) for (const issue of overrides.error.issues) found[issue.path[0] as Field] ??= issue.message;
    setErrors(found);
    if (Object.keys(found).length > 0 || !overrides.success) {
      document.getElementById(`${id}-${Object.keys(found)[0] ?? 'text'}`)?.focus();
      return;
    }
    const label = shortLabel(values);
    onAdd([{ source: { kind: 'paste', text: values.text, overrides: overrides.data }, label }]);
    setValues(EMPTY);
    setAdded(label);
  }

  const field = (name: Field, label: string, type: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}, hint?: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className={labelClass}>
        {label} <span className="font-normal text-slate-500">(optional)</span>
      </label>
      <input
        id={`${id}-${name}`}
        type={type}
        value={values[name]}
        onChange={set(name)}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] || hint ? `${id}-${name}-note` : undefined}
        className={input}
        {...extra}
      />
      {(errors[name] ?? hint) && (
        <p id={`${id}-${name}-note`} className={`mt-1 text-xs ${errors[name] ? 'text-red-700' : 'text-slate-600'}`}>
          {errors[name] ?? hint}
        </p>
      )}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Paste an article">
      <div>
        <label htmlFor={`${id}-text`} className={labelClass}>
          Article text
        </label>
        <textarea
          id={`${id}-text`}
          value={values.text}
          onChange={set('text')}
          rows={8}
          dir="auto"
          aria-invalid={Boolean(errors.text)}
          aria-describedby={errors.text ? `${id}-text-note` : undefined}
          placeholder="Paste the article here, headline first…"
          className={`${input} font-[inherit] leading-6`}
        />
        {errors.text && (
          <p id={`${id}-text-note`} className="mt-1 text-xs text-red-700">
            {errors.text}
          </p>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('headline', 'Headline', 'text', { maxLength: 500, dir: 'auto' }, 'Leave empty to use the first line.')}
        {field('outlet', 'Outlet', 'text', { maxLength: 200 })}
        {field('url', 'Source URL', 'url', { inputMode: 'url', placeholder: 'https://' })}
        {field('publishedAt', 'Published date', 'date')}
        <div>
          <label htmlFor={`${id}-language`} className={labelClass}>
            Language <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <select
            id={`${id}-language`}
            value={values.language}
            onChange={set('language')}
            aria-invalid={Boolean(errors.language)}
            aria-describedby={`${id}-language-note`}
            className={`${input} px-2`}
          >
            <option value="">Detect it from the text</option>
            {languages.map((o) => (
              <option key={o.code} value={o.code}>
                {o.name}
              </option>
            ))}
          </select>
          <p id={`${id}-language-note`} className={`mt-1 text-xs ${errors.language ? 'text-red-700' : 'text-slate-600'}`}>
            {errors.language ?? 'The desk detects it when you leave it empty.'}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={disabled}
          className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-50"
        >
          Add to the list
        </button>
        <p aria-live="polite" className="text-sm text-emerald-800">
          {added && <>Added “{added.replace(/^Pasted: /, '')}”.</>}
        </p>
      </div>
    </form>
  );
}
