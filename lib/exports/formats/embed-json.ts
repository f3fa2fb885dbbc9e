// JSON that may be pasted into an HTML page, inside <script type="application/ld+json">
// or a JavaScript string: `<`, `>` and `&` become \u003c, \u003e, \u0026, so
// `</script>`, `<!--` and entities cannot end or change the script element, and
// U+2028/U+2029 (line terminators to pre-2019 JavaScript) become escapes too.
// The result is still JSON and parses back to exactly the same value.

import 'server-only';

const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPED: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

// JSON.stringify as it behaves: its declared type leaves out the undefined it
// returns for undefined, functions and symbols.
const stringify: (value: unknown) => string | undefined = JSON.stringify;

/** JSON.stringify for embedding. These characters can only occur inside JSON strings, so the escapes are always valid. */
export function embedJson(value: unknown): string {
  const json = stringify(value);
  if (json === undefined) throw new TypeError('embedJson: the value has no JSON form');
  return json.replace(UNSAFE, (c) => ESCAPED[c] ?? c);
}
