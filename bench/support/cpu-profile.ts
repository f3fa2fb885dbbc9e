// Reads a V8 CPU profile (node --cpu-prof) and says where the server's CPU
// time went during a window, by the package or part of the app that ran.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const profileSchema = z.object({
  nodes: z.array(
    z.object({
      id: z.number(),
      callFrame: z.object({ functionName: z.string(), url: z.string(), lineNumber: z.number() }),
      children: z.array(z.number()).optional(),
    }),
  ),
  startTime: z.number(),
  endTime: z.number(),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});

/** The parts the table names, most specific first. */
const PARTS: [string, (url: string, fn: string) => boolean][] = [
  ['idle (waiting for I/O: database, network)', (_u, fn) => fn === '(idle)'],
  ['garbage collection', (_u, fn) => fn === '(garbage collector)'],
  ['V8 / native (program)', (u, fn) => fn === '(program)' || (u === '' && fn === '(root)')],
  ['Prisma client', (u) => /@prisma\/|lib\/generated\/prisma/.test(u)],
  ['next-auth / JWT', (u) => /node_modules\/(next-auth|jose|@panva)\//.test(u)],
  ['Next.js (routing, request, response)', (u) => /node_modules\/next\/|\.next\/server\//.test(u)],
  ['React', (u) => /node_modules\/react(-dom)?\//.test(u)],
  ['pg driver', (u) => /node_modules\/pg(-protocol|-pool|-types)?\//.test(u)],
  ['socket.io / engine.io / ws', (u) => /node_modules\/(socket\.io|engine\.io|ws|@socket\.io)[^/]*\//.test(u)],
  ['zod', (u) => /node_modules\/zod\//.test(u)],
  ['logging (pino)', (u) => /node_modules\/pino/.test(u)],
  ['Factdesk code (lib/, server/)', (u) => !u.includes('node_modules') && /\/(lib|server)\//.test(u)],
  ['Node.js core (http, streams, crypto, timers)', (u) => u.startsWith('node:') || (u === '' && true)],
];
const OTHER = 'other packages';

export type ProfileSummary = { parts: Map<string, number>; totalMs: number; top: { name: string; ms: number }[] };

/** Self time per part (ms) over the samples between fromUs and toUs (the profile's clock: CLOCK_MONOTONIC, µs). */
export function summariseProfile(file: string, window: { fromUs: number; toUs: number }): ProfileSummary {
  const profile = profileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parts = new Map<string, number>();
  const functions = new Map<string, number>();
  let t = profile.startTime;
  let totalMs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    if (t < window.fromUs || t > window.toUs) continue;
    // A sample's delta is the time since the previous one: charged to this sample's frame.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(profile.samples[i]!);
    if (!node) continue;
    const { url, functionName, lineNumber } = node.callFrame;
    const part = PARTS.find(([, match]) => match(url, functionName))?.[0] ?? OTHER;
    parts.set(part, (parts.get(part) ?? 0) + ms);
    totalMs += ms;
    if (functionName !== '(idle)') {
      const name = `${functionName || '(anonymous)'} ${url ? `${shortUrl(url)}:${lineNumber + 1}` : ''}`.trim();
      functions.set(name, (functions.get(name) ?? 0) + ms);
    }
  }
  const top = [...functions.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([name, ms]) => ({ name, ms }));
  return { parts, totalMs, top };
}

function shortUrl(url: string): string {
  const at = url.lastIndexOf('node_modules/');
  if (at >= 0) return url.slice(at + 'node_modules/'.length);
  return url.replace(/^file:\/\/.*?\/(lib|server|app|\.next)\//, '$1/');
}

/** The main thread's profile in dir: the largest (worker threads, e.g. the log transport's, write their own). */
export function newestProfile(dir: string): string {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).size - statSync(a).size);
  if (!files[0]) throw new Error(`no CPU profile was written in ${dir}`);
  return files[0];
}

/** This process's CLOCK_MONOTONIC in µs: the clock V8's profiles use, shared by every process on the machine. */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

export const PART_NAMES = [...PARTS.map(([name]) => name), OTHER];
