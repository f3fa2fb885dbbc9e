// Preloaded (node --import) into a server under benchmark; never in production.
// Listens on 127.0.0.1:$BENCH_PROBE_PORT:
//   GET /memory — collects garbage (when started with --expose-gc) and answers process.memoryUsage()
//   GET /emits  — answers and forgets the moments 'desk:change' broadcasts were emitted, by
//                 "<claim id>:<version>", read on the same clock as the benchmark's (clock.ts)
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { wallMs } from './clock';

// socket.io does not export the class at run time; load its own file (the
// same module instance the server uses, as the resolved path is the same).
const require = createRequire(import.meta.url);
type Emit = (this: unknown, event: string, ...args: unknown[]) => boolean;
const { BroadcastOperator } = require(path.join(path.dirname(require.resolve('socket.io')), 'broadcast-operator.js')) as {
  BroadcastOperator: { prototype: { emit: Emit } };
};

const port = Number(process.env.BENCH_PROBE_PORT);
const gc = (globalThis as { gc?: () => void }).gc;
let emits: Record<string, number> = {};

const proto = BroadcastOperator.prototype;
const emit = proto.emit;
proto.emit = function (this: unknown, event: string, ...args: unknown[]) {
  if (event === 'desk:change') {
    const claim = (args[0] as { claim?: { id: string; version: number } } | undefined)?.claim;
    if (claim) emits[`${claim.id}:${claim.version}`] = wallMs();
  }
  return emit.call(this, event, ...args);
};

const json = (body: unknown) => JSON.stringify(body);

if (port) {
  const probe = createServer((req, res) => {
    answer(req, res).catch((e: unknown) => res.writeHead(500).end(String(e)));
  });
  probe.listen(port, '127.0.0.1');
  probe.unref();
}

async function answer(req: IncomingMessage, res: ServerResponse) {
  if (req.url === '/memory') {
    // Two full collections with a turn of the event loop between them, so
    // objects released by the first one's finalisers are gone too.
    gc?.();
    await new Promise((r) => setImmediate(r));
    gc?.();
    res.writeHead(200, { 'content-type': 'application/json' }).end(json({ gc: Boolean(gc), ...process.memoryUsage() }));
    return;
  }
  if (req.url === '/emits') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(json(emits));
    emits = {};
    return;
  }
  res.writeHead(404).end();
}
