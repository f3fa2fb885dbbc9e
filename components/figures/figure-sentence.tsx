// The sentence a figure sits in, in the article's language and direction,
// with the figure's own words marked. Offsets are into the claim body; the
// sentence carries its own start, so the span is found inside it.
import type { FigureDto } from '@/lib/validation/figures';
import { VisibleText } from '@/components/visible-text';

export function FigureSentence({ figure }: { figure: FigureDto }) {
  const { sentence, span, article } = figure;
  const from = span.start - sentence.start;
  const to = span.end - sentence.start;
  const inside = from >= 0 && to <= sentence.text.length && from < to;
  return (
    <q lang={article.language} dir={article.direction} className="text-slate-800 [quotes:none]" data-testid="figure-sentence">
      {inside ? (
        <>
          <VisibleText text={sentence.text.slice(0, from)} />
          <mark className="rounded-sm bg-yellow-200 px-0.5 text-slate-950">
            <VisibleText text={sentence.text.slice(from, to)} />
          </mark>
          <VisibleText text={sentence.text.slice(to)} />
        </>
      ) : (
        <VisibleText text={sentence.text || span.text} />
      )}
    </q>
  );
}
