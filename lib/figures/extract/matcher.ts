// Matches folded tokens against word lists where "stem*" takes any ending,
// "a_b" is a two-word phrase and Arabic words may carry a prefix (و ب ل ف,
// ال and their compounds). Lists are compiled once.
import 'server-only';
import { foldKey } from './fold';
import type { Token } from './tokens';

type Entry<C> = { words: readonly string[]; prefix: boolean; cls: C };

const ARABIC_PREFIXES = ['وبال', 'وال', 'بال', 'فال', 'كال', 'لل', 'ال', 'و', 'ب', 'ل', 'ف'];

export class WordMatcher<C extends string> {
  private readonly exact = new Map<string, Entry<C>[]>();
  /** Stems by their first two letters, longest first. */
  private readonly stems = new Map<string, Entry<C>[]>();

  constructor(table: Readonly<Record<C, string>>) {
    for (const [cls, list] of Object.entries(table) as [C, string][]) {
      for (const raw of list.split(/\s+/u).filter(Boolean)) {
        const prefix = raw.endsWith('*');
        const words = foldKey(prefix ? raw.slice(0, -1) : raw)
          .split(/[_-]/u)
          .filter(Boolean);
        const entry = { words, prefix, cls };
        const head = words[0] as string;
        if (prefix && words.length === 1) this.stems.set(head.slice(0, 2), [...(this.stems.get(head.slice(0, 2)) ?? []), entry]);
        else this.exact.set(head, [...(this.exact.get(head) ?? []), entry]);
      }
    }
    // Longer stems first, so "desert" and "deserter" resolve to the more specific one.
    for (const list of this.stems.values()) list.sort((a, b) => (b.words[0] as string).length - (a.words[0] as string).length);
  }

  /** The class of the phrase starting at token i, and how many tokens it spans. */
  at(tokens: readonly Token[], i: number): { cls: C; length: number } | null {
    const tok = tokens[i];
    if (!tok || tok.kind !== 'w') return null;
    for (const form of forms(tok.f)) {
      const found = this.atForm(tokens, i, form);
      if (found) return found;
    }
    return null;
  }

  private atForm(tokens: readonly Token[], i: number, form: string): { cls: C; length: number } | null {
    let best: { cls: C; length: number } | null = null;
    for (const e of this.exact.get(form) ?? []) {
      let ok = true;
      for (let k = 1; k < e.words.length && ok; k++) {
        const t = tokens[i + k]?.f ?? '';
        const w = e.words[k] as string;
        ok = k === e.words.length - 1 && e.prefix ? t.startsWith(w) : t === w;
      }
      if (ok && (!best || e.words.length > best.length)) best = { cls: e.cls, length: e.words.length };
    }
    if (best) return best;
    for (const e of this.stems.get(form.slice(0, 2)) ?? []) if (form.startsWith(e.words[0] as string)) return { cls: e.cls, length: 1 };
    return null;
  }
}

/** The word and, for Arabic, the word without its prefixes. */
export function forms(word: string): string[] {
  const code = word.charCodeAt(0);
  if (code < 0x0600 || code > 0x06ff) return [word];
  const out = [word];
  for (const p of ARABIC_PREFIXES) if (word.startsWith(p) && word.length - p.length >= 2) out.push(word.slice(p.length));
  return out;
}

/** A set of folded words (Arabic prefixes allowed). */
export function wordSet(list: string): (word: string) => boolean {
  const set = new Set(list.split(/\s+/u).filter(Boolean).map(foldKey));
  return (word) => forms(word).some((f) => set.has(f));
}
