// What the import CLI prints: one line per file worth a look (refused,
// duplicate, near-duplicate; every file in a dry run), progress on stderr (a
// bar on a terminal, a line every N files otherwise) and the summary table.
import { MultiBar, Presets, type SingleBar } from 'cli-progress';
import type { ImportRefusalReason } from '../../lib/articles/import-refusal';
import type { FileResult, Tally } from './import-files';
import type { SkipReason } from './walk';

const REASON_LABELS: Record<ImportRefusalReason, string> = {
  empty: 'empty',
  binary: 'binary, not text',
  undecodable: 'not valid text in any encoding',
  unsupported_encoding: 'unsupported encoding',
  unstorable: 'NUL character or broken Unicode',
  too_large: 'too large (over 2 MB)',
  too_short: 'too short to be an article',
  unsupported_type: 'not .txt, .md, .html or .htm',
  no_article: 'no article text in the page',
  invalid_name: 'unusable file name',
  bad_front_matter: 'unreadable front matter',
  too_deep: 'page nested too deeply',
  too_many_elements: 'page has too many elements',
  too_slow: 'took too long to read',
  too_costly: 'needs too much memory to read',
  // The CLI reads files, not addresses; these come from URL imports through the same pipeline.
  fetch_timeout: 'page did not answer in time',
  fetch_too_large: 'page too large',
  fetch_not_html: 'page not HTML or text',
  fetch_refused_address: 'address refused',
  fetch_http_status: 'HTTP error',
  fetch_failed: 'page could not be fetched',
};

const SKIP_LABELS: Record<SkipReason, [string, string]> = {
  hidden: ['hidden entry', 'hidden entries'],
  symlink: ['symbolic link', 'symbolic links'],
  special: ['special file', 'special files'],
};

const int = (n: number) => n.toLocaleString('en-US');
const percent = (x: number) => `${Math.round(x * 100)}%`;
const quoted = (title: string) => JSON.stringify(title.length > 80 ? `${title.slice(0, 79)}…` : title);

/** The line a file's outcome deserves, or null (a plain "created" says nothing until the summary). */
export function describeResult(r: FileResult, options: { dryRun: boolean; claimUrl: (id: string) => string }): string | null {
  const link = (id: string) => options.claimUrl(id);
  switch (r.outcome) {
    case 'created': {
      const like = r.nearDuplicateOf
        ? `${percent(r.nearDuplicateOf.similarity)} like ${quoted(r.nearDuplicateOf.title)} ${link(r.nearDuplicateOf.claimId)}`
        : null;
      if (options.dryRun) return `would create  ${r.path}: ${quoted(r.title)} (${r.language}, ${percent(r.languageConfidence)} sure)${like ? `; ${like}` : ''}`;
      return like ? `created       ${r.path}: linked as a near-duplicate, ${like}` : null;
    }
    case 'duplicate':
      return `duplicate     ${r.path}: the same text is already ${quoted(r.of.title)} ${link(r.of.claimId)}`;
    case 'near_duplicate':
      return `skipped       ${r.path}: ${percent(r.resembles.similarity)} like ${quoted(r.resembles.title)} ${link(r.resembles.claimId)} (--allow-near-duplicates imports it)`;
    case 'refused':
      return `refused       ${r.path}: ${r.sentence}`;
    case 'unreadable':
      return `unreadable    ${r.path}: ${r.sentence}`;
  }
}

export type Progress = {
  /** After every file. */
  update: (tally: Tally) => void;
  /** Prints a line to stdout without breaking the bar. */
  line: (text: string) => void;
  stop: () => void;
};

