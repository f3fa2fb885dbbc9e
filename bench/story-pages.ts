// The story page and the claims list grouped by story on a desk of 100,000
// articles, against the ungrouped claims list, all in one run, taking turns:
// the domain functions in this process (getStory, listStoryGroups, listClaims)
// and what a browser asks the app server for (the API routes and the pages).
import type { Actor } from '../lib/auth/permissions';
import { listClaims } from '../lib/claims/list-claims';
import { db } from '../lib/db';
import { getStory } from '../lib/stories/desk/get-story';
import { listStoryGroups } from '../lib/stories/desk/list-story-groups';
import { CLAIMS_VIEW_COOKIE } from '../lib/utils/claims-view';
import { encodeClaimCursor } from '../lib/validation/claim-cursor';
import { listClaimsQuerySchema } from '../lib/validation/claims';
import { sql, usingDatabase } from './support/bench-database';
import type { Benchmark } from './support/benchmark';
import { signInDemoUsers, startFactdesk } from './support/factdesk-server';
import { summarize } from './support/stats';
import { storyDesk } from './support/story-bench-desk';
import { timedPrisma } from './support/timed-prisma';
import { fmtInt, fmtMs, fmtRatio, markdownTable } from './support/table';

const SIZE = Number(process.env.BENCH_STORY_PAGES_SIZE ?? 100_000);
const PORT = 3350;
const WARMUP_ROUNDS = 3;
const MIN_ROUNDS = 15;
const MAX_ROUNDS = 40;
const BUDGET_MS = 150_000;
const LANGUAGE = 'ru';

type Story = { key: string; label: string; id: string; size: number; suggestions: number };
type Target = {
  group: 'in process' | 'API' | 'page';
  label: string;
  /** The ungrouped list this one is compared with (a label of another target). */
  against?: string;
  run: (label: string) => Promise<number>;
};
type Measured = Target & { ms: number[]; bytes: number; calls: Map<string, { ms: number; calls: number }> };

/** The stories shown: the seeds' (the one the issue names), the desk's largest, and the one with the most pending suggestions. */
async function pickStories(url: string): Promise<Story[]> {
  const rows = await sql<{ key: string; id: string; size: number; suggestions: number }>(
    url,
    `WITH s AS (
       SELECT st.id, st.size,
         (SELECT count(*) FROM story_suggestions g WHERE g.status = 'pending' AND (g.story_a_id = st.id OR g.story_b_id = st.id))::int AS suggestions
       FROM stories st WHERE st.merged_into_id IS NULL)
     (SELECT 'seeds' AS key, s.id::text, s.size, s.suggestions FROM s WHERE s.id = (SELECT story_id FROM claims WHERE source_key ~ '^[0-9]{3}_' GROUP BY story_id ORDER BY count(*) DESC LIMIT 1))
     UNION ALL (SELECT 'largest', s.id::text, s.size, s.suggestions FROM s ORDER BY s.size DESC, s.id LIMIT 1)
     UNION ALL (SELECT 'suggested', s.id::text, s.size, s.suggestions FROM s ORDER BY s.suggestions DESC, s.size DESC, s.id LIMIT 1)`,
  );
  const label: Record<string, string> = { seeds: "the seeds' story", largest: 'the largest story', suggested: 'most pending suggestions' };
  return rows.map((r) => ({ ...r, label: label[r.key] ?? r.key }));
}

