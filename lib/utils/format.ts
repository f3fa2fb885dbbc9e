// Small display helpers safe for browser and server. Each Intl object is made
// on first use (lazy.ts): making one loads its ICU data, on the browser's
// main thread during a cold page load.
import { lazy } from './lazy';

const languageNames = lazy(() => new Intl.DisplayNames(['en'], { type: 'language' }));

export function languageName(code: string): string {
  if (code === 'und') return 'Unknown';
  try {
    return languageNames().of(code) ?? code;
  } catch {
    return code;
  }
}

/** A similarity of 0–1 as a whole percentage: 0.816 → "82%". */
export function formatPercent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** "Arabic (detected, 97%)"; just the name when no confidence was kept (claims imported before it was). */
export function languageWithConfidence(code: string, confidence: number | null, from: 'detected' | 'override' | 'declared' | null = null): string {
  const name = languageName(code);
  if (code === 'und') return name;
  if (from === 'override') return `${name} (set at import)`;
  if (from === 'declared') return `${name} (as the page declares it)`;
  if (confidence === null) return name;
  const percent = formatPercent(confidence);
  if (from === 'detected') return `${name} (detected, ${percent})`;
  // Claims from before the source was kept: 1 is also what a language set by a person was stored as, so "detected" would not be sure.
  return confidence >= 1 ? `${name} (${percent})` : `${name} (detected, ${percent})`;
}

// Made once: constructing an Intl.DateTimeFormat costs about a third of a
// millisecond, and a figures board formats thousands of dates (bench figures-board).
const dayFormat = lazy(() => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }));
const dateTimeFormat = lazy(() => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }));

/** The day only, as formatDateTime writes it ("24 Feb 2019"), in UTC like every time on the desk. */
export function formatDate(iso: string): string {
  return dayFormat().format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return dateTimeFormat().format(new Date(iso)) + ' UTC';
}

const segmenter = lazy(() => new Intl.Segmenter('en', { granularity: 'grapheme' }));
/** The characters a reader sees: "É" typed as E + a combining accent stays one. */
const graphemes = (s: string) => Array.from(segmenter().segment(s), (g) => g.segment);

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => (graphemes(p)[0] ?? '').toUpperCase())
    .join('');
}

/**
 * Initials that tell the people shown together apart: "RR" for both Rita
 * Reviewer and Rui Reviewer becomes "Ri" and "Ru"; if even that collides, a
 * number is added ("R1", "R2"). Keyed by id, stable for a given group.
 */
export function distinctInitials(people: { id: string; name: string }[]): Map<string, string> {
  const out = new Map<string, string>();
  const groups = new Map<string, { id: string; name: string }[]>();
  for (const p of people) {
    const key = initials(p.name) || '?';
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  for (const [key, group] of groups) {
    const [only] = group;
    if (group.length === 1 && only) {
      out.set(only.id, key);
      continue;
    }
    const longer = group.map((p) => {
      const first = graphemes(p.name.trim().split(/\s+/)[0] ?? '');
      return (first[0] ?? '?').toUpperCase() + (first[1] ?? '').toLowerCase();
    });
    const unique = new Set(longer).size === group.length;
    group.forEach((p, i) => out.set(p.id, unique ? (longer[i] ?? key) : `${key[0] ?? '?'}${i + 1}`));
  }
  return out;
}

// Literal class names so Tailwind's scanner keeps them. Text/background pairs
// meet WCAG AA contrast for small bold text.
const AVATAR_COLOURS = [
  'bg-indigo-100 text-indigo-900',
  'bg-emerald-100 text-emerald-900',
  'bg-amber-100 text-amber-900',
  'bg-rose-100 text-rose-900',
  'bg-sky-100 text-sky-900',
  'bg-violet-100 text-violet-900',
  'bg-lime-100 text-lime-900',
  'bg-orange-100 text-orange-900',
] as const;

/** The same colour for the same person everywhere (a hash of their id). */
export function avatarColour(id: string): string {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return AVATAR_COLOURS[h % AVATAR_COLOURS.length] ?? AVATAR_COLOURS[0];
}

/** An http(s) link as given, anything else (javascript:, data:, …) as a dead "#". */
export function safeHref(url: string): string {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? url : '#';
  } catch {
    return '#';
  }
}