export function startProgress(options: { total: number; every: number; tty: boolean }): Progress {
  const started = Date.now();
  const counts = (t: Tally) => ({
    created: int(t.created),
    duplicate: int(t.duplicate + t.nearDuplicateSkipped),
    refused: int([...t.refused.values()].reduce((a, b) => a + b, 0) + t.unreadable),
  });
  if (options.tty) {
    const bars = new MultiBar(
      {
        stream: process.stderr,
        format:
          ' {bar} {percentage}% | {value}/{total} files | {rate} files/s | ETA {eta_formatted} | created {created}, duplicates {duplicate}, refused {refused}',
        hideCursor: true,
        etaBuffer: 200,
        fps: 5,
      },
      Presets.shades_classic,
    );
    const bar: SingleBar = bars.create(options.total, 0, { rate: '0', created: '0', duplicate: '0', refused: '0' });
    return {
      update: (t) => {
        if (t.files > bar.getTotal()) bar.setTotal(t.files);
        bar.update(t.files, { rate: (t.files / Math.max(0.001, (Date.now() - started) / 1000)).toFixed(0), ...counts(t) });
      },
      // Both streams on one terminal: let the bar clear and redraw itself around the line.
      line: (text) => {
        if (process.stdout.isTTY) bars.log(`${text}\n`);
        else process.stdout.write(`${text}\n`);
      },
      stop: () => bars.stop(),
    };
  }
  let last = 0;
  return {
    update: (t) => {
      if (t.files - last < options.every && t.files !== options.total) return;
      last = t.files;
      const secs = (Date.now() - started) / 1000;
      const c = counts(t);
      const share = options.total > 0 ? ` (${percent(Math.min(1, t.files / options.total))})` : '';
      process.stderr.write(
        `[import] ${int(t.files)}/${int(options.total)} files${share}, ${(t.files / Math.max(0.001, secs)).toFixed(0)} files/s: ` +
          `created ${c.created}, duplicates ${c.duplicate}, refused ${c.refused}\n`,
      );
    },
    line: (text) => process.stdout.write(`${text}\n`),
    stop: () => {},
  };
}

/** The summary table: every outcome with its count, refusals by reason, time and rate. */
export function formatSummary(t: Tally, options: { elapsedMs: number; dryRun: boolean; ended: 'done' | 'interrupted' | 'failed' }): string {
  const secs = options.elapsedMs / 1000;
  const would = (done: string, maybe: string) => (options.dryRun ? maybe : done);
  const refused = [...t.refused.values()].reduce((a, b) => a + b, 0);
  const rows: [string, number][] = [
    [would('created', 'would be created'), t.created],
    [`  of them linked to a claim they resemble`, t.linkedAsNearDuplicates],
    ['duplicate (same text already on the desk)', t.duplicate],
    [`near-duplicate, ${would('skipped', 'would be skipped')}`, t.nearDuplicateSkipped],
    [would('refused', 'would be refused'), refused],
    ...[...t.refused.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([reason, n]): [string, number] => [`  ${REASON_LABELS[reason]}`, n]),
    ['could not be read', t.unreadable],
    ['files in all', t.files],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const numbers = Math.max(...rows.map(([, n]) => int(n).length));
  const rule = `  ${'-'.repeat(width)}  ${'-'.repeat(numbers)}`;
  const table = rows.map(([label, n], i) => `${i === rows.length - 1 ? `${rule}\n` : ''}  ${label.padEnd(width)}  ${int(n).padStart(numbers)}`);
  const skipped = [...t.skipped.entries()].map(([why, n]) => `${int(n)} ${SKIP_LABELS[why][n === 1 ? 0 : 1]}`);
  const head =
    options.ended === 'failed'
      ? 'Import stopped by the error below'
      : options.ended === 'interrupted'
        ? 'Import interrupted'
        : options.dryRun
          ? 'Dry run finished (nothing was written)'
          : 'Import finished';
  return [
    `${head}: ${int(t.files)} file${t.files === 1 ? '' : 's'} in ${secs.toFixed(1)} s, ${(t.files / Math.max(0.001, secs)).toFixed(1)} files/s.`,
    '',
    ...table,
    ...(skipped.length ? ['', `Left alone inside folders: ${skipped.join(', ')}.`] : []),
  ].join('\n');
}
