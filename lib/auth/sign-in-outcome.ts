// Carries the HTTP status of a refused sign-in from authorize() out to the
// route. next-auth answers every refused credentials sign-in with 401; a
// locked account deserves 429 (with Retry-After) and an attempt that could not
// be recorded 503, so clients and proxies can tell "wrong" from "wait".
import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AppError } from '../errors';

type Outcome = { status?: number; retryAfterSeconds?: number };
const store = new AsyncLocalStorage<Outcome>();

export async function withSignInOutcome(run: () => Promise<Response>): Promise<Response> {
  const outcome: Outcome = {};
  const response = await store.run(outcome, run);
  if (!outcome.status || response.status !== 401) return response;
  const headers = new Headers(response.headers);
  if (outcome.retryAfterSeconds) headers.set('retry-after', String(outcome.retryAfterSeconds));
  return new Response(response.body, { status: outcome.status, headers });
}

/** Called from authorize() with the error that refused the attempt. */
export function noteSignInRefusal(error: AppError) {
  const outcome = store.getStore();
  if (!outcome || (error.code !== 'rate_limited' && error.code !== 'unavailable')) return;
  outcome.status = error.status;
  const minutes = Number(error.details?.retryAfterMinutes);
  if (Number.isFinite(minutes) && minutes > 0) outcome.retryAfterSeconds = minutes * 60;
}
