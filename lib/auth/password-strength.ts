// The password rule for every password a person chooses (invitation, reset,
// change, CLI): 12 to 1024 characters, anything allowed, never truncated
// (OWASP ASVS 6.2), and not guessable by an offline strength estimator
// (zxcvbn-ts, with the common list and the English, Portuguese, Spanish,
// German and French dictionaries: a desk works in many languages).
import 'server-only';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as de from '@zxcvbn-ts/language-de';
import * as en from '@zxcvbn-ts/language-en';
import * as es from '@zxcvbn-ts/language-es-es';
import * as fr from '@zxcvbn-ts/language-fr';
import * as pt from '@zxcvbn-ts/language-pt-br';
import { z } from 'zod';
import { fieldError } from '../errors';
import { runUntrusted, TaskOverBudget } from '../workers/untrusted-pool';
import { PASSWORD_MAX, PASSWORD_MIN } from '../validation/passwords';

/** zxcvbn's 0–4 scale: 3 is "safely unguessable: moderate protection from offline slow-hash attacks". */
export const MIN_SCORE = 3;

let factory: ZxcvbnFactory | undefined;
/** Builds the estimator (its dictionaries take seconds): the worker does it as it starts, outside any task's budget. */
export function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary, ...pt.dictionary, ...es.dictionary, ...de.dictionary, ...fr.dictionary },
  });
  return factory;
}

/** Lower-case words, accents folded ("Lúcia" and "lucia" are the same word to a guesser). */
const words = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

export type PasswordVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Whether `password` may be used. `userInputs` are words the estimator should
 * treat as known to an attacker (the person's email, name, the desk's name).
 */
export function checkPasswordStrength(password: string, userInputs: string[] = []): PasswordVerdict {
  const length = checkPasswordLength(password);
  if (!length.ok) return length;
  const inputs = ['factdesk', 'fact', 'desk', ...userInputs.flatMap(words).filter((w) => w.length >= 3)];
  // zxcvbn scores the separators between known words as random characters, so
  // "Lúcia Ramos lucia@paper.example" would pass: a password made only of the
  // person's own name and address words is refused outright.
  const own = new Set(inputs);
  const typed = words(password);
  if (typed.length > 0 && typed.every((w) => own.has(w))) {
    return {
      ok: false,
      reason:
        'This password is too easy to guess: it is made only of your name, your email address or the desk’s name. Try a longer phrase of unrelated words.',
    };
  }
  // zxcvbn's cost grows with length; past 100 characters its estimate is no longer the limit.
  const result = estimator().check(password.slice(0, 100), inputs);
  if (result.score >= MIN_SCORE) return { ok: true };
  const { warning, suggestions } = result.feedback;
  const why = warning || suggestions[0] || 'It would be easy to guess.';
  return {
    ok: false,
    reason: `This password is too easy to guess. ${why.replace(/\s*$/, '')}${/[.!?]$/.test(why.trim()) ? '' : '.'} Try a longer phrase of unrelated words.`,
  };
}

/** The length rule alone: cheap, so it is never left to an estimate that may run out of time. */
function checkPasswordLength(password: string): PasswordVerdict {
  if (Array.from(password).length < PASSWORD_MIN) return { ok: false, reason: `Passwords need at least ${PASSWORD_MIN} characters.` };
  if (password.length > PASSWORD_MAX) return { ok: false, reason: `Passwords have at most ${PASSWORD_MAX} characters.` };
  return { ok: true };
}

/** How long the full estimate may take (issue 29: 100 patterned characters took 2.3–3.6 s on the request thread). */
export const PASSWORD_BUDGET_MS = 1_500;
/** What is estimated when the full estimate runs out of time: short enough to be quick whatever it holds. */
export const CHECKED_PREFIX_CHARS = 16;

export type EstimateOptions = { budgetMs?: number };

/**
 * checkPasswordStrength in the worker pool, with a budget. A password whose
 * estimate runs out of time is judged on its first CHECKED_PREFIX_CHARS
 * characters: an attacker guessing those has not guessed more, so a strong
 * start is strong enough, and a weak one is refused with its reason.
 */
export async function estimatePasswordStrength(password: string, userInputs: string[] = [], options: EstimateOptions = {}): Promise<PasswordVerdict> {
  const length = checkPasswordLength(password);
  if (!length.ok) return length;
  try {
    return await estimateInPool(password, userInputs, options.budgetMs ?? PASSWORD_BUDGET_MS);
  } catch (e) {
    if (!(e instanceof TaskOverBudget)) throw e;
  }
  const checked = Array.from(password).slice(0, CHECKED_PREFIX_CHARS).join('');
  // The prefix is at least PASSWORD_MIN characters, as the whole password is.
  try {
    return await estimateInPool(checked, userInputs);
  } catch (e) {
    if (!(e instanceof TaskOverBudget)) throw e;
    return { ok: false, reason: 'This password could not be checked in time. Try a longer phrase of unrelated words.' };
  }
}

const passwordVerdictSchema = z.union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), reason: z.string() })]);

async function estimateInPool(password: string, userInputs: string[], budgetMs?: number): Promise<PasswordVerdict> {
  return passwordVerdictSchema.parse(await runUntrusted({ kind: 'password-strength', input: { password, userInputs } }, { budgetMs }));
}

/** Throws invalid_input on the `password` field when the password is refused. */
export async function assertStrongPassword(password: string, userInputs: string[] = [], field = 'password'): Promise<void> {
  const verdict = await estimatePasswordStrength(password, userInputs);
  if (!verdict.ok) throw fieldError(field, verdict.reason);
}
