// Figure extraction (issue 13): every number an article claims, with what it
// counts, who says it, when, and where it sits. Pure and deterministic: the
// same body, language and date give the same figures. Never changes the text.
//
// CONTRACT (the desk, the labelled-set scorer and the benchmarks call only
// this): extractFigures(options) → ExtractedFigure[], in span order.
// FIGURES_VERSION changes whenever the output for some input changes: stored
// figures of another version are re-extracted at start-up.
//
// The pipeline lives in lib/figures/extract/ (see docs/FIGURES.md): fold the
// text (same length), split sentences, read numbers (digits and words), then
// per number its qualifier, what it counts, who says it and when, and last
// which figures a later one supersedes.
import 'server-only';
import type { FigureCounted, FigureQualifier } from '../validation/figures';
import { runPipeline } from './extract/pipeline';

export const FIGURES_VERSION = 5;

export type ExtractFiguresOptions = {
  /** The article body exactly as stored in claims.body: spans are JS string offsets into it. */
  body: string;
  /** ISO 639-1 as detected at import ("pt", "en", "es", "bg", "ar", …); anything else still gets digits. */
  language: string;
  /** The article's published date: resolves "Thursday" to a day. */
  publishedAt?: Date | null;
};

export type ExtractedFigure = {
  qualifier: FigureQualifier;
  value: number | null;
  min: number | null;
  max: number | null;
  approximate: boolean;
  unit: string | null;
  counted: FigureCounted;
  countedText: string | null;
  attribution: string | null;
  source: string | null;
  relayedBy: string | null;
  timeText: string | null;
  /** YYYY-MM-DD. */
  timeDate: string | null;
  /** The figure as written: body.slice(spanStart, spanEnd) ("more than one hundred", "Около 104"). */
  spanStart: number;
  spanEnd: number;
  /** The sentence holding it. */
  sentenceStart: number;
  sentenceEnd: number;
  /** Index (in the returned array) of a later figure of this article that updates this one ("23, then 60"). */
  supersededBy: number | null;
};

export function extractFigures(options: ExtractFiguresOptions): ExtractedFigure[] {
  return runPipeline(options);
}
