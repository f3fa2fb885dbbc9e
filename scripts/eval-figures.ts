// `npm run eval:figures [--split tune|held-out|fresh|seeds|wire:tuning|wire:held-out|wire:fresh]…
// [--verbose] [--markdown]`: figure extraction quality on the labelled set of
// tests/fixtures/figures/ and on the wire set of tests/fixtures/wire/ (figures
// recorded in docs/FIGURES.md and docs/QUALITY.md). A table per language × split:
// counts, precision, recall, F1, and the secondary agreement of approximate,
// source and time on the right figures. `--verbose` lists misses and false
// positives; for held-out and fresh only when that split is asked by name, so
// a tuning run never shows them by accident. `--markdown` prints the table for
// docs/FIGURES.md.
import { FIGURE_SPLITS, evaluateSeeds, evaluateSplit, loadFigureSplit, loadSeedLabels } from '../tests/fixtures/figures/labelled-set';
import { WIRE_SPLITS } from '../tests/fixtures/wire/wire-set';
import { evaluateWire, type WireScore } from '../tests/fixtures/wire/wire-figures';
import { type FalsePositive, type Miss, type Scores, addCounts, describeFigure, withRates } from '../lib/figures/score-figures';

const names = [...FIGURE_SPLITS, 'seeds', ...WIRE_SPLITS.map((s) => `wire:${s}` as const)] as const;
type Name = (typeof names)[number];
const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const markdown = args.includes('--markdown');
const asked: Name[] = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i] ?? '';
  if (arg === '--verbose' || arg === '--markdown') continue;
  const value = arg === '--split' ? args[++i] : arg.startsWith('--split=') ? arg.slice('--split='.length) : undefined;
  if (value === undefined || !(names as readonly string[]).includes(value)) {
    console.error(`Unknown argument ${JSON.stringify(arg)}: use --split ${names.join('|')} (repeatable), --verbose and --markdown.`);
    process.exit(2);
  }
  asked.push(value as Name);
}
const splits = asked.length ? [...new Set(asked)] : [...names];

const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(6);
const share = (right: number, of: number) => (of === 0 ? '     –' : `${right}/${of}`.padStart(6));
const columns = ['split', 'lang', 'items', 'exp', 'pred', 'right', 'P', 'R', 'F1', 'approx', 'source', 'time', 'supers'];
const widths = [9, 4, 5, 4, 4, 5, 6, 6, 6, 7, 6, 6, 6];
const line = (cells: string[]) =>
  markdown ? `| ${cells.join(' | ')} |` : cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' ');
const header = markdown ? `${line(columns)}\n|${columns.map((_, i) => (i < 2 ? '---|' : '---:|')).join('')}` : line(columns);
const row = (split: string, language: string, items: number, s: Scores) =>
  line([
    split,
    language,
    String(items),
    String(s.expected),
    String(s.predicted),
    String(s.right),
    pct(s.precision).trim(),
    pct(s.recall).trim(),
    pct(s.f1).trim(),
    share(s.approximateRight, s.right).trim(),
    share(s.sourceRight, s.sourceLabelled).trim(),
    share(s.timeRight, s.timeLabelled).trim(),
    share(s.supersededRight, s.supersededLabelled).trim(),
  ]);

const missLine = (m: Miss, text: string) => `    miss  ${m.id}: "${text.slice(m.span.start, m.span.end)}" ${describeFigure(m.expected)}: ${m.why}`;
const fpLine = (f: FalsePositive) => `    extra ${f.id}: "${f.text}" ${describeFigure(f.predicted)}: ${f.why}`;

const wireColumns = ['split', 'lang', 'articles', 'key', 'key right', 'recall', 'pred', 'right', 'precision', 'source'];
const wireRow = (split: string, language: string, s: WireScore) => {
  const cells = [
    split,
    language,
    String(s.articles),
    String(s.key),
    String(s.keyRight),
    pct(s.recall).trim(),
    String(s.predicted),
    String(s.right),
    pct(s.precision).trim(),
    share(s.sourceRight, s.sourceLabelled).trim(),
  ];
  return markdown ? `| ${cells.join(' | ')} |` : cells.map((c, i) => (i < 2 ? c.padEnd(i ? 4 : 16) : c.padStart(9))).join(' ');
};

