// Time expressions as written ("Thursday", "on Saturday", "na madrugada de
// sábado", "during the night", "in the last few hours", "на 23 февруари",
// "يوم السبت") and the day they resolve to against the article's date:
// a weekday is the latest such day on or before publication, "yesterday" the
// day before, "today" and "in the last few hours" the day itself, a day and
// month that day in the publication's year (the year before when it would lie
// after publication). Spans ("in the last five days"), months and dayparts
// alone resolve to no day.
import 'server-only';
import { extractDates } from '../../stories/extract-dates';
import { asciiDigits, foldKey } from './fold';
import type { RawEvidence } from '../../stories/types';
import type { Bounds } from './sentences';

export type ArticleDates = { items: RawEvidence[]; covered: Bounds[] };

/** Dates of the body (lib/stories/extract-dates.ts), read once for numbers and times. */
export function findDates(body: string, language: string): ArticleDates {
  const covered: Bounds[] = [];
  const items = extractDates(asciiDigits(body), language, covered);
  return { items, covered };
}

export type TimeExpression = Bounds & { text: string; date: string | null };

type Kind = { weekday: number } | { offset: number } | { none: true };

const WEEKDAY_WORDS: ReadonlyArray<readonly [string, number]> = (
  [
    ['monday segunda-feira segunda lunes понеделник الاثنين الإثنين', 1],
    ['tuesday terça-feira terça martes вторник الثلاثاء', 2],
    ['wednesday quarta-feira quarta miércoles сряда الأربعاء', 3],
    ['thursday quinta-feira quinta jueves четвъртък الخميس', 4],
    ['friday sexta-feira sexta viernes петък الجمعة', 5],
    ['saturday sábado събота السبت', 6],
    ['sunday domingo неделя الأحد', 7],
  ] as const
).flatMap(([words, n]) => words.split(' ').map((w) => [foldKey(w), n] as const));
const WEEKDAY_OF = new Map(WEEKDAY_WORDS);
const alt = (words: readonly string[]) => words.map((w) => foldKey(w).replace(/[.*+?^${}()|[\]\\]/gu, (c) => `\\${c}`)).join('|');

// Before a weekday: prepositions and dayparts of every language.
const PRE = alt(
  [
    'late on',
    'early on',
    'on',
    'last',
    'this',
    'next',
    'since',
    'by',
    'until',
    'from',
    'on the',
    'na madrugada de',
    'na manhã de',
    'na tarde de',
    'na noite de',
    'na madrugada do',
    'desde',
    'até',
    'na',
    'no',
    'neste',
    'nesta',
    'esta',
    'este',
    'desde o',
    'desde a',
    'no passado',
    'na passada',
    'la madrugada del',
    'la mañana del',
    'la tarde del',
    'la noche del',
    'el pasado',
    'el',
    'desde el',
    'hasta el',
    'рано в',
    'в',
    'във',
    'на',
    'от',
    'до',
    'миналия',
    'миналата',
    'тази',
    'този',
    'в нощта срещу',
    'منذ يوم',
    'يوم',
    'منذ',
    'مساء',
    'صباح',
    'فجر',
    'ليل',
    'ليلة',
    'مساء يوم',
    'صباح يوم',
    'فجر يوم',
  ].sort((a, b) => b.length - a.length),
);
const POST = alt([
  'morning',
  'afternoon',
  'evening',
  'night',
  'de manhã',
  'à tarde',
  'à noite',
  'por la mañana',
  'por la tarde',
  'por la noche',
  'сутринта',
  'вечерта',
  'следобед',
  'الماضي',
  'passado',
  'passada',
  'pasado',
]);
const WEEKDAY = alt(WEEKDAY_WORDS.map(([w]) => w).sort((a, b) => b.length - a.length));
const WEEKDAY_RE = new RegExp(`(?<![\\p{L}])(?:(?:${PRE})\\s+)?(?:ال)?(${WEEKDAY})(?:\\s+(?:${POST}))?(?![\\p{L}])`, 'gu');

