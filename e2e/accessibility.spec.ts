// axe-core (WCAG 2.1 A and AA rules) over every page, dialog and notice of the
// desk, as each role sees it. A moderate, serious or critical violation fails
// the test; the failure lists every violation found, minor ones too, with its targets.
//
// The spec runs its own server per worker on its own database (free ports, .data/e2e-a11y-i),
// so it can put claims in every state (each verdict, assigned, commented,
// conflicting) without changing what the other specs find on the shared one.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import type { Result } from 'axe-core';
import { type AppServer, freePort, startAppServer } from '../tests/support/app-server';
import { type ClaimKey, type Claims, comment, openClaim, type Role, ROLES, SCANS, SIGNED_IN, setVerdict, TITLES } from './support/accessibility-scans';
import { DEMO_PASSWORD, signIn } from './support/auth';
import { settled, trackSettling } from './support/settled';

const ROOT = path.resolve(import.meta.dirname, '..');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
// Deque's best practices too: "a page has an h1" is one of them.
const RULE_TAGS = [...WCAG_21_AA, 'best-practice'];
// Stricter than "serious or critical": every page is clean of moderate ones too
// (the sign-in page had no h1), so a new one fails. Minor ones are only reported.
const BLOCKING = new Set(['moderate', 'serious', 'critical']);

// ---- what on disk must be covered ----------------------------------------

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** app/(desk)/claims/[id]/page.tsx → page:/claims/[id]; route groups and API routes are not pages. */
function renderedOnDisk(): string[] {
  const special = /^app\/(.*?)\/?(page|not-found|loading|error|global-error|forbidden|unauthorized)\.tsx$/;
  const routes = filesUnder('app').flatMap((file) => {
    const m = special.exec(file);
    if (!m || m[1]!.startsWith('api')) return [];
    const segments = m[1]!.split('/').filter((s) => s && !/^\(.*\)$/.test(s));
    return [`${m[2]}:/${segments.join('/')}`];
  });
  const dialogs = filesUnder('components')
    .filter((f) => f.endsWith('.tsx') && /<dialog\b/.test(readFileSync(path.join(ROOT, f), 'utf8')))
    .map((f) => `dialog:${f}`);
  // Exported documents a reader opens in a browser: the HTML report.
  const reports = filesUnder('lib/exports/formats')
    .filter((f) => f.endsWith('.ts') && /<!doctype html>/i.test(readFileSync(path.join(ROOT, f), 'utf8')))
    .map((f) => `report:${f}`);
  return [...new Set([...routes, ...dialogs, ...reports])].sort();
}

// ---- axe ------------------------------------------------------------------

