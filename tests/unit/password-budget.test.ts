// Issue 29, finding 6: the password-strength estimate runs in the worker pool
// with a budget, and a password whose estimate runs out of time is judged on
// the part that was checked (its first CHECKED_PREFIX_CHARS characters).
import { describe, expect, it } from 'vitest';
import { CHECKED_PREFIX_CHARS, estimatePasswordStrength } from '../../lib/auth/password-strength';

// zxcvbn took 2.3–3.6 s for 100 patterned characters on the request thread.
const PATTERNED = 'aA1!'.repeat(25);

describe('the password-strength estimate, out of the request thread', () => {
  it('a password whose estimate runs out of time is judged on its first characters', async () => {
    const strongStart = 'Ferry%Lantern#92';
    expect(strongStart).toHaveLength(CHECKED_PREFIX_CHARS);
    // A budget of 0: the full estimate has run out of time before it starts.
    expect(await estimatePasswordStrength(`${strongStart}${'a'.repeat(80)}`, [], { budgetMs: 0 })).toEqual({ ok: true });
    const weak = await estimatePasswordStrength(`password1234abcd${'Q#7v!Lm2&Zp9'.repeat(5)}`, [], { budgetMs: 0 });
    expect(weak).toMatchObject({ ok: false, reason: expect.stringMatching(/^This password is too easy to guess\./) as string });
  }, 60_000);

  it('the length rule applies to the whole password, whatever the budget', async () => {
    expect(await estimatePasswordStrength('short', [], { budgetMs: 0 })).toEqual({ ok: false, reason: 'Passwords need at least 12 characters.' });
    expect(await estimatePasswordStrength('x'.repeat(1025), [], { budgetMs: 0 })).toEqual({ ok: false, reason: 'Passwords have at most 1024 characters.' });
  });

  it('100 patterned characters: a timer set after the estimate starts fires before its verdict', async () => {
    const order: string[] = [];
    const verdict = estimatePasswordStrength(PATTERNED).then((v) => {
      order.push('verdict');
      return v;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    order.push('timer');
    expect((await verdict).ok).toBe(false);
    expect(order).toEqual(['timer', 'verdict']);
  }, 60_000);
});
