// The story benchmarks' desks: a copy of the seeded template (the five seeds
// imported, hence grouped, through the pipeline) filled up to N articles by
// story-desk.ts. Built once per run and size, and shared: story-grouping
// rolls every probe back and story-pages only reads, so both can use one
// (and vitals after them).
import { FIGURES_VERSION } from '../../lib/figures/extract-figures';
import { fillStoryDesk, type StoryDeskSummary } from './story-desk';
import { type BenchDatabase, sql } from './bench-database';
import { progressBar } from './progress';
import { fmtInt } from './table';

export type StoryDesk = { size: number; url: string; summary: StoryDeskSummary; seconds: number };

/** The seeds, already on the template. */
const SEEDS = 5;
/**
 * The new articles story-grouping groups, from the labelled set: kept out of
 * the desk's templates, so the desk holds copies of their stories' other
 * articles but never of them.
 */
export const STORY_PROBES = ['defections-es', 'defections-ar', 'blackout-en', 'guaido-return-ru', 'notre-dame-pt', 'brexit-vote-bg'];
const built = new Map<number, Promise<StoryDesk>>();

export function storyDesk(database: BenchDatabase, size: number): Promise<StoryDesk> {
  let desk = built.get(size);
  if (!desk) {
    desk = build(database, size);
    built.set(size, desk);
  }
  return desk;
}

async function build(database: BenchDatabase, size: number): Promise<StoryDesk> {
  const url = await database.create(`bench_story_${size}`);
  const articles = size - SEEDS;
  const counting = progressBar(`story desk of ${fmtInt(size)}: counting keys`, articles);
  let writing: ReturnType<typeof progressBar> | undefined;
  const t0 = performance.now();
  const summary = await fillStoryDesk(url, {
    articles,
    prefix: `desk${size}`,
    variants: { exclude: STORY_PROBES },
    onProgress: (phase, done, total) => {
      if (phase === 'counting') {
        counting.update(done);
        return;
      }
      if (!writing) {
        counting.finish();
        writing = progressBar(`story desk of ${fmtInt(size)}: writing`, total);
      }
      writing.update(done);
    },
  });
  writing?.finish();
  // (fillStoryDesk has built the indexes again and analysed the tables by now.)
  // The desk is written in bulk, without figures: mark its articles read by
  // the extractor, or an app server started on it (story-pages, vitals)
  // would extract all of them at start-up, one transaction each, and miss
  // its start-up time limit. The seeds keep the figures the template extracted.
  await sql(url, 'UPDATE claims SET figures_version = $1 WHERE figures_version IS DISTINCT FROM $1', [FIGURES_VERSION]);
  return { size, url, summary, seconds: (performance.now() - t0) / 1000 };
}
