// The languages a person can pick when correcting a detected one: every
// ISO 639-1 code (what the desk stores where one exists), named in English by
// Intl.DisplayNames and sorted by name. Client-safe.
import { languageName } from './format';

const ISO_639_1 = (
  'aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr ' +
  'fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ' +
  'ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg ' +
  'si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu'
).split(' ');

export type LanguageOption = { code: string; name: string };

/** Every ISO 639-1 language, plus `extra` codes (e.g. a detected 639-3 one), by name. */
export function languageOptions(extra: string[] = []): LanguageOption[] {
  const codes = new Set([...ISO_639_1, ...extra.filter((c) => c && c !== 'und')]);
  return [...codes].map((code) => ({ code, name: languageName(code) })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