console.log(header);
const details: string[] = [];
const wireAsked = splits.filter((s) => s.startsWith('wire:')).map((s) => s.slice('wire:'.length));
if (wireAsked.length) {
  const wireTables: string[] = [];
  for (const scored of evaluateWire({ splits: WIRE_SPLITS.filter((s) => wireAsked.includes(s)) })) {
    const name = `wire:${scored.split}`;
    for (const [language, s] of Object.entries(scored.byLanguage)) wireTables.push(wireRow(name, language, s));
    wireTables.push(wireRow(name, 'all', scored.overall));
    // Misses of held-out and fresh only when asked by name, so a tuning run never shows them.
    const showDetails = verbose && (scored.split === 'tuning' || asked.includes(name as Name));
    if (verbose && !showDetails) details.push(`${name}: misses not listed (ask with --split ${name} --verbose; never while tuning).`);
    if (showDetails) {
      details.push(`${name}:`);
      for (const item of scored.items) {
        for (const m of item.misses) details.push(missLine(m, item.article.text));
        for (const f of item.falsePositives) details.push(fpLine(f));
      }
    }
  }
  const wireHeader = markdown
    ? `| ${wireColumns.join(' | ')} |\n|${wireColumns.map((_, i) => (i < 2 ? '---|' : '---:|')).join('')}`
    : wireColumns.map((c, i) => (i < 2 ? c.padEnd(i ? 4 : 16) : c.padStart(9))).join(' ');
  details.unshift(
    wireTables.length
      ? `Wire set: key figures labelled right (recall) and precision of all extracted figures\n${wireHeader}\n${wireTables.join('\n')}\n`
      : 'Wire set: no events in the asked splits yet (tests/fixtures/wire/events/).\n',
  );
}
for (const split of splits) {
  if (split === 'seeds') {
    const seeds = loadSeedLabels();
    const scored = evaluateSeeds(seeds);
    const languages = [...new Set(scored.map((s) => s.language))].sort();
    for (const language of languages) {
      const mine = scored.filter((s) => s.language === language);
      console.log(row('seeds', language, mine.length, withRates(mine.map((s) => s.counts).reduce(addCounts))));
    }
    console.log(row('seeds', 'all', scored.length, withRates(scored.map((s) => s.counts).reduce(addCounts))));
    const met = scored.filter((s) => s.goalMet);
    details.push(
      `seeds goal (every listed defection figure, none extra): ${met.length}/${scored.length} articles${
        met.length === scored.length
          ? ''
          : `; not met: ${scored
              .filter((s) => !s.goalMet)
              .map((s) => s.file.slice(0, 3))
              .join(', ')}`
      }`,
    );
    if (verbose) {
      for (const s of scored) {
        const body = seeds.find((x) => x.file === s.file)?.body ?? '';
        for (const m of s.misses) details.push(missLine(m, body));
        for (const f of s.extra) details.push(fpLine(f));
      }
    }
    continue;
  }
  const figureSplit = FIGURE_SPLITS.find((s) => s === split);
  if (figureSplit === undefined) continue; // the wire splits, printed above
  const items = loadFigureSplit(figureSplit);
  const score = evaluateSplit(items);
  for (const [language, s] of Object.entries(score.byLanguage)) {
    console.log(row(split, language, items.filter((i) => i.language === language).length, s));
  }
  console.log(row(split, 'all', items.length, score.overall));
  const showDetails = verbose && (split === 'tune' || asked.includes(split));
  if (verbose && !showDetails) details.push(`${split}: misses not listed (ask with --split ${split} --verbose; never while tuning).`);
  if (showDetails) {
    details.push(`${split}:`);
    for (const item of score.items) {
      const text = items.find((i) => i.id === item.id)?.text ?? '';
      for (const m of item.misses) details.push(missLine(m, text));
      for (const f of item.falsePositives) details.push(fpLine(f));
    }
  }
}
if (details.length) console.log(`\n${details.join('\n')}`);
