// The sentence around a span of an article body, for a figure an editor adds
// (extracted figures carry the extractor's own bounds): the extractor's
// sentence splitter (lib/figures/extract/sentences.ts), widened to the span
// when a selection runs across a sentence end.
import 'server-only';
import { foldText } from '../extract/fold';
import { sentenceAt, splitSentences } from '../extract/sentences';

export function sentenceBounds(body: string, spanStart: number, spanEnd: number): { start: number; end: number } {
  const sentences = splitSentences(body, foldText(body));
  const first = sentences[sentenceAt(sentences, spanStart)];
  const last = sentences[sentenceAt(sentences, Math.max(spanStart, spanEnd - 1))];
  return { start: Math.min(first?.start ?? spanStart, spanStart), end: Math.max(last?.end ?? spanEnd, spanEnd) };
}
