// `npm run audit:check-bundle -- <file> [--json] [--trust-key KEYID]…`: verifies an
// audit bundle on its own (no database, no server). Exit 0: intact; 1: problems
// found; 2: usage error or unreadable file. Format: docs/audit-format.md.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { checkBundleStream, MAX_PROBLEMS, type BundleReport } from '../lib/audit/check-bundle';
import type { AuditProblem } from '../lib/audit/checkpoint-format';

const USAGE = 'Usage: npm run audit:check-bundle -- <bundle.jsonl> [--json] [--trust-key KEYID]…';

const argsSchema = z.object({
  file: z.string().min(1).max(4096),
  json: z.boolean(),
  trustKeys: z.array(z.string().regex(/^[0-9a-f]{16}$/, 'a key id is 16 lower-case hex characters')).max(100),
});

function readArgs(): z.infer<typeof argsSchema> {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: { json: { type: 'boolean', default: false }, 'trust-key': { type: 'string', multiple: true, default: [] } },
    });
    if (positionals.length !== 1) throw new Error('give exactly one bundle file');
    const parsed = argsSchema.safeParse({ file: positionals[0], json: values.json, trustKeys: values['trust-key'] });
    if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    return parsed.data;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}

function describe(p: AuditProblem): string {
  switch (p.kind) {
    case 'truncated':
      return `truncated (events end at ${p.lastSeq}, expected up to ${p.signedSeq}): ${p.why}`;
    case 'forked':
      return `forked at seq ${p.seqs.join(', ')}: ${p.why}`;
    case 'malformed':
      return `malformed${p.line !== undefined ? ` line ${p.line}` : ''}${p.seq !== undefined ? ` (seq ${p.seq})` : ''}: ${p.why}`;
    default:
      return `${p.kind} at seq ${p.seq}: ${p.why}`;
  }
}

function summary(file: string, r: BundleReport): string {
  const lines = [`Bundle ${file}`];
  if (r.header) {
    lines.push(`  range ${r.header.from}–${r.header.to}, exported ${r.header.exportedAt}, keys ${r.header.keyIds.join(', ') || '(none)'}`);
  }
  if (r.ok) {
    lines.push(`OK: ${r.checked} events recomputed and linked.`);
    lines.push(
      r.provenTo
        ? `  Proven up to seq ${r.provenTo.seq} by the checkpoint signed ${r.provenTo.at} with key ${r.provenTo.keyId}; ${r.unsignedTail} later event(s) are linked but not yet signed.`
        : `  No signed checkpoint: the chain is consistent, but nothing proves it was not recomputed.`,
    );
    lines.push('  Compare the key id with the one the newsroom publishes (or pass --trust-key).');
  } else {
    const more = r.problemCount > r.problems.length ? ` (first ${MAX_PROBLEMS} listed)` : '';
    lines.push(`NOT OK: ${r.problemCount} problem(s)${more}; ${r.checked} event line(s) read.`);
    for (const p of r.problems) lines.push(`  - ${describe(p)}`);
  }
  return lines.join('\n');
}

const args = readArgs();
try {
  if (!(await stat(args.file)).isFile()) throw new Error('not a file');
} catch (error) {
  console.error(`Cannot read ${args.file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
let report: BundleReport;
try {
  report = await checkBundleStream(createReadStream(args.file), { trustedKeyIds: args.trustKeys.length ? args.trustKeys : undefined });
} catch (error) {
  console.error(`Cannot read ${args.file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
console.log(args.json ? JSON.stringify(report, null, 2) : summary(args.file, report));
process.exit(report.ok ? 0 : 1);
