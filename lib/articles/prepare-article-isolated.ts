// prepareArticle (decode, extract, detect…) in the worker pool, with a time
// budget and a heap cap (issue 29, finding 1): what anyone can send is read off
// the thread that serves every request, and a page built to be costly is
// refused with one sentence.
import 'server-only';
import { runUntrusted, TASK_BUDGET_MS, TaskOverBudget, WORKER_HEAP_MB } from '../workers/untrusted-pool';
import { importRefusal } from './import-refusal';
import type { PrepareArticleOptions, PreparedArticle } from './prepare-article';

export async function prepareArticleIsolated(options: PrepareArticleOptions): Promise<PreparedArticle> {
  try {
    // The worker runs prepareArticle on exactly these options: its value is a PreparedArticle.
    return (await runUntrusted({ kind: 'prepare-article', input: options })) as PreparedArticle;
  } catch (e) {
    if (!(e instanceof TaskOverBudget)) throw e;
    throw e.over === 'time'
      ? importRefusal('too_slow', `It took too long to read: Factdesk stops reading an article after ${TASK_BUDGET_MS / 1000} seconds.`)
      : importRefusal('too_costly', `It needs more memory to read than Factdesk gives one article (${WORKER_HEAP_MB} MB).`);
  }
}