function describeViolations(violations: Result[]): string {
  return violations
    .map((v) =>
      [
        `[${v.impact ?? 'unknown'}] ${v.id}: ${v.help} (${v.nodes.length}) ${v.helpUrl}`,
        ...v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`),
      ].join('\n'),
    )
    .join('\n');
}

async function expectAxeClean(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(RULE_TAGS).analyze();
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  if (violations.length) test.info().annotations.push({ type: 'axe', description: `${label}\n${describeViolations(violations)}` });
  expect(
    blocking.map((v) => v.id),
    `axe found moderate, serious or critical violations on ${label} (${page.url()}):\n${describeViolations(violations)}`,
  ).toEqual([]);
  return violations;
}

// ---- data and sessions ----------------------------------------------------

let server: AppServer;
let claims: Claims;
const sessions = new Map<Role, Awaited<ReturnType<BrowserContext['storageState']>>>();

async function newContext(browser: Browser, role?: Role): Promise<BrowserContext> {
  return browser.newContext({ baseURL: server.baseUrl, storageState: role ? sessions.get(role) : undefined });
}

async function asUser(browser: Browser, role: Role, fn: (page: Page) => Promise<void>) {
  const context = await newContext(browser, role);
  try {
    await fn(await context.newPage());
  } finally {
    await context.close();
  }
}

// ---- the tests ------------------------------------------------------------

test('every page, not-found page, loading state and dialog on disk is scanned', () => {
  const covered = new Set(SCANS.flatMap((s) => s.covers));
  const onDisk = renderedOnDisk();
  expect(onDisk.length).toBeGreaterThan(5);
  expect(
    onDisk.filter((r) => !covered.has(r)),
    'rendered on disk but scanned by no entry of SCANS (e2e/support/accessibility-scans.ts)',
  ).toEqual([]);
  expect(
    [...covered].filter((r) => !onDisk.includes(r)),
    'SCANS names something that is not on disk',
  ).toEqual([]);
});

test.describe('axe', () => {
  // The scans are the longest file of the suite: both workers take a share, each
  // on a server of its own set up the same way, so no scan depends on another's order.
  test.describe.configure({ mode: 'parallel' });

  test.beforeAll(async ({ browser }, workerInfo) => {
    test.setTimeout(180_000);
    const dataDir = path.join(ROOT, `.data/e2e-a11y-${workerInfo.parallelIndex}`);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}.password`, { force: true });
    server = await startAppServer({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), DATABASE_URL: undefined });
    for (const role of SIGNED_IN) {
      const context = await newContext(browser);
      await signIn(await context.newPage(), ROLES[role], DEMO_PASSWORD);
      sessions.set(role, await context.storageState());
      await context.close();
    }

    // One claim in each state the desk can show.
    const context = await newContext(browser, 'editor');
    const admin = await context.newPage();
    const list = (await (await admin.request.get('/api/claims')).json()) as { claims: { id: string; title: string; version: number }[] };
    const find = (key: ClaimKey) => {
      const claim = list.claims.find((c) => TITLES[key].test(c.title));
      if (!claim) throw new Error(`seed claim ${TITLES[key]} not found`);
      return claim;
    };
    claims = Object.fromEntries(Object.keys(TITLES).map((k) => [k, find(k as ClaimKey).id])) as Claims;
    await setVerdict(admin, claims.verified, {
      status: 'verified',
      reason: 'Migración Colombia confirmed the count.',
      expectedVersion: find('verified').version,
      evidence: [
        { url: 'https://www.migracioncolombia.gov.co/', label: 'Migración Colombia statement' },
        { url: 'https://example.org/report', label: '' },
      ],
    });
    await setVerdict(admin, claims.disputed, { status: 'disputed', reason: 'No source for 104.', expectedVersion: find('disputed').version });
    const today = new Date().toISOString().slice(0, 10);
    await setVerdict(admin, claims.outdated, {
      status: 'outdated',
      reason: 'Later counts are higher.',
      expectedVersion: find('outdated').version,
      reReviewAt: today,
    });
    await comment(admin, claims.verified, 'Second source: the AFP wire of the same day.');
    await openClaim(admin, claims.assigned);
    await admin.getByLabel('Assigned to').selectOption({ label: 'Rita Reviewer' });
    await expect(admin.getByTestId('claim-history').locator('li').first()).toContainText('assigned it to Rita Reviewer');
    await context.close();
    // The reviewer's own verdict, so the audit filter by actor finds a reason.
    await asUser(browser, 'reviewer', async (page) => {
      await comment(page, claims.assigned, 'Which count is the 23?');
      const claim = (await (await page.request.get(`/api/claims/${claims.disputed}`)).json()) as { version: number };
      await setVerdict(page, claims.disputed, { status: 'disputed', reason: 'Bulgarian outlets repeat it without a source.', expectedVersion: claim.version });
    });
  });

  test.afterAll(async () => {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when beforeAll failed
    await server?.stop();
  });

  for (const scan of SCANS) {
    const roles = scan.roles === 'signed-out' ? [undefined] : scan.roles;
    for (const role of roles) {
      test(`${scan.name}${role ? ` (${role})` : ''}`, async ({ browser }) => {
        const contexts = [await newContext(browser, role)];
        const colleague = async () => {
          const other = await newContext(browser, 'colleague');
          contexts.push(other);
          return other.newPage();
        };
        try {
          await trackSettling(contexts[0]!);
          const page = await contexts[0]!.newPage();
          await scan.open(page, { claims, colleague });
          // A refresh the scan set off (a save, someone else's change) may still be swapping the page in.
          await settled(page, { navigationHeld: scan.navigationHeld });
          const label = `${scan.name}${role ? ` as ${role}` : ''}`;
          // To look at: contrast fixes must keep the desk good-looking (e2e/screenshots is not committed).
          await page.screenshot({ path: `e2e/screenshots/a11y/${label.replace(/[^a-z0-9]+/gi, '-')}.png`, fullPage: true });
          await expectAxeClean(page, label);
        } finally {
          for (const context of contexts) await context.close();
        }
      });
    }
  }
});
