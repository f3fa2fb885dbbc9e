// The clause of a figure's sentence that a ClaimReview quotes as
// `claimReviewed`: Google asks for at most 75 characters, a sentence is often
// longer. The clause is cut at clause boundaries around the figure (commas,
// semicolons, dashes, brackets, conjunctions), keeps the figure and its
// counted noun, and says "…" where it was cut. Cuts fall between words only,
// never inside one or inside the figure's span. Pure; any language written
// with spaces between words (Latin, Cyrillic, Arabic).

import 'server-only';

export const CLAIM_REVIEWED_MAX = 75;
const ELLIPSIS = '…';

export type FigureClauseOptions = {
  /** The sentence as stored (FigureDto.sentence.text). */
  sentence: string;
  /** The figure's span, as offsets into `sentence`. */
  spanStart: number;
  spanEnd: number;
  /** The counted noun as written ("militares"): kept beside the figure when it is near. */
  countedText?: string | null;
  /** Characters (code points), ellipses included. */
  max?: number;
};

type Token = { start: number; end: number; text: string };

// Words that open a new clause; the cut goes before them and the quote leaves them out.
// prettier-ignore
const CONJUNCTIONS = new Set([
  // en
  'and', 'but', 'or', 'while', 'whilst', 'whereas', 'although', 'though', 'because', 'after', 'before', 'when', 'which', 'who', 'that',
  'as', 'since', 'then',
  // pt / es
  'e', 'mas', 'ou', 'enquanto', 'que', 'quando', 'porque', 'após', 'apos', 'y', 'pero', 'mientras', 'cuando', 'aunque', 'sendo', 'segundo', 'según',
  // bg
  'и', 'но', 'или', 'а', 'докато', 'че', 'когато', 'като', 'които', 'който', 'която', 'след',
  // ar
  'لكن', 'ولكن', 'بينما', 'أو', 'ثم', 'حيث', 'التي', 'الذي', 'الذين', 'أن', 'إن', 'بعد', 'وفق', 'حسب', 'وقال', 'وأضاف',
]);
// A token that ends its clause, or begins one.
const ENDS_CLAUSE = /[,;:)\]،؛»”"]$/u;
const BEGINS_CLAUSE = /^[([«“"—–]/u;
const DASH = /^[—–-]{1,2}$/u;
const EDGE_PUNCT_START = /^[\s,;:،؛—–-]+/u;
const EDGE_PUNCT_END = /[\s,;:،؛—–-]+$/u;

const length = (s: string) => Array.from(s).length;
const bare = (word: string) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').toLowerCase();

function tokenize(sentence: string): Token[] {
  return Array.from(sentence.matchAll(/\S+/gu), (m) => ({ start: m.index, end: m.index + m[0].length, text: m[0] }));
}

/** Cutting before token i starts a new clause. */
function boundaryBefore(tokens: Token[], i: number): boolean {
  const prev = tokens[i - 1];
  const cur = tokens[i];
  if (!prev || !cur) return true;
  // A conjunction opens the clause after it, never one of its own ("след като", "sendo que").
  if (CONJUNCTIONS.has(bare(prev.text)) && !ENDS_CLAUSE.test(prev.text)) return false;
  return ENDS_CLAUSE.test(prev.text) || BEGINS_CLAUSE.test(cur.text) || DASH.test(cur.text) || CONJUNCTIONS.has(bare(cur.text));
}

/** Token indices of the figure, and of its counted noun when written near it. */
function coreOf(tokens: Token[], options: FigureClauseOptions, sentence: string): { from: number; to: number; spanFrom: number; spanTo: number } {
  const inSpan = tokens.map((t, i) => (t.end > options.spanStart && t.start < options.spanEnd ? i : -1)).filter((i) => i >= 0);
  const spanFrom = inSpan[0] ?? 0;
  const spanTo = inSpan.at(-1) ?? spanFrom;
  let from = spanFrom;
  let to = spanTo;
  const counted = options.countedText?.trim();
  if (counted) {
    const lower = sentence.toLowerCase();
    const needle = counted.toLowerCase();
    let best: number | null = null;
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + 1)) {
      const distance = at >= options.spanEnd ? at - options.spanEnd : options.spanStart - (at + needle.length);
      if (distance >= -needle.length && distance <= 60 && (best === null || Math.abs(at - options.spanStart) < Math.abs(best - options.spanStart))) best = at;
    }
    if (best !== null) {
      const end = best + needle.length;
      tokens.forEach((t, i) => {
        if (t.end > best && t.start < end) {
          from = Math.min(from, i);
          to = Math.max(to, i);
        }
      });
    }
  }
  return { from, to, spanFrom, spanTo };
}

function render(tokens: Token[], from: number, to: number): string {
  let text = tokens
    .slice(from, to + 1)
    .map((t) => t.text)
    .join(' ');
  if (from > 0) text = ELLIPSIS + text.replace(EDGE_PUNCT_START, '');
  if (to < tokens.length - 1) text = text.replace(EDGE_PUNCT_END, '') + ELLIPSIS;
  return text;
}

/**
 * The figure's clause, at most `max` (75) characters with its ellipses. The
 * whole sentence when it fits; else the clause around the figure, grown by
 * whole neighbouring clauses while they fit, or cut down word by word (the
 * figure and its counted noun always kept) when the clause alone is too long.
 * A span longer than `max` by itself is returned whole.
 */
export function figureClause(options: FigureClauseOptions): string {
  const max = options.max ?? CLAIM_REVIEWED_MAX;
  const tokens = tokenize(options.sentence);
  if (tokens.length === 0) return options.sentence.slice(options.spanStart, options.spanEnd);
  const fits = (from: number, to: number) => length(render(tokens, from, to)) <= max;
  if (fits(0, tokens.length - 1)) return render(tokens, 0, tokens.length - 1);

  let core = coreOf(tokens, options, options.sentence);
  // The counted noun too far away to quote with the figure: the figure alone.
  if (!fits(core.from, core.to)) core = { ...core, from: core.spanFrom, to: core.spanTo };
  if (!fits(core.from, core.to)) return render(tokens, core.from, core.to);

  // The clause holding the core: from the boundary before it to the one after it.
  let from = core.from;
  while (from > 0 && !boundaryBefore(tokens, from)) from--;
  let to = core.to;
  while (to < tokens.length - 1 && !boundaryBefore(tokens, to + 1)) to++;
  if (fits(from, to)) {
    // Whole neighbouring clauses while they fit, the one after first (the verb usually follows the figure).
    for (let grew = true; grew;) {
      grew = false;
      let next = to + 1;
      while (next < tokens.length - 1 && !boundaryBefore(tokens, next + 1)) next++;
      if (to < tokens.length - 1 && fits(from, next)) {
        to = next;
        grew = true;
      }
      let prev = from - 1;
      while (prev > 0 && !boundaryBefore(tokens, prev)) prev--;
      if (from > 0 && fits(prev, to)) {
        from = prev;
        grew = true;
      }
    }
    return render(tokens, withoutConjunction(tokens, from, core.from), to);
  }

  // The clause is too long by itself: words around the core, after it first, within the clause.
  let lo = core.from;
  let hi = core.to;
  for (let grew = true; grew;) {
    grew = false;
    if (hi < to && fits(lo, hi + 1)) {
      hi++;
      grew = true;
    }
    if (lo > from && fits(lo - 1, hi)) {
      lo--;
      grew = true;
    }
  }
  return render(tokens, withoutConjunction(tokens, lo, core.from), hi);
}

/** A clause quoted from the middle of its sentence leaves its opening conjunctions out. */
function withoutConjunction(tokens: Token[], from: number, coreFrom: number): number {
  let at = from;
  while (at > 0 && at < coreFrom && CONJUNCTIONS.has(bare(tokens[at]?.text ?? ''))) at++;
  return at;
}
