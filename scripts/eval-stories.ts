// `npm run eval:stories [tuning|held-out|fresh|tuning+held-out|all] [--sweep] [--split <wire split>] [--pairs]`: story grouping
// quality on the labelled set (figures recorded in docs/STORIES.md). Each split
// is grouped on its own; `tuning+held-out` and `all` group those articles together. `--sweep` prints
// B-cubed F1 over a grid of join thresholds, on the tuning split only: that is
// how the thresholds were chosen. `--ablations` prints the same figures with
// one part of the design switched off, per split. Then the wire set
// (tests/fixtures/wire/): each split present imported in publishedAt order,
// per language and script pair; `--write` puts those tables in docs/QUALITY.md.
// `--split tuning` measures one wire split only (and skips the labelled set);
// `--pairs` (tuning split only) also prints each same-event pair left apart and
// each wrong pair with its score and shared evidence: that is how the rules are
// diagnosed. Held-out and fresh are only ever measured as a whole.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { STORY_CONFIG } from '../lib/stories/config';
import {
  type EvaluationOptions,
  evaluateStories,
  formatStoryEvaluation,
  importOrders,
  loadStorySet,
  simulateImports,
} from '../tests/fixtures/stories/labelled-set';
import { evaluateWire, formatWireEvaluation } from '../tests/fixtures/stories/wire-eval';
import { formatTuningPairs } from '../tests/fixtures/stories/wire-pairs';
import { WIRE_SPLITS, type WireSplit, loadWireEvents } from '../tests/fixtures/wire/wire-set';

const names = ['tuning', 'held-out', 'fresh', 'tuning+held-out', 'all'] as const;
type Name = (typeof names)[number];
const args = process.argv.slice(2);
const sweep = args.includes('--sweep');
const ablations = args.includes('--ablations');
const write = args.includes('--write');
const showPairs = args.includes('--pairs');
const splitAt = args.indexOf('--split');
const wireSplit = splitAt >= 0 ? args[splitAt + 1] : undefined;
if (splitAt >= 0 && !(WIRE_SPLITS as readonly string[]).includes(wireSplit ?? '')) {
  console.error(`--split takes one of ${WIRE_SPLITS.join(', ')}.`);
  process.exit(2);
}
if (showPairs && wireSplit !== 'tuning') {
  console.error('--pairs prints pair scores of the tuning split only: pass --split tuning.');
  process.exit(2);
}
if (write && wireSplit !== undefined) {
  console.error('--write records every split: drop --split.');
  process.exit(2);
}
const asked = args.filter((a, i) => !['--sweep', '--ablations', '--write', '--pairs', '--split'].includes(a) && !(splitAt >= 0 && i === splitAt + 1));
const unknown = asked.filter((a) => !(names as readonly string[]).includes(a));
if (unknown.length) {
  console.error(`Unknown set ${unknown.join(', ')}: choose from ${names.join(', ')} (and --sweep, --ablations or --write).`);
  process.exit(2);
}
const { articles } = loadStorySet();
const part = (name: Name) => {
  if (name === 'all') return articles;
  if (name === 'tuning+held-out') return articles.filter((a) => a.split !== 'fresh');
  return articles.filter((a) => a.split === name);
};

