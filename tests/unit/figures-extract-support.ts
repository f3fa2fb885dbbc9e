// Shared by the figures-extract-* unit tests: run the extractor and keep what a test compares.
import { extractFigures, type ExtractedFigure } from '@/lib/figures/extract-figures';

export type Seen = {
  text: string;
  qualifier: ExtractedFigure['qualifier'];
  value: number | null;
  min: number | null;
  max: number | null;
  counted: ExtractedFigure['counted'];
};

export function figures(body: string, language: string, publishedAt?: string): ExtractedFigure[] {
  return extractFigures({ body, language, publishedAt: publishedAt ? new Date(`${publishedAt}T12:00:00Z`) : null });
}

export function seen(body: string, language: string, publishedAt?: string): Seen[] {
  return figures(body, language, publishedAt).map((f) => ({
    text: body.slice(f.spanStart, f.spanEnd),
    qualifier: f.qualifier,
    value: f.value,
    min: f.min,
    max: f.max,
    counted: f.counted,
  }));
}

/** [surface, value] pairs: the figures as written and their single number (value, or min, or max). */
export function values(body: string, language: string): Array<[string, number | null]> {
  return seen(body, language).map((f) => [f.text, f.value ?? f.min ?? f.max]);
}
