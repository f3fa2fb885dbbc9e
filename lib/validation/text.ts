// Text that PostgreSQL can store exactly as sent. PostgreSQL `text` cannot hold
// U+0000, and an unpaired UTF-16 surrogate has no UTF-8 form (the driver would
// silently store U+FFFD instead). Everything else — markup, control and bidi
// characters — is stored faithfully and rendered as inert text.
import { z } from './zod';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const NUL_MESSAGE = 'Text cannot contain NUL characters (U+0000).';
const SURROGATE_MESSAGE = 'Text must be valid Unicode (it contains an unpaired surrogate).';

/** Why `s` cannot be stored as text, or null when it can. */
export function unstorableTextReason(s: string): string | null {
  if (s.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(s)) return SURROGATE_MESSAGE;
  return null;
}

/** z.string() that refuses NUL and unpaired surrogates; chain .trim()/.max() as usual. */
export function storableText(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .refine((s) => !s.includes('\u0000'), NUL_MESSAGE)
    .refine((s) => !LONE_SURROGATE.test(s), SURROGATE_MESSAGE);
}
