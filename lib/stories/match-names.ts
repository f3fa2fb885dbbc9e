// Decides which name tokens of two articles are the same name: equal sound
// keys ("kuaid" for Guaidó, Guaydo, Гуайдо, غوايدو), one edit apart (Trump /
// Тръмп "tramb"), or, against Arabic script that leaves short vowels out, the
// same consonants (Venezuela "finisuil" / فنزويلا "fnsuil").
import 'server-only';
import { distance } from 'fastest-levenshtein';
import { variants } from './extract-arabic';
import { nameKey } from './extract-names';
import { phoneticKey, skeleton, toLatin } from './fold';
import type { EvidenceItem } from './types';

export type MatchKind = 'exact' | 'fuzzy' | 'skeleton';
export type NameMatch = { a: EvidenceItem; b: EvidenceItem; match: MatchKind };

/** Keys shorter than this must be equal: three letters leave no room for a typo. */
const MIN_FUZZY_LENGTH = 5;
const MIN_SKELETON_LENGTH = 3;
/** An Arabic word matches a name on a sound key this long, or on three consonants. */
const MIN_CANDIDATE_KEY = 4;
/** From this length a consonant may differ too (a typo rather than another name). */
const LONG_NAME = 8;

/** How two name keys (`n:…`) match, or null. `candidate`: the side is an Arabic word (no capitals told it is a name). */
export function compareKeys(a: string, b: string, aCandidate = false, bCandidate = false): MatchKind | null {
  // An Arabic word against a name: three letters of sound ("uan") are as likely a verb with a prefix as "Juan".
  if (
    (aCandidate || bCandidate) &&
    aCandidate !== bCandidate &&
    Math.min(a.length, b.length) - 2 < MIN_CANDIDATE_KEY &&
    skeleton(a.slice(2)).length < MIN_SKELETON_LENGTH
  )
    return null;
  if (a === b) return 'exact';
  // Exonyms and two Arabic words: only equal keys. Arabic against Arabic is spelled alike or not at all.
  if (a.startsWith('n:=') || b.startsWith('n:=') || (aCandidate && bCandidate)) return null;
  const p = a.slice(2);
  const q = b.slice(2);
  if (initialClass(p) !== initialClass(q)) return null;
  const shorter = Math.min(p.length, q.length);
  const sp = skeleton(p);
  const sameConsonants = sp === skeleton(q);
  // One edit, in a vowel unless the name is long (Trump / Тръмп, Curaçao / Кюрасао); two vowel edits in a long name.
  if (shorter >= MIN_FUZZY_LENGTH && Math.abs(p.length - q.length) <= 1) {
    const d = distance(p, q);
    if (d <= 1 && (sameConsonants || shorter >= LONG_NAME)) return 'fuzzy';
    if (d <= 2 && sameConsonants && shorter >= LONG_NAME) return 'fuzzy';
  }
  if (aCandidate !== bCandidate && sp.length >= MIN_SKELETON_LENGTH && sameConsonants && distance(p, q) <= Math.ceil(Math.max(p.length, q.length) / 3))
    return 'skeleton';
  return null;
}

/** The first letter, every vowel alike: Arabic writes an initial vowel as alif (إثيوبيا "atiub", Ethiopia "itiub"). */
const initialClass = (key: string) => (/^[aiu]/u.test(key) ? 'V' : key.charAt(0));

const RANK: Readonly<Record<MatchKind, number>> = { exact: 0, fuzzy: 1, skeleton: 2 };

/**
 * Pairs name tokens of article a with those of article b, each token at most
 * once: exact keys first, then the closest fuzzy match, in key order (so the
 * outcome never depends on the order the articles came in).
 */
export function matchNames(aNames: readonly EvidenceItem[], bNames: readonly EvidenceItem[]): NameMatch[] {
  const matches: NameMatch[] = [];
  const usedB = new Set<string>();
  const bByKey = new Map(bNames.map((n) => [n.key, n]));
  const pending: EvidenceItem[] = [];
  for (const a of aNames) {
    const b = bByKey.get(a.key);
    if (b && compareKeys(a.key, b.key, a.candidate === true, b.candidate === true) === 'exact') {
      matches.push({ a, b, match: 'exact' });
      usedB.add(b.key);
    } else pending.push(a);
  }
  if (pending.length === 0) return matches;
  // Fuzzy and skeleton matches need the same first letter: bucket b by it.
  const byInitial = new Map<string, EvidenceItem[]>();
  for (const b of bNames) {
    if (usedB.has(b.key) || b.key.startsWith('n:=')) continue;
    const initial = initialClass(b.key.slice(2));
    const list = byInitial.get(initial) ?? [];
    list.push(b);
    byInitial.set(initial, list);
  }
  for (const a of pending) {
    let best: { b: EvidenceItem; match: MatchKind; d: number } | null = null;
    for (const b of byInitial.get(initialClass(a.key.slice(2))) ?? []) {
      if (usedB.has(b.key)) continue;
      const match = compareKeys(a.key, b.key, a.candidate === true, b.candidate === true);
      if (!match) continue;
      const d = distance(a.key, b.key);
      if (!best || RANK[match] < RANK[best.match] || (RANK[match] === RANK[best.match] && (d < best.d || (d === best.d && b.key < best.b.key))))
        best = { b, match, d };
    }
    if (best) {
      matches.push({ a, b: best.b, match: best.match });
      usedB.add(best.b.key);
    }
  }
  return matches;
}

export type WrittenName = { text: string; language: string };

/**
 * Whether two names as written are the same name, by the rules grouping uses
 * (word by word; every word of the shorter name must match one of the other).
 * For tests and for explaining a match to an editor.
 */
export function sameName(a: WrittenName, b: WrittenName): MatchKind | null {
  const aKeys = writtenKeys(a);
  const bKeys = writtenKeys(b);
  const [short, long] = aKeys.length <= bKeys.length ? [aKeys, bKeys] : [bKeys, aKeys];
  if (short.length === 0) return null;
  let worst: MatchKind = 'exact';
  for (const word of short) {
    let found: MatchKind | null = null;
    for (const s of word.keys) {
      for (const other of long) {
        for (const l of other.keys) {
          const m = compareKeys(s, l, word.candidate, other.candidate);
          if (m && (!found || RANK[m] < RANK[found])) found = m;
        }
      }
    }
    if (!found) return null;
    if (RANK[found] > RANK[worst]) worst = found;
  }
  return worst;
}

function writtenKeys({ text, language }: WrittenName): Array<{ keys: string[]; candidate: boolean }> {
  return text
    .split(/\s+/u)
    .filter(Boolean)
    .map((word) => {
      if (/\p{Script=Arabic}/u.test(word)) return { keys: variants(word).map((v) => `n:${phoneticKey(toLatin(v, 'ar'))}`), candidate: true };
      return { keys: [nameKey(word, language)], candidate: false };
    });
}
