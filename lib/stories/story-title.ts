// A story's title names its event in the desk's language (English): what
// happened, where, when — "Defections · Cúcuta · 23 Feb 2019" — from the
// evidence its articles share (describeStory), never a sentence made up around
// it. And once a story has a title, it keeps it while its main event (kind and
// place) stays the same: a join that shifts the weights does not rename it.
import 'server-only';
import type { StoryEvidence } from './describe-story';
import { EVENT_KIND_LABELS, EVENT_KINDS, type EventKind } from './event-kinds';
import { exonymPlace } from './exonyms';
import { placeKindOf } from './lexicon';

export const TITLE_SEPARATOR = ' · ';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const DAY_TEXT = /^(\d{1,2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)(?: (\d{4}))?$/u;
const LATIN = /^[\p{Script=Latin}\p{N}\p{P}\p{Zs}]+$/u;
// A Turkish case ending after an apostrophe marks a place: İzmir'de, Derne'de, Moskova'daki.
const TURKISH_PLACE_CASE = /['’](?:d|t)(?:a|e)(?:ki|n)?$/u;
const LABEL_KIND: ReadonlyMap<string, EventKind> = new Map(EVENT_KINDS.map((k) => [EVENT_KIND_LABELS[k], k]));

/** The parts a title is made of: the kind of event, where (as shown), when (as shown). Absent parts are unknown. */
export type TitleEvent = { kind: EventKind; place?: string; day?: string };

export type TitleOptions = {
  /** The story's earliest publication day (YYYY-MM-DD; storySpan().from), when any article is dated. */
  firstPublished?: string | null;
};

type Place = { kind: 'city' | 'country' | 'place'; name: string; links: number; weight: number };

/**
 * "<What happened> · <Where> · <Day Mon YYYY>" from a story's summed evidence,
 * or '' when the articles share no kind of event (the caller then falls back
 * to the names). What: the heaviest `k:` kind, as a label ("Earthquake",
 * "Defections"). Where: the heaviest city (the desk's exonym table, a city
 * cue word, a Turkish locative) unless a country is shared by more than twice
 * as many links, then the heaviest country, in English or in a Latin-script
 * spelling. When: the day and month most links share, with the year of the
 * story's first publication (else a shared year); when no day is shared, the
 * first publication day. Unknown parts are left out.
 */
export function eventTitle(evidence: readonly StoryEvidence[], options: TitleOptions = {}): string {
  const event = titleEventOf(evidence, options);
  return event ? formatTitle(event) : '';
}

export function titleEventOf(evidence: readonly StoryEvidence[], options: TitleOptions = {}): TitleEvent | undefined {
  const kind = evidence
    .filter((e) => e.kind === 'event')
    .map((e) => ({ e, kind: e.keys.map((k) => k.slice(2)).find((k): k is EventKind => (EVENT_KINDS as readonly string[]).includes(k)) }))
    .find((x) => x.kind !== undefined)?.kind;
  if (!kind) return undefined;
  const place = placeOf(evidence);
  const day = dayOf(evidence, options.firstPublished ?? null);
  return { kind, ...(place ? { place } : {}), ...(day ? { day } : {}) };
}

export function formatTitle(event: TitleEvent): string {
  return [EVENT_KIND_LABELS[event.kind], event.place, event.day].filter(Boolean).join(TITLE_SEPARATOR);
}

/** The event a title names, if it is an event title ("Fire · Beirut · 10 Sep 2020"); undefined for a list of names or an article's title. */
export function parseTitle(title: string): TitleEvent | undefined {
  const [what, ...rest] = title.split(TITLE_SEPARATOR);
  const kind = LABEL_KIND.get(what ?? '');
  if (!kind || rest.length > 2) return undefined;
  const day = rest.find((p) => DAY_TEXT.test(p));
  const place = rest.find((p) => p !== day);
  if (rest.length === 2 && (!day || !place || rest[1] !== day)) return undefined;
  return { kind, ...(place ? { place } : {}), ...(day ? { day } : {}) };
}

/**
 * The title a story keeps after a change of members: the stored one while the
 * new one names the same event (same kind, same place, however spelt), so a
 * join never renames a story; the new one when the event changed, when it
 * adds a day (or a year) the stored title lacked, or when either is not an
 * event title (names, an article's title: recomputed as before).
 * An editor's title (stories.custom_title) is another column: never touched here.
 */
export function keptTitle(stored: string, next: string): string {
  const before = parseTitle(stored);
  const after = parseTitle(next);
  if (!before || !after) return next;
  if (before.kind !== after.kind || fold(before.place) !== fold(after.place)) return next;
  if (after.day && (!before.day || (after.day !== before.day && after.day.startsWith(before.day)))) return next;
  return stored;
}

const fold = (s: string | undefined) => (s ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function placeOf(evidence: readonly StoryEvidence[]): string | undefined {
  const places: Place[] = [];
  for (const e of evidence) {
    if (e.kind !== 'name') continue;
    const known = e.keys.map(exonymPlace).find((p) => p !== undefined);
    if (known) {
      places.push({ kind: known.kind, name: known.english, links: e.links, weight: e.weight });
      continue;
    }
    const name = latinName(e.surfaces);
    if (!name) continue;
    const city = e.surfaces.some((s) => TURKISH_PLACE_CASE.test(s) || s.split(/\s+/u).some((w) => placeKindOf(w) === 'city'));
    if (city) places.push({ kind: 'city', name, links: e.links, weight: e.weight });
    else if (e.entityType === 'place') places.push({ kind: 'place', name, links: e.links, weight: e.weight });
  }
  const best = (kind: Place['kind']) => places.filter((p) => p.kind === kind).sort((a, b) => b.weight - a.weight || b.links - a.links)[0];
  const city = best('city');
  const country = best('country');
  if (city && (!country || city.links * 2 >= country.links)) return city.name;
  return (country ?? best('place'))?.name;
}

/** A Latin-script spelling of a name, as a title shows it: "İzmir'de" → "İzmir", "cidade de Cúcuta" → "Cúcuta", "IZMIR" → "Izmir". */
function latinName(surfaces: readonly string[]): string | undefined {
  const cleaned = surfaces
    .filter((s) => LATIN.test(s))
    .map((s) =>
      s
        .replace(/['’](?:s|\p{Ll}{1,4})$/u, '')
        .replace(/^(?:\p{Ll}+\s+)+/u, '')
        .trim(),
    )
    .filter((s) => /\p{Lu}/u.test(s));
  const written = cleaned.find((s) => s !== s.toUpperCase()) ?? cleaned[0];
  if (!written) return undefined;
  return written === written.toUpperCase() ? written.toLowerCase().replace(/(^|[\s-])\p{L}/gu, (c) => c.toUpperCase()) : written;
}

/** "23 Feb 2019": the day most links share (ties: the heavier), else the first publication day. */
function dayOf(evidence: readonly StoryEvidence[], firstPublished: string | null): string | undefined {
  const days = evidence
    .filter((e) => e.kind === 'date')
    .flatMap((e) => e.keys.filter((k) => /^d:\d\d-\d\d$/u.test(k)).map((k) => ({ key: k, links: e.links, weight: e.weight })));
  const total = Math.max(...evidence.map((e) => e.links), 1);
  const agreed = days.sort((a, b) => b.links - a.links || b.weight - a.weight)[0];
  if (agreed && (agreed.links >= 2 || total === 1)) {
    const month = Number(agreed.key.slice(2, 4));
    const day = Number(agreed.key.slice(5, 7));
    return formatDay(day, month, yearOf(evidence, month, day, firstPublished));
  }
  if (!firstPublished) return undefined;
  const [y, m, d] = firstPublished.split('-').map(Number);
  return y && m && d ? formatDay(d, m, y) : undefined;
}

/** The year of a day and month: the one nearest the first publication, else the heaviest shared year or year-month. */
function yearOf(evidence: readonly StoryEvidence[], month: number, day: number, firstPublished: string | null): number | undefined {
  if (firstPublished) {
    const published = Date.parse(`${firstPublished}T00:00:00Z`);
    const year = Number(firstPublished.slice(0, 4));
    return [year - 1, year, year + 1].sort((a, b) => Math.abs(Date.UTC(a, month - 1, day) - published) - Math.abs(Date.UTC(b, month - 1, day) - published))[0];
  }
  for (const e of evidence) {
    if (e.kind !== 'date') continue;
    const key = e.keys.find((k) => /^y:\d{4}$/u.test(k) || (k.startsWith('m:') && k.endsWith(`-${String(month).padStart(2, '0')}`)));
    if (key) return Number(key.slice(2, 6));
  }
  return undefined;
}

function formatDay(day: number, month: number, year: number | undefined): string | undefined {
  const name = MONTHS[month - 1];
  if (!name || day < 1 || day > 31) return undefined;
  return year ? `${day} ${name} ${year}` : `${day} ${name}`;
}
