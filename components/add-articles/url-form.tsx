'use client';

// Give the address of an article: the server fetches the page (10 s, 5 MB,
// public addresses only) when it is previewed and again when it is imported.
import { useId, useState } from 'react';
import { httpUrlSchema } from '@/lib/validation/articles';
import type { AddSources } from './article-sources';

export function UrlForm({ onAdd, room, disabled }: { onAdd: AddSources; room: number; disabled: boolean }) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(e: React.SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = httpUrlSchema.safeParse(url.trim());
    const problem = !url.trim()
      ? 'Type or paste the article’s address.'
      : !parsed.success
        ? (parsed.error.issues[0]?.message ?? 'This is not an http(s) address.')
        : room <= 0
          ? 'The list is full: 50 articles at a time. Import or remove some first.'
          : null;
    setError(problem);
    if (problem || !parsed.success) {
      document.getElementById(`${id}-url`)?.focus();
      return;
    }
    onAdd([{ source: { kind: 'url', url: parsed.data }, label: parsed.data }]);
    setUrl('');
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Add an article from its address">
      <div>
        <label htmlFor={`${id}-url`} className="block text-sm font-medium text-slate-800">
          Article address
        </label>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row">
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://www.example.org/news/article"
            aria-invalid={Boolean(error)}
            aria-describedby={`${id}-url-note`}
            className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 aria-[invalid=true]:border-red-600"
          />
          <button
            type="submit"
            disabled={disabled}
            className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-50"
          >
            Add to the list
          </button>
        </div>
        <p id={`${id}-url-note`} className={`mt-1 text-xs ${error ? 'text-red-700' : 'text-slate-600'}`}>
          {error ?? 'Factdesk fetches the page itself: a public http or https address of an HTML page or plain text.'}
        </p>
      </div>
    </form>
  );
}
