'use client';

// The Add articles page: choose (upload, paste, URL) → preview each article
// (nothing written) → correct title and language, confirm near-duplicates →
// import → every article's outcome. One request per article, a few at once,
// each with its own progress bar; the server decides everything.
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { articleImportResponseSchema } from '@/lib/validation/articles';
import { postWithProgress } from '../upload-client';
import { ArticleCard } from './article-card';
import { type AddSources, ArticleSources } from './article-sources';
import { type BatchValues, foundValues, inParallel, type Item, MAX_FILES, NO_BATCH_VALUES, newItem, requestBody, willImport } from './import-items';
import { BatchFields } from './batch-fields';
import { ImportSummary } from './import-summary';
import { OutcomeList } from './outcome-list';

type Stage = 'compose' | 'importing' | 'done';
type Patch = Partial<Omit<Item, 'key' | 'source' | 'label'>>;

const UNREADABLE = 'Factdesk answered in a way this page does not understand. Reload the page and try again.';

export function AddArticles() {
  const [items, setItems] = useState<Item[]>([]);
  const [stage, setStage] = useState<Stage>('compose');
  const [previewing, setPreviewing] = useState(false);
  const [batch, setBatch] = useState<BatchValues>(NO_BATCH_VALUES);
  const controllers = useRef(new Map<string, AbortController>());
  const update = (key: string, patch: Patch) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  // Work not imported yet is lost with the page: the browser asks first.
  const unsaved = stage !== 'done' && items.length > 0;
  useEffect(() => {
    if (!unsaved) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  async function send(item: Item, preview: boolean) {
    const controller = new AbortController();
    controllers.current.set(item.key, controller);
    update(item.key, { phase: preview ? 'previewing' : 'importing', progress: 0, error: null, failedAt: null });
    const res = await postWithProgress<unknown>('/api/articles', {
      body: requestBody(item, preview, batch),
      signal: controller.signal,
      onProgress: (progress) => update(item.key, { progress }),
    });
    controllers.current.delete(item.key);
    if (!res.ok) {
      if (res.error.code !== 'aborted') update(item.key, { phase: 'failed', error: res.error.message, failedAt: preview ? 'preview' : 'import' });
      return;
    }
    const outcome = articleImportResponseSchema.safeParse(res.data).data?.results[0];
    if (!outcome) update(item.key, { phase: 'failed', error: UNREADABLE, failedAt: preview ? 'preview' : 'import' });
    else if (preview)
      update(item.key, {
        phase: 'previewed',
        preview: outcome,
        title: outcome.article?.title ?? '',
        language: outcome.article?.language ?? '',
        ...foundValues(outcome.article),
      });
    else update(item.key, { phase: 'done', result: outcome });
  }

  async function previewAll(list: Item[]) {
    setPreviewing(true);
    await inParallel(list.map((item) => () => send(item, true)));
    setPreviewing(false);
  }

  async function importAll() {
    const sending = items.filter(willImport);
    const sent = new Set(sending.map((i) => i.key));
    // Duplicates, refusals and unconfirmed near-duplicates are done already: their preview is their outcome.
    setItems((all) => all.map((i) => (sent.has(i.key) || i.phase !== 'previewed' ? i : { ...i, phase: 'done' })));
    setStage('importing');
    await inParallel(sending.map((item) => () => send(item, false)));
    setStage('done');
  }

  function retry(key: string) {
    const item = items.find((i) => i.key === key);
    if (!item) return;
    if (item.failedAt === 'import') void send(item, false);
    else void previewAll([item]);
  }

  function remove(key: string) {
    controllers.current.get(key)?.abort();
    setItems((all) => all.filter((i) => i.key !== key));
  }

  function startOver() {
    for (const c of controllers.current.values()) c.abort();
    setItems([]);
    setBatch(NO_BATCH_VALUES);
    setStage('compose');
  }

  const add: AddSources = (sources) => setItems((all) => [...all, ...sources.map(({ source, label }) => newItem(source, label))]);

  const unpreviewed = items.filter((i) => i.phase === 'ready');
  const failedPreviews = items.filter((i) => i.phase === 'failed' && i.failedAt === 'preview');
  const toPreview = [...unpreviewed, ...failedPreviews];
  const inFlight = items.some((i) => i.phase === 'previewing' || i.phase === 'importing');
  const previewed = items.filter((i) => i.preview);
  const importable = items.filter(willImport).length;
  const busy = stage === 'importing';

  return (
    <div className="space-y-5">
      <ImportSummary items={items} stage={stage} previewing={previewing} />
      {stage !== 'done' && <ArticleSources onAdd={add} room={MAX_FILES - items.length} disabled={busy} />}

      {stage === 'done' ? (
        <section aria-labelledby="outcomes-heading" className="space-y-3">
          <h2 id="outcomes-heading" className="text-lg font-semibold tracking-tight">
            Outcomes
          </h2>
          <OutcomeList items={items} />
          <div className="flex flex-wrap gap-3">
            <button type="button" onClick={startOver} className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">
              Add more articles
            </button>
            <Link href="/" className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50">
              Go to the claims list
            </Link>
            {items.some((i) => i.phase === 'failed' && i.failedAt === 'import') && (
              <button
                type="button"
                disabled={inFlight}
                onClick={() => {
                  for (const i of items) if (i.phase === 'failed' && i.failedAt === 'import') void send(i, false);
                }}
                className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50 disabled:opacity-50"
              >
                Try the failed ones again
              </button>
            )}
          </div>
        </section>
      ) : (
        <section aria-labelledby="list-heading" className="space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="list-heading" className="text-lg font-semibold tracking-tight">
              Articles to add <span className="font-normal text-slate-500">({items.length})</span>
            </h2>
            {items.length > 0 && !busy && (
              <button type="button" onClick={startOver} className="text-sm text-slate-600 underline hover:text-red-700">
                Clear all
              </button>
            )}
          </div>
          {items.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600" data-testid="no-articles">
              No articles chosen yet. Upload files, paste text or give an address above; each one is previewed before anything is written.
            </p>
          ) : (
            <>
              <BatchFields values={batch} disabled={busy} onChange={setBatch} />
              <ul className="space-y-3" aria-label="Articles to add">
                {items.map((item) => (
                  <ArticleCard key={item.key} item={item} batch={batch} busy={busy} onChange={update} onRemove={remove} onRetry={retry} />
                ))}
              </ul>
            </>
          )}
          {items.length > 0 && (
            <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
              {(toPreview.length > 0 || previewed.length === 0) && (
                <button
                  type="button"
                  onClick={() => void previewAll(toPreview)}
                  disabled={toPreview.length === 0 || busy}
                  className={`rounded-md px-4 py-2 text-sm font-medium disabled:opacity-50 ${
                    previewed.length === 0 ? 'bg-blue-700 text-white hover:bg-blue-800' : 'border border-slate-300 bg-white hover:bg-slate-50'
                  }`}
                >
                  {previewing
                    ? 'Previewing…'
                    : previewed.length === 0
                      ? `Preview ${plural(toPreview.length, 'article')}`
                      : unpreviewed.length > 0
                        ? `Preview ${toPreview.length} more`
                        : `Retry ${plural(failedPreviews.length, 'failed preview')}`}
                </button>
              )}
              {previewed.length > 0 && (
                <button
                  type="button"
                  onClick={() => void importAll()}
                  disabled={importable === 0 || inFlight || unpreviewed.length > 0}
                  className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-50"
                >
                  {busy ? 'Importing…' : `Import ${plural(importable, 'article')}`}
                </button>
              )}
              <p className="text-xs text-slate-600">
                {unpreviewed.length > 0 && previewed.length > 0
                  ? 'Preview the new ones before importing.'
                  : failedPreviews.length > 0 && previewed.length > 0
                    ? 'Articles whose preview failed are left out of the import unless you retry them.'
                    : previewed.length > 0 && importable === 0
                      ? 'Nothing new to import: tick “Import anyway” on a near-duplicate to import it.'
                      : 'Nothing is written until you import.'}
              </p>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
