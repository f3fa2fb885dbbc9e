// `npm run lint` keeps process.env inside lib/env.ts and encodes STYLE.md's
// import table: every way of reaching the environment is flagged, the
// exceptions in eslint.config.mjs stay outside the app, and each zone fires.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const ROOT = path.resolve(import.meta.dirname, '../..');
// The probes are not files on disk, so they are linted without type
// information; the rules checked here do not need it.
const eslint = new ESLint({ cwd: ROOT, overrideConfig: [tseslint.configs.disableTypeChecked] });

async function findings(source: string, file: string, rules: string[]): Promise<number[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  if (!result) throw new Error(`${file} was not linted`);
  const fatal = result.messages.filter((m) => m.fatal);
  if (fatal.length) throw new Error(fatal.map((m) => m.message).join('\n'));
  // A line two zones refuse counts once.
  return [...new Set(result.messages.filter((m) => m.ruleId !== null && rules.includes(m.ruleId)).map((m) => m.line))].sort((a, b) => a - b);
}

// Loading the configuration (typescript-eslint, the plugins) takes seconds on a busy machine.
// What calculateConfigForFile answers, as far as these tests read it.
const resolvedRules = z.object({ rules: z.record(z.string(), z.unknown()) });

describe('the process.env lint rule', { timeout: 60_000 }, () => {
  const envFindings = (source: string) => findings(source, 'lib/probe.ts', ['no-restricted-properties', 'no-restricted-imports']);

  it('flags each way app code could read or write the environment', async () => {
    const lines = [
      "import { env } from 'node:process';",
      "import * as proc from 'process';",
      'export const a = process.env.PORT;',
      "export const b = process.env['PORT'];",
      'const { env: all } = process;',
      'export const c = globalThis.process.env;',
      "process.env.TRUST_PROXY = '1';",
      'export { all, env, proc };',
    ];
    expect(await envFindings(lines.join('\n'))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('leaves config() and other process members alone', async () => {
    expect(
      await envFindings("import { config } from './env';\nexport const p = config().PORT;\nexport const cwd = process.cwd();\nprocess.exit(0);\n"),
    ).toEqual([]);
  });

  it('exempts only lib/env.ts among the app folders', async () => {
    const files = execFileSync('git', ['ls-files', 'app', 'components', 'lib', 'server', 'seeds', 'scripts/*.ts', 'proxy.ts'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((f) => /\.tsx?$/.test(f) && !f.startsWith('lib/generated/'));
    expect(files.length).toBeGreaterThan(50);
    const exempt: string[] = [];
    for (const f of files) {
      const config: unknown = await eslint.calculateConfigForFile(path.join(ROOT, f));
      const setting = resolvedRules.parse(config).rules['no-restricted-properties'];
      const level: unknown = Array.isArray(setting) ? setting.at(0) : setting;
      if (level === 0 || level === 'off') exempt.push(f);
    }
    expect(exempt).toEqual(['lib/env.ts']);
  });
});

describe('the import table (STYLE.md "Layout")', { timeout: 60_000 }, () => {
  const RULE = '@typescript-eslint/no-restricted-imports';
  // One import per line; the answer is the lines that were refused.
  const refused = (file: string, imports: string[]) => findings(imports.join('\n'), file, [RULE]);

  it('components/ import only the client-safe part of lib/ at run time, types from anywhere', async () => {
    expect(
      await refused('components/probe.tsx', [
        "import { db } from '@/lib/db';",
        "import { inQueue } from '../lib/claims/in-queue';",
        "import { x } from '@/lib/generated/prisma/client';",
        "import { PrismaClient } from '@prisma/client';",
        "import { attachRealtime } from '../server/realtime';",
        "import { y } from '@/app/layout';",
        "import { publishChange } from '@/lib/realtime/publish';",
        "import type { Actor } from '@/lib/auth/permissions';",
        "import { createChangeFeed } from '@/lib/realtime/change-feed';",
        "import type { DeskChange } from '../../lib/realtime/events';",
        "import { isAppError } from '@/lib/errors';",
        "import { formatDateTime } from '@/lib/utils/format';",
        "import { claimIdSchema } from '../lib/validation/claims';",
        "import { StatusBadge } from './status-badge';",
        "import { useShortcuts } from '../use-shortcuts';",
      ]),
    ).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('app/ reaches the database only through domain functions and never imports server/', async () => {
    expect(
      await refused('app/probe/page.tsx', [
        "import { db } from '@/lib/db';",
        "import { Prisma } from '@/lib/generated/prisma/client';",
        "import { bootstrap } from '@/server/bootstrap';",
        "import { DEMO_USERS } from '../../seeds/demo-users';",
        "import { getClaim } from '@/lib/claims/get-claim';",
        "import { ClaimsTable } from '@/components/claims-table';",
        "import type { Claim } from '@/lib/generated/prisma/client';",
      ]),
    ).toEqual([1, 2, 3, 4]);
  });

  it('lib/validation imports nothing server-side', async () => {
    expect(
      await refused('lib/validation/probe.ts', [
        "import { db } from '../db';",
        "import { AUDIT_ACTIONS } from '../audit/events';",
        "import { x } from '@/lib/claims/get-claim';",
        "import 'server-only';",
        "import { randomUUID } from 'node:crypto';",
        "import { z } from './zod';",
        "import { AppError } from '../errors';",
        "import { formatDateTime } from '../utils/format';",
      ]),
    ).toEqual([1, 2, 3, 4, 5]);
  });

  it('lib/ never imports the entry points or the harness', async () => {
    expect(
      await refused('lib/claims/probe.ts', [
        "import { x } from '../../server/index';",
        "import { y } from '../../components/verdict-panel';",
        "import { z } from '@/app/layout';",
        "import { w } from '../../tests/support/fixtures';",
        "import { db } from '../db';",
        "import { appendAuditEvent } from '../audit/append-audit-event';",
      ]),
    ).toEqual([1, 2, 3, 4]);
  });

  it('nothing but tests imports server/', async () => {
    const line = ["import { guardHost } from '../server/host-guard';"];
    expect(await refused('seeds/probe.ts', line)).toEqual([1]);
    expect(await refused('bench/probe.ts', line)).toEqual([1]);
    expect(await refused('e2e/probe.spec.ts', line)).toEqual([1]);
    expect(await refused('tests/probe.test.ts', line)).toEqual([]);
  });
});