const RELATIVE: ReadonlyArray<readonly [string, Kind]> = [
  ['yesterday|last night|ontem|anteontem|ayer|anoche|вчера|снощи|أمس|امس|مساء أمس|الليلة الماضية', { offset: -1 }],
  [
    'today|this morning|this afternoon|tonight|earlier today|hoje|esta manhã|hoy|esta mañana|esta tarde|днес|тази сутрин|اليوم|صباح اليوم|in the last few hours|in recent hours|over the past few hours|nas últimas horas|en las últimas horas|през последните часове|в последните часове|خلال الساعات الأخيرة|خلال الساعات الماضية|في الساعات الأخيرة|durante o dia de hoje',
    { offset: 0 },
  ],
  [
    'overnight|during the night|durante a noite|durante la noche|durante la madrugada|de madrugada|през нощта|рано сутринта|خلال الليل|في المساء|في البداية|later|hours later|this week|last week|last weekend|so far this month|na semana passada|esta semana|la semana pasada|esta semana|миналата седмица|през последната седмица|тази седмица|الأسبوع الماضي|هذا الأسبوع',
    { none: true },
  ],
];
const RELATIVE_RE: ReadonlyArray<readonly [RegExp, Kind]> = RELATIVE.map(([words, kind]) => [
  new RegExp(`(?<![\\p{L}])(?:${alt(words.split('|').sort((a, b) => b.length - a.length))})(?![\\p{L}])`, 'gu'),
  kind,
]);
// "in the last five days", "nos últimos 5 dias", "en las últimas 48 horas", "през последните пет дни", "خلال خمسة أيام".
const PERIOD_RE = new RegExp(
  `(?<![\\p{L}])(?:(?:${alt(['in the last', 'in the past', 'over the last', 'over the past', 'within', 'nos últimos', 'nas últimas', 'em', 'en los últimos', 'en las últimas', 'през последните', 'в последните', 'за последните', 'خلال', 'في'])})\\s+(?:[\\p{L}\\d]+\\s+){0,2}?(?:${alt(['hours', 'days', 'weeks', 'months', 'years', 'horas', 'dias', 'días', 'semanas', 'meses', 'anos', 'años', 'часа', 'часове', 'дни', 'седмици', 'месеца', 'години', 'ساعات', 'أيام', 'ايام', 'أسابيع', 'أشهر', 'سنوات', 'الساعات', 'الأيام', 'الأسابيع'])})(?:\\s+(?:${alt(['الماضية', 'الأخيرة', 'المقبلة'])}))?)(?![\\p{L}])`,
  'gu',
);
const DATE_PREFIX = /(?:^|\s)(on|since|by|until|no dia|no|na|em|a|el|desde|hasta|на|от|до|يوم|في|منذ)\s$/u;

/** Every time expression of the body (spans on the body). */
export function findTimes(body: string, folded: string, language: string, publishedAt: Date | null | undefined, dates: ArticleDates): TimeExpression[] {
  const out: TimeExpression[] = [];
  const add = (start: number, end: number, date: string | null) => out.push({ start, end, text: body.slice(start, end), date });
  for (const m of folded.matchAll(WEEKDAY_RE)) {
    const word = m[1] ?? '';
    const weekday = WEEKDAY_OF.get(word);
    // Portuguese short weekdays ("segunda", "quinta") are also ordinals and nouns: only with a preposition before.
    if (weekday === undefined) continue;
    if (/^(segunda|terca|quarta|quinta|sexta)$/u.test(word) && m[0] === word) continue;
    if (word === 'неделя' && language !== 'bg') continue;
    add(m.index, m.index + m[0].length, resolveWeekday(weekday, publishedAt));
  }
  for (const [re, kind] of RELATIVE_RE) {
    for (const m of folded.matchAll(re)) add(m.index, m.index + m[0].length, 'offset' in kind ? shift(publishedAt, kind.offset) : null);
  }
  for (const m of folded.matchAll(PERIOD_RE)) add(m.index, m.index + m[0].length, null);
  const { items, covered } = dates;
  for (const d of items) {
    if (d.kind !== 'date' || !d.key.startsWith('d:')) continue;
    let start = d.offset;
    const pre = DATE_PREFIX.exec(folded.slice(Math.max(0, start - 12), start));
    if (pre) start -= pre[0].length - (pre[0].startsWith(' ') ? 1 : 0);
    const span = covered.find((c) => c.start === d.offset);
    const year = /(?:19|20)\d\d/u.exec(d.surface)?.[0];
    add(start, span ? span.end : d.offset + d.surface.length, resolveDay(d.key.slice(2), year, publishedAt));
  }
  // Overlaps: the longest wins.
  out.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: TimeExpression[] = [];
  for (const t of out) {
    const prev = kept[kept.length - 1];
    if (prev && t.start < prev.end) continue;
    kept.push(t);
  }
  return kept;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const dayOf = (publishedAt: Date) => new Date(Date.UTC(publishedAt.getUTCFullYear(), publishedAt.getUTCMonth(), publishedAt.getUTCDate()));

function shift(publishedAt: Date | null | undefined, days: number): string | null {
  if (!publishedAt || Number.isNaN(publishedAt.getTime())) return null;
  const d = dayOf(publishedAt);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

function resolveWeekday(weekday: number, publishedAt: Date | null | undefined): string | null {
  if (!publishedAt || Number.isNaN(publishedAt.getTime())) return null;
  const d = dayOf(publishedAt);
  const current = d.getUTCDay() === 0 ? 7 : d.getUTCDay();
  d.setUTCDate(d.getUTCDate() - ((current - weekday + 7) % 7));
  return iso(d);
}

function resolveDay(monthDay: string, year: string | undefined, publishedAt: Date | null | undefined): string | null {
  const [mm, dd] = monthDay.split('-');
  if (year) return `${year}-${mm}-${dd}`;
  if (!publishedAt || Number.isNaN(publishedAt.getTime())) return null;
  let y = publishedAt.getUTCFullYear();
  if (`${y}-${mm}-${dd}` > iso(publishedAt)) y -= 1;
  return `${y}-${mm}-${dd}`;
}