if (sweep) {
  const tuning = part('tuning');
  console.log('tuning split: join threshold → B-cubed P / R / F1, pairwise P / R');
  for (let t = 0.04; t <= 0.4001; t += 0.02) {
    const config = { ...STORY_CONFIG, joinThreshold: Math.round(t * 100) / 100, suggestThreshold: Math.min(STORY_CONFIG.suggestThreshold, t) };
    const e = evaluateStories(tuning, { config }).joined;
    const f = (x: number) => (100 * x).toFixed(1).padStart(5);
    console.log(
      `  ${config.joinThreshold.toFixed(2)}  ${f(e.bcubed.precision)} ${f(e.bcubed.recall)} ${f(e.bcubed.f1)}   ${f(e.pairwise.precision)} ${f(e.pairwise.recall)}`,
    );
  }
} else if (ablations) {
  const variants: Array<[string, EvaluationOptions]> = [
    ['as configured', {}],
    ['single link instead of average link', { linkage: 'single' }],
    [
      'no words (names, figures and dates only)',
      { config: { ...STORY_CONFIG, weights: { ...STORY_CONFIG.weights, kind: { ...STORY_CONFIG.weights.kind, term: 0 } } } },
    ],
    ['no prior documents in the IDF', { config: { ...STORY_CONFIG, priorDocuments: 0 } }],
    ['squared weights (cosine)', { config: { ...STORY_CONFIG, power: 2 } }],
    ['one shared name, figure or date is enough', { config: { ...STORY_CONFIG, minSharedSpecific: 1 } }],
  ];
  for (const name of asked.length ? (asked as Name[]) : names) {
    console.log(`${name}: variant → B-cubed F1, pairwise P / R, margin (first wrong merge / lowest right merge)`);
    for (const [label, options] of variants) {
      const e = evaluateStories(part(name), options);
      const f = (x: number) => `${(100 * x).toFixed(1)}%`;
      console.log(
        `  ${label.padEnd(44)} ${f(e.joined.bcubed.f1).padStart(6)}  ${f(e.joined.pairwise.precision).padStart(6)} / ${f(e.joined.pairwise.recall).padStart(6)}  ${e.margin.firstWrongMerge.toFixed(3)} / ${e.margin.lowestRightMerge.toFixed(3)}`,
      );
    }
  }
} else if (wireSplit === undefined) {
  for (const name of asked.length ? (asked as Name[]) : names) {
    console.log(formatStoryEvaluation(name, evaluateStories(part(name))));
    // The import path: one article at a time, in eight fixed orders.
    for (const mode of ['place', 'regroup'] as const) {
      const runs = importOrders(part(name)).map(({ order }) => simulateImports(part(name), order, { mode }));
      const f1 = runs.map((r) => r.bcubed.f1);
      const mean = f1.reduce((x, y) => x + y, 0) / f1.length;
      const moves = runs.reduce((n, r) => n + r.moves, 0) / runs.length;
      console.log(
        `  imported one by one, ${mode === 'place' ? 'placeArticle only' : 'regroupNeighbourhood'}: B-cubed F1 mean ${(100 * mean).toFixed(1)}%, worst ${(100 * Math.min(...f1)).toFixed(1)}% over ${runs.length} orders (${f1.map((x) => (100 * x).toFixed(0)).join(' ')})${mode === 'regroup' ? `, ${moves.toFixed(1)} moves per run` : ''}`,
      );
    }
    console.log();
  }
}

if (!sweep && !ablations) {
  // The wire set: every split present on its own, then all of it together (hard negatives may sit in another split).
  const events = loadWireEvents(wireSplit ? { splits: [wireSplit as WireSplit] } : {});
  const sections = WIRE_SPLITS.filter((split) => events.some((e) => e.split === split)).map((split) =>
    formatWireEvaluation(
      evaluateWire(
        split,
        events.filter((e) => e.split === split),
      ),
    ),
  );
  if (new Set(events.map((e) => e.split)).size > 1) sections.push(formatWireEvaluation(evaluateWire('all splits together', events)));
  if (showPairs) console.log(formatTuningPairs(events));
  const tables = sections.length ? sections.join('\n\n') : 'No wire events yet (tests/fixtures/wire/events/).';
  console.log(`wire set, imported one by one in publishedAt order:\n\n${tables}`);
  if (write) {
    const file = path.join(import.meta.dirname, '../docs/QUALITY.md');
    const begin = '<!-- eval:stories wire begin -->';
    const end = '<!-- eval:stories wire end -->';
    const doc = readFileSync(file, 'utf8');
    const from = doc.indexOf(begin);
    const to = doc.indexOf(end);
    if (from < 0 || to < from) throw new Error(`docs/QUALITY.md has no ${begin} … ${end} section`);
    writeFileSync(file, `${doc.slice(0, from + begin.length)}\n${tables}\n${doc.slice(to)}`);
    console.log('docs/QUALITY.md: wire tables written');
  }
}
