'use client';

// Export verdicts: the list's current filters or the selected rows, in the
// format the next tool needs; opened from a story, only that story's articles.
// The download is streamed; progress is shown as it arrives, and the file is
// saved under the server's name.
import { useRef, useState } from 'react';
import { exportUrl } from '@/lib/utils/export-url';
import { EXPORT_FORMATS, EXPORT_FORMAT_HELP, EXPORT_FORMAT_LABELS, type ExportFormat } from '@/lib/validation/vocabulary';

type Props = {
  /** The list's filters as a query string ("status=disputed&q=…"). */
  filterQuery?: string;
  selectedIds?: string[];
  /** Set on a story's page: the export is of this story's articles (the `story` filter), and the dialog says so. */
  story?: { id: string; title: string };
};
type Progress = { state: 'idle' } | { state: 'running'; bytes: number } | { state: 'done'; file: string; count: string } | { state: 'error'; message: string };

/**
 * The name the server gave the file (RFC 6266): filename*=UTF-8''… for a story in any script,
 * else filename="…" or a bare token (the server's library leaves out quotes it does not need).
 */
export function fileNameFrom(res: Pick<Response, 'headers'>, fallback: string) {
  const header = res.headers.get('content-disposition') ?? '';
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename=(?:"([^"]+)"|([^;\s]+))/i.exec(header);
  return plain?.[1] ?? plain?.[2] ?? fallback;
}

export function ExportDialog({ filterQuery = '', selectedIds = [], story }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [scope, setScope] = useState<'filters' | 'selected'>('filters');
  const [progress, setProgress] = useState<Progress>({ state: 'idle' });
  const useSelection = scope === 'selected' && selectedIds.length > 0;

  function open() {
    setScope(selectedIds.length ? 'selected' : 'filters');
    setProgress({ state: 'idle' });
    dialog.current?.showModal();
  }

  async function download() {
    const href = exportUrl({ format, ...(useSelection ? { ids: selectedIds } : { filterQuery }), ...(story ? { storyId: story.id } : {}) });
    abort.current = new AbortController();
    setProgress({ state: 'running', bytes: 0 });
    try {
      const res = await fetch(href, { signal: abort.current.signal });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { error?: { message?: string } };
        setProgress({ state: 'error', message: body.error?.message ?? `Export failed (${res.status}).` });
        return;
      }
      const reader = res.body?.getReader();
      if (!reader) throw new Error('The export answered without a body.');
      const parts: Uint8Array[] = [];
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        bytes += value.length;
        setProgress({ state: 'running', bytes });
      }
      const file = fileNameFrom(res, `factdesk-verdicts.${format}`);
      const url = URL.createObjectURL(new Blob(parts as BlobPart[], { type: res.headers.get('content-type') ?? 'application/octet-stream' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = file;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setProgress({ state: 'done', file, count: res.headers.get('x-export-count') ?? '?' });
    } catch (e) {
      if ((e as Error).name === 'AbortError') setProgress({ state: 'idle' });
      else setProgress({ state: 'error', message: 'The download was interrupted. Check your connection and try again.' });
    }
  }

  const running = progress.state === 'running';
  return (
    <>
      <button type="button" onClick={open} className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50">
        {story ? 'Export this story…' : 'Export…'}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="export-title"
        onClose={() => abort.current?.abort()}
        className="m-auto w-full max-w-md rounded-xl p-0 shadow-xl backdrop:bg-slate-900/40"
      >
        <form
          method="dialog"
          className="space-y-4 p-5"
          onSubmit={(e) => {
            e.preventDefault();
            void download();
          }}
        >
          <h2 id="export-title" className="text-lg font-semibold">
            Export verdicts
          </h2>
          {story && (
            <p data-testid="export-story" className="text-sm text-slate-700">
              Only the articles of the story{' '}
              <bdi dir="auto" className="font-medium">
                {story.title}
              </bdi>
              .
            </p>
          )}
          <fieldset>
            <legend className="text-sm font-medium">Which claims</legend>
            <label className="mt-1 flex items-center gap-2 text-sm">
              <input type="radio" name="scope" checked={scope === 'filters'} onChange={() => setScope('filters')} />
              {story ? `All articles of this story${filterQuery ? ' matching the current filters' : ''}` : 'All claims matching the current filters'}
            </label>
            <label className={`mt-1 flex items-center gap-2 text-sm ${selectedIds.length ? '' : 'text-slate-400'}`}>
              <input type="radio" name="scope" disabled={!selectedIds.length} checked={useSelection} onChange={() => setScope('selected')} />
              The {selectedIds.length} selected claim{selectedIds.length === 1 ? '' : 's'}
            </label>
          </fieldset>
          <fieldset aria-describedby="export-format-help">
            <legend className="text-sm font-medium">Format</legend>
            {EXPORT_FORMATS.map((f) => (
              <label key={f} className="mt-1 flex items-center gap-2 text-sm">
                <input type="radio" name="format" value={f} checked={format === f} onChange={() => setFormat(f)} />
                {EXPORT_FORMAT_LABELS[f]}
              </label>
            ))}
            <p id="export-format-help" data-testid="export-format-help" className="mt-2 text-xs text-slate-600">
              {EXPORT_FORMAT_HELP[format]}
            </p>
          </fieldset>
          <div aria-live="polite" className="min-h-6 text-sm">
            {running && (
              <div role="status" className="space-y-1">
                <div className="h-1.5 overflow-hidden rounded bg-slate-200">
                  <div className="h-full w-1/3 animate-pulse rounded bg-blue-600" />
                </div>
                <p>Preparing… {(progress.bytes / 1024).toFixed(0)} KB received</p>
              </div>
            )}
            {progress.state === 'done' && (
              <p data-testid="export-done" className="text-emerald-800">
                Downloaded {progress.file} ({progress.count} {progress.count === '1' ? 'claim' : 'claims'}).
              </p>
            )}
            {progress.state === 'error' && (
              <p data-testid="export-error" className="text-red-700">
                {progress.message}
              </p>
            )}
          </div>
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={() => {
                abort.current?.abort();
                dialog.current?.close();
              }}
              className="rounded-md px-3 py-1.5 text-sm hover:bg-slate-100"
            >
              {running ? 'Cancel' : 'Close'}
            </button>
            <button
              type="submit"
              disabled={running}
              className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-50"
            >
              Download
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