async function httpGet(baseUrl: string, path: string, cookie: string, check: (body: string) => boolean): Promise<{ ms: number; bytes: number }> {
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}${path}`, { headers: { cookie }, redirect: 'manual', signal: AbortSignal.timeout(60_000) });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200 || !check(body)) throw new Error(`GET ${path} answered ${res.status}: ${body.slice(0, 300)}`);
  return { ms, bytes: Buffer.byteLength(body) };
}

export const storyPages: Benchmark = {
  name: 'story-pages',
  title: 'The story page and the grouped list',
  run: async ({ database, log }) => {
    log(`story-pages: building (or reusing) the desk of ${fmtInt(SIZE)} articles …`);
    const desk = await storyDesk(database, SIZE);
    const stories = await pickStories(desk.url);
    const [editorRow] = await sql<{ id: string; email: string; display_name: string }>(
      desk.url,
      "SELECT id::text, email, display_name FROM users WHERE email = 'admin@factdesk.test'",
    );
    if (!editorRow) throw new Error('no demo editor on the desk');
    const actor: Actor = { id: editorRow.id, email: editorRow.email, displayName: editorRow.display_name, role: 'editor' };
    const [middle] = await sql<{ updated_at: Date; id: string }>(
      desk.url,
      'SELECT updated_at, id::text FROM claims ORDER BY updated_at DESC, id DESC OFFSET $1 LIMIT 1',
      [Math.floor(SIZE / 2)],
    );
    const deep = encodeClaimCursor({ updatedAt: middle!.updated_at, id: middle!.id });
    const first = listClaimsQuerySchema.parse({});
    const deepQuery = listClaimsQuerySchema.parse({ cursor: deep });
    const langQuery = listClaimsQuerySchema.parse({ lang: LANGUAGE });

    const app = await startFactdesk({ port: PORT, databaseUrl: desk.url });
    try {
      const cookie = (await signInDemoUsers(app.baseUrl)).editor;
      const grouped = `${cookie}; ${CLAIMS_VIEW_COOKIE}=stories`;
      const listed = `${cookie}; ${CLAIMS_VIEW_COOKIE}=list`;
      const sizes = new Map<string, number>();
      const http = (path: string, c: string, check: (body: string) => boolean) => async (label: string) => {
        const r = await httpGet(app.baseUrl, path, c, check);
        sizes.set(label, r.bytes);
        return r.ms;
      };
      const inProcess = (fn: () => Promise<unknown>) => async () => {
        const t0 = performance.now();
        const result = await fn();
        if (result === null) throw new Error('no result');
        return performance.now() - t0;
      };
      const json = (key: string) => (body: string) => key in (JSON.parse(body) as Record<string, unknown>);
      const html = (body: string) => body.includes('</html>');
      const targets: Target[] = [
        ...stories.map((s): Target => ({ group: 'in process', label: `getStory: ${s.label}`, run: inProcess(() => getStory(s.id)) })),
        {
          group: 'in process',
          label: 'listStoryGroups, first page',
          against: 'listClaims, first page',
          run: inProcess(() => listStoryGroups({ actor, query: first })),
        },
        { group: 'in process', label: 'listClaims, first page', run: inProcess(() => listClaims({ actor, query: first })) },
        {
          group: 'in process',
          label: 'listStoryGroups, deep page',
          against: 'listClaims, deep page',
          run: inProcess(() => listStoryGroups({ actor, query: deepQuery })),
        },
        { group: 'in process', label: 'listClaims, deep page', run: inProcess(() => listClaims({ actor, query: deepQuery })) },
        {
          group: 'in process',
          label: `listStoryGroups, lang=${LANGUAGE}`,
          against: `listClaims, lang=${LANGUAGE}`,
          run: inProcess(() => listStoryGroups({ actor, query: langQuery })),
        },
        { group: 'in process', label: `listClaims, lang=${LANGUAGE}`, run: inProcess(() => listClaims({ actor, query: langQuery })) },
        ...stories.map((s): Target => ({
          group: 'API',
          label: `GET /api/stories/{id}: ${s.label}`,
          run: http(`/api/stories/${s.id}`, cookie, json('story')),
        })),
        { group: 'API', label: 'GET /api/stories/groups', against: 'GET /api/claims', run: http('/api/stories/groups', cookie, json('groups')) },
        { group: 'API', label: 'GET /api/claims', run: http('/api/claims', cookie, json('claims')) },
        {
          group: 'API',
          label: 'GET /api/stories/groups, deep page',
          against: 'GET /api/claims, deep page',
          run: http(`/api/stories/groups?cursor=${deep}`, cookie, json('groups')),
        },
        { group: 'API', label: 'GET /api/claims, deep page', run: http(`/api/claims?cursor=${deep}`, cookie, json('claims')) },
        ...stories.map((s): Target => ({
          group: 'page',
          label: `GET /stories/{id}: ${s.label}`,
          against: 'GET / (list)',
          run: http(`/stories/${s.id}`, cookie, html),
        })),
        { group: 'page', label: 'GET / grouped by story', against: 'GET / (list)', run: http('/', grouped, html) },
        { group: 'page', label: 'GET / (list)', run: http('/', listed, html) },
        {
          group: 'page',
          label: 'GET / grouped by story, deep page',
          against: 'GET / (list), deep page',
          run: http(`/?cursor=${deep}`, grouped, html),
        },
        { group: 'page', label: 'GET / (list), deep page', run: http(`/?cursor=${deep}`, listed, html) },
      ];
      const measured: Measured[] = targets.map((t) => ({ ...t, ms: [], bytes: 0, calls: new Map() }));
      const rounds = await usingDatabase(desk.url, async () => {
        // The in-process functions read through lib/db's client, made on first use; each call of theirs is timed too.
        await db.$connect();
        const plain = globalThis.__factdeskDb;
        if (!plain) throw new Error('lib/db made no client');
        let current: Measured | undefined;
        globalThis.__factdeskDb = timedPrisma(plain, ({ label, ms }) => {
          if (!current) return;
          const seen = current.calls.get(label) ?? { ms: 0, calls: 0 };
          current.calls.set(label, { ms: seen.ms + ms, calls: seen.calls + 1 });
        });
        try {
          log(`story-pages: timing ${targets.length} requests at ${fmtInt(SIZE)} articles, taking turns …`);
          const started = performance.now();
          let n = 0;
          for (let r = 0; r < WARMUP_ROUNDS + MAX_ROUNDS; r++) {
            if (n >= MIN_ROUNDS && performance.now() - started > BUDGET_MS) break;
            // Rotated each round, so no request always follows the same one.
            for (let i = 0; i < measured.length; i++) {
              const m = measured[(i + r) % measured.length]!;
              current = r >= WARMUP_ROUNDS && m.group === 'in process' ? m : undefined;
              const ms = await m.run(m.label);
              if (r >= WARMUP_ROUNDS) m.ms.push(ms);
            }
            current = undefined;
            if (r >= WARMUP_ROUNDS) n += 1;
            if (n > 0 && n % 10 === 0) log(`story-pages: ${n} rounds measured`);
          }
          return n;
        } finally {
          globalThis.__factdeskDb = plain;
        }
      });
      return report(measured, stories, rounds, sizes, desk.summary.articles + 5);
    } finally {
      await app.stop();
    }
  },
};

function report(measured: Measured[], stories: Story[], rounds: number, sizes: Map<string, number>, articles: number): string {
  const byLabel = new Map(measured.map((m) => [m.label, m]));
  const baselines = new Set(measured.flatMap((m) => (m.against ? [m.against] : [])));
  const stats = (m: Measured) => summarize(m.ms);
  const rows = measured.map((m) => {
    const s = stats(m);
    const base = m.against ? byLabel.get(m.against) : undefined;
    const b = base ? stats(base) : undefined;
    const bytes = sizes.get(m.label);
    return [
      m.group,
      m.label,
      `${fmtMs(s.p50)} / ${fmtMs(s.p95)}`,
      b ? `${fmtRatio(s.p50 / b.p50)} / ${fmtRatio(s.p95 / b.p95)}` : baselines.has(m.label) ? '(baseline)' : '—',
      bytes === undefined ? '—' : (bytes / 1024).toFixed(1),
    ];
  });
  const storyRows = stories.map((s) => [s.label, fmtInt(s.size), fmtInt(s.suggestions)]);
  const callRows = measured
    .filter((m) => m.group === 'in process')
    .flatMap((m) => {
      const n = m.ms.length || 1;
      const top = [...m.calls].sort((x, y) => y[1].ms - x[1].ms).slice(0, 3);
      return top.map(([label, v], i) => [i === 0 ? m.label : '', `\`${label}\``, (v.calls / n).toFixed(1), fmtMs(v.ms / n)]);
    });
  return [
    `One desk of ${fmtInt(articles)} articles, built as for story-grouping (\`bench/support/story-desk.ts\`), one app server on it (production build, signed in as the editor). ` +
      `${rounds} rounds after ${WARMUP_ROUNDS} warm-up rounds; each round asks for everything once, in an order rotated every round. "In process" calls the domain functions ` +
      'through the app\'s Prisma client in the benchmark process; "API" and "page" are HTTP requests to the server (the list pages with the view cookie set). ' +
      `Deep pages start at the middle of the desk (the ${fmtInt(Math.floor(articles / 2))}th newest claim). Pages of 25 (stories or claims).`,
    '',
    'The stories shown:',
    '',
    markdownTable(['story', 'articles', 'pending suggestions'], storyRows),
    '',
    'Time in ms, p50 / p95; the ratio compares with the ungrouped list of the same kind (p50 / p95):',
    '',
    markdownTable(['kind', 'request', 'p50 / p95', 'against the ungrouped list', 'response KB'], rows),
    '',
    'Where the in-process time goes: the three longest database calls of each (calls per request; mean ms per request, Prisma included; calls made together overlap):',
    '',
    markdownTable(['function', 'call', 'calls', 'ms'], callRows),
  ].join('\n');
}
