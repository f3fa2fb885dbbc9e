// Every spelling of one shared name, each in its own script and direction:
// "Guaidó · Гуайдо · غوايدو". An Arabic spelling between Latin ones must not
// reorder its neighbours, so each sits in its own isolate (bdi, dir="auto").
import { distinctSurfaces } from '@/lib/utils/story-evidence';

type Props = {
  surfaces: readonly string[];
  /** The language of each surface, where known (a pair of articles); unknown ones get none. */
  languages?: readonly (string | undefined)[];
  className?: string;
};

export function SurfaceList({ surfaces, languages, className = '' }: Props) {
  const shown = distinctSurfaces(surfaces);
  return (
    <span className={className} data-testid="surfaces">
      {shown.map((s, i) => (
        <span key={s}>
          {i > 0 && (
            <>
              <span aria-hidden className="px-1 text-slate-400">
                ·
              </span>
              <span className="sr-only">, </span>
            </>
          )}
          <bdi dir="auto" lang={languages?.[surfaces.indexOf(s)]}>
            {s}
          </bdi>
        </span>
      ))}
    </span>
  );
}
