// The claim body as the claim page shows it (paragraphs split on line
// breaks, each trimmed), with every paragraph's offsets into the body AS
// STORED, cut into segments where figure spans begin and end, so a figure's
// highlight lands on exactly its characters. Pure and client-safe.

export type Paragraph = { start: number; end: number };
export type Segment = { start: number; end: number; text: string; figureIds: string[] };
export type SpanLike = { id: string; span: { start: number; end: number } };

const SEPARATOR = /\n\s*\n|\n/g;

/** The same paragraphs as `text.split(/\n\s*\n|\n/).map(trim).filter(Boolean)`, as offsets. */
export function bodyParagraphs(body: string): Paragraph[] {
  const out: Paragraph[] = [];
  let from = 0;
  const push = (start: number, end: number) => {
    const lead = /^\s*/.exec(body.slice(start, end))?.[0].length ?? 0;
    const trail = /\s*$/.exec(body.slice(start + lead, end))?.[0].length ?? 0;
    if (end - trail > start + lead) out.push({ start: start + lead, end: end - trail });
  };
  for (const m of body.matchAll(SEPARATOR)) {
    push(from, m.index);
    from = m.index + m[0].length;
  }
  push(from, body.length);
  return out;
}

/**
 * One paragraph cut at every span boundary inside it. A segment lists the
 * figures covering it, the shortest span first (the one its highlight names
 * when spans nest: "20 militares e três polícias" around "20").
 */
export function paragraphSegments(body: string, paragraph: Paragraph, figures: SpanLike[]): Segment[] {
  const inside = figures.filter((f) => f.span.start < paragraph.end && f.span.end > paragraph.start && f.span.start < f.span.end);
  const cuts = new Set([paragraph.start, paragraph.end]);
  for (const f of inside) {
    cuts.add(Math.max(f.span.start, paragraph.start));
    cuts.add(Math.min(f.span.end, paragraph.end));
  }
  const sorted = [...cuts].sort((a, b) => a - b);
  const out: Segment[] = [];
  for (const [i, start] of sorted.entries()) {
    const end = sorted[i + 1];
    if (end === undefined) break;
    const covering = inside
      .filter((f) => f.span.start <= start && f.span.end >= end)
      .sort((a, b) => a.span.end - a.span.start - (b.span.end - b.span.start))
      .map((f) => f.id);
    out.push({ start, end, text: body.slice(start, end), figureIds: covering });
  }
  return out;
}

/** A selection in the body, trimmed of surrounding white space; null when nothing is left. */
export function trimSpan(body: string, start: number, end: number): { start: number; end: number } | null {
  let s = Math.max(0, Math.min(start, end));
  let e = Math.min(body.length, Math.max(start, end));
  while (s < e && /\s/.test(body.charAt(s))) s++;
  while (e > s && /\s/.test(body.charAt(e - 1))) e--;
  return e > s ? { start: s, end: e } : null;
}
