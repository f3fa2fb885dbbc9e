// Which way a language's script runs, from its ISO 639 code (client-safe: the
// list, the claim page, the Add articles preview and the exports all use it).
// Languages whose usual script is right-to-left; a code with a script subtag
// (e.g. "ku-Arab", "pa-Arab", "az-Arab") is right-to-left when the script is.
const RTL_LANGUAGES = new Set([
  'ar', // Arabic
  'arc', // Aramaic
  'ckb', // Central Kurdish (Sorani)
  'dv', // Dhivehi
  'fa', // Persian
  'he', // Hebrew
  'iw', // Hebrew (old code)
  'ks', // Kashmiri
  'ps', // Pashto
  'sd', // Sindhi
  'ug', // Uyghur
  'ur', // Urdu
  'yi', // Yiddish
]);
const RTL_SCRIPTS = new Set(['arab', 'hebr', 'thaa', 'syrc', 'nkoo', 'adlm', 'rohg']);

export type TextDirection = 'ltr' | 'rtl';

export function textDirection(language: string | null | undefined): TextDirection {
  if (!language) return 'ltr';
  const code = language.trim().toLowerCase().replace(/_/g, '-');
  if (RTL_LANGUAGES.has(code)) return 'rtl';
  const [primary, ...subtags] = code.split('-');
  if (subtags.some((tag) => RTL_SCRIPTS.has(tag))) return 'rtl';
  // A script subtag other than an RTL one (e.g. "sd-Deva") wins over the primary language.
  if (subtags.some((tag) => tag.length === 4)) return 'ltr';
  return primary !== undefined && RTL_LANGUAGES.has(primary) ? 'rtl' : 'ltr';
}

/**
 * The `dir` attribute for an article's text: its language's direction, or
 * "auto" (the browser looks at the first strong letter) when the language is
 * undetermined, as for a text too short to tell.
 */
export function dirAttribute(language: string | null | undefined): TextDirection | 'auto' {
  const code = language?.trim().toLowerCase();
  return !code || code === 'und' ? 'auto' : textDirection(code);
}
