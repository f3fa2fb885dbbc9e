// Runs in the worker threads of lib/workers/untrusted-pool.ts: the parsing and
// estimating that an attacker can make slow (decoding and detection, HTML
// extraction, the password-strength estimate), away from the thread that
// serves every request. Loaded by untrusted-worker.mjs.
import { prepareArticle, type PrepareArticleOptions } from '../lib/articles/prepare-article';
import { checkPasswordStrength, estimator } from '../lib/auth/password-strength';
import { isAppError } from '../lib/errors';
import type { UntrustedTask, WorkerAnswer } from '../lib/workers/untrusted-pool';

// Before the pool's first 'ping' is answered, so no task's budget pays for the dictionaries.
estimator();

export default function runTask(task: UntrustedTask): WorkerAnswer {
  try {
    switch (task.kind) {
      case 'ping':
        return { ok: true, value: null };
      case 'prepare-article':
        // The app's own thread built this input (lib/articles/prepare-article-isolated.ts).
        return { ok: true, value: prepareArticle(task.input as PrepareArticleOptions) };
      case 'password-strength':
        return { ok: true, value: checkPasswordStrength(task.input.password, task.input.userInputs) };
    }
  } catch (e) {
    // A refusal is an answer; anything else is a bug and fails the task as it would inline.
    if (isAppError(e)) return { ok: false, error: { code: e.code, message: e.message, details: e.details } };
    throw e;
  }
}
