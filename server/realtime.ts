// socket.io on the app's HTTP server: authenticated handshake, origin check,
// rate-limited, validated and authorised client events, presence, catch-up
// replay, sockets closed the moment their session ends, and the PostgreSQL
// adapter that lets several app processes share one event stream.
import { randomUUID } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import { Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import { actorForSession, liveSessionIds, sessionFromCookieHeader } from '../lib/auth/current-actor';
import { canAnnounceWriting, type Actor } from '../lib/auth/permissions';
import { setVerdict } from '../lib/claims/set-verdict';
import { databaseUnavailableError, isDatabaseUnavailable } from '../lib/db-unavailable';
import { AppError, isAppError, parseOrThrow } from '../lib/errors';
import { hostOf, isAllowedHost, networkAccess, wrongHostMessage } from '../lib/http/allowed-hosts';
import { log } from '../lib/log';
import {
  type Ack,
  CLIENT_EVENT_SCHEMAS,
  type ClaimPresence,
  type ClientEvent,
  type ClientToServer,
  DESK_ROOM,
  SERVER_EVENTS,
  type ServerToClient,
  claimRoom,
} from '../lib/realtime/events';
import { type DeskIo, registerIo } from '../lib/realtime/io-registry';
import { createRateLimiter, type RateLimit } from '../lib/realtime/rate-limit';
import { replayChanges } from '../lib/history/replay-changes';
import type { SessionEnded } from '../lib/realtime/session-ended';
import { createAdapterPool } from './adapter-pool';
import { listenForEndedSessions } from './session-ended-listener';

type SocketData = { actor: Actor; sessionId: string; expiresAt: number; viewing: string | null; writing: 'verdict' | 'comment' | null };
type DeskServer = Server<ClientToServer, ServerToClient, Record<string, never>, SocketData>;
type DeskSocket = Socket<ClientToServer, ServerToClient, Record<string, never>, SocketData>;

// Per account, per app server (see lib/realtime/rate-limit.ts), in points: by
// default a burst of 60, then 10 a second (SOCKET_EVENT_BURST,
// SOCKET_EVENTS_PER_SECOND). A browser needs a few events per page; a loop of
// `sync {since: 0}` (each one reads up to 500 audit rows) gets 5 a second.
const EVENT_COST: Record<ClientEvent, number> = { sync: 2, 'presence:snapshot': 2, 'presence:view': 1, 'presence:writing': 1, 'verdict:set': 1 };

/** socket.io's default is 1 MB; no client event needs more than the API's JSON limit. */
export const MAX_SOCKET_MESSAGE_BYTES = 256 * 1024;

/** The desk's own origins on its port, plus ALLOWED_ORIGINS (lib/http/allowed-hosts.ts). */
export function allowedOrigins(): string[] {
  return [...networkAccess().origins];
}

function fail(e: unknown): Ack<never> {
  if (isDatabaseUnavailable(e)) e = databaseUnavailableError();
  if (isAppError(e)) {
    // The same `issues` as the HTTP error body (parseOrThrow, lib/errors.ts).
    const issues = e.details?.issues;
    return { ok: false, error: { code: e.code, message: e.message, ...(issues ? { issues } : {}) }, ...(e.extra ?? {}) };
  }
  log.error({ err: e }, 'socket handler failed');
  return { ok: false, error: { code: 'internal', message: 'Something went wrong on our side.' } };
}

// The account as it is now (one read of the session row with its user):
// signed-out, disabled or demoted users lose their rights on the next event.
function currentActor(socket: DeskSocket): Promise<Actor | null> {
  const { sessionId, actor, expiresAt } = socket.data;
  return actorForSession({ sessionId, userId: actor.id, expiresAt });
}

type EventLimiter = ReturnType<typeof createRateLimiter>;

/** An event's payload as its schema in CLIENT_EVENT_SCHEMAS outputs it. */
type Payload<E extends ClientEvent> = z.infer<(typeof CLIENT_EVENT_SCHEMAS)[E]>;
/** What the event's ack carries on success, from the shared ClientToServer contract. */
type Result<E extends ClientEvent> = NonNullable<Parameters<ClientToServer[E]>[1]> extends (reply: Ack<infer T>) => void ? T : never;
/** The same schemas, each seen as the parser of its own event's payload type. */
const PAYLOAD_SCHEMAS: { [E in ClientEvent]: z.ZodType<Payload<E>> } = CLIENT_EVENT_SCHEMAS;
type Handler<E extends ClientEvent> = (payload: Payload<E>, actor: Actor, socket: DeskSocket) => Promise<Result<E>>;
/** A registered event: parse the raw payload (throws AppError), then run for the actor on its socket. */
type Dispatch = { cost: number; run: (raw: unknown) => (actor: Actor, socket: DeskSocket) => Promise<unknown> };

function rateLimited(seconds: number) {
  return new AppError(
    'rate_limited',
    `Too many requests from your account: slow down and try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    undefined,
    { retryAfter: seconds },
  );
}

// Every client event goes through here, cheapest check first: the account's
// rate limit, then the payload, and only then the database (session and
// account still valid), then the handler; the answer (or the error) goes back in the ack.
// One catch-all listener: socket.io cannot type a listener for a generic event
// name, and each handler keeps its own types in the registry below. The
// listener is one function for every socket (socket.io calls it with the socket
// as `this`): nothing is allocated per connection for it but its slot.
function eventListener(limiter: EventLimiter, registry: ReadonlyMap<string, Dispatch>) {
  return function onEvent(this: DeskSocket, event: unknown, payload: unknown, ack: unknown) {
    dispatchEvent(this, limiter, registry, { event, payload, ack }).catch((e: unknown) => {
      log.error({ err: e }, 'socket event dispatch failed');
    });
  };
}

// socket.io hands over whatever the client sent as the last argument.
const isAckFunction = (ack: unknown): ack is (reply: Ack<unknown>) => void => typeof ack === 'function';

async function dispatchEvent(
  socket: DeskSocket,
  limiter: EventLimiter,
  registry: ReadonlyMap<string, Dispatch>,
  { event, payload, ack }: { event: unknown; payload: unknown; ack: unknown },
) {
  const registered = typeof event === 'string' ? registry.get(event) : undefined;
  if (!registered) return;
  const reply = isAckFunction(ack) ? ack : () => {};
  const taken = limiter.take(socket.data.actor.id, registered.cost);
  if (!taken.ok) {
    reply(fail(rateLimited(taken.retryAfterSeconds)));
    return;
  }
  let run: (actor: Actor, socket: DeskSocket) => Promise<unknown>;
  try {
    run = registered.run(payload ?? {});
  } catch (e) {
    reply(fail(e));
    return;
  }
  let actor: Actor | null;
  try {
    actor = await currentActor(socket);
  } catch (e) {
    reply(fail(e));
    return;
  }
  if (!actor) {
    reply({ ok: false, error: { code: 'unauthenticated', message: 'Your session has ended. Sign in again.' } });
    socket.disconnect(true);
    return;
  }
  socket.data.actor = actor;
  try {
    reply({ ok: true, data: await run(actor, socket) });
  } catch (e) {
    reply(fail(e));
  }
}

/** The handshake: the session cookie's account, or the error that refuses the connection. */
async function authenticate(socket: DeskSocket): Promise<Error | undefined> {
  const cookie = socket.request.headers.cookie;
  forgetHandshakeHeaders(socket);
  const session = await sessionFromCookieHeader(cookie);
  if (!session) return new Error('unauthenticated');
  // One object literal: its fields live in the object itself, with no separate
  // property store as when they are added one by one to socket.io's `{}`.
  socket.data = { actor: session.actor, sessionId: session.sessionId, expiresAt: session.expiresAt, viewing: null, writing: null };
  return undefined;
}

// socket.io keeps the connection's first HTTP request for as long as the socket
// is open (engine.io's `socket.request`, and for a websocket also the upgrade's
// response object), and its headers in `socket.handshake`: the raw and parsed
// headers with the whole cookie header, about a kilobyte per client. Nothing
// reads them once the session cookie has been read, so they are emptied
// (socket.io's memory tip discards the request altogether, which would leave
// the middleware no cookie to read). Remote `fetchSockets()` results carry the
// handshake too: no cookie travels between the servers either.
function forgetHandshakeHeaders(socket: DeskSocket) {
  const { request } = socket;
  request.headers = {};
  request.rawHeaders = [];
  socket.handshake.headers = request.headers;
}

async function presenceOf(io: DeskServer, claimId: string): Promise<ClaimPresence> {
  const sockets = await io.in(claimRoom(claimId)).fetchSockets();
  const people = new Map<string, ClaimPresence['people'][number]>();
  for (const s of sockets) {
    const { actor, writing } = s.data;
    const known = people.get(actor.id);
    people.set(actor.id, { userId: actor.id, name: actor.displayName, writing: known?.writing ?? writing });
  }
  return { claimId, people: [...people.values()] };
}

async function broadcastPresence(io: DeskServer, claimId: string) {
  io.to(DESK_ROOM).emit('presence:claim', await presenceOf(io, claimId));
}

async function allPresence(io: DeskServer): Promise<ClaimPresence[]> {
  const sockets = await io.in(DESK_ROOM).fetchSockets();
  const claimIds = new Set(sockets.map((s) => s.data.viewing).filter((id): id is string => Boolean(id)));
  return Promise.all([...claimIds].map((id) => presenceOf(io, id)));
}

// A viewing socket that goes away leaves its claim's presence; registered (one
// function for all sockets) once the socket first views a claim.
function leavePresenceOnDisconnect(io: DeskServer) {
  return function onDisconnecting(this: DeskSocket) {
    const viewing = this.data.viewing;
    if (viewing) setTimeout(() => void broadcastPresence(io, viewing).catch(() => {}), 50);
  };
}

// The handlers are made once per server, not per connection: each gets the
// socket its event arrived on.
function eventRegistry(io: DeskServer): ReadonlyMap<string, Dispatch> {
  const registry = new Map<string, Dispatch>();
  const onDisconnecting = leavePresenceOnDisconnect(io);
  // Each registration names its event literally: the authorization matrix
  // test reads the registered events from this file.
  const on = <E extends ClientEvent>(event: E, handler: Handler<E>) => {
    const schema = PAYLOAD_SCHEMAS[event];
    registry.set(event, {
      cost: EVENT_COST[event],
      run: (raw) => {
        const payload = parseOrThrow(schema, raw, { whole: event });
        return (actor, socket) => handler(payload, actor, socket);
      },
    });
  };
  on('sync', async ({ since }) => replayChanges({ since }));

  on('presence:snapshot', async () => allPresence(io));

  on('presence:view', async ({ claimId }, _actor, socket) => {
    const previous = socket.data.viewing;
    if (previous === claimId) return null;
    if (previous) await socket.leave(claimRoom(previous));
    socket.data.viewing = claimId;
    socket.data.writing = null;
    if (claimId) await socket.join(claimRoom(claimId));
    if (claimId && !socket.listeners('disconnecting').includes(onDisconnecting)) socket.on('disconnecting', onDisconnecting);
    await Promise.all([previous, claimId].filter((id): id is string => Boolean(id)).map((id) => broadcastPresence(io, id)));
    return null;
  });

  on('presence:writing', async ({ claimId, what }, actor, socket) => {
    if (!canAnnounceWriting(actor)) throw new AppError('forbidden', 'Viewers cannot write verdicts or comments.');
    if (socket.data.viewing !== claimId) throw new AppError('invalid_input', 'claimId: open the claim before writing on it.');
    if (socket.data.writing === what) return null;
    socket.data.writing = what;
    await broadcastPresence(io, claimId);
    return null;
  });

  // The whole payload was parsed with socketVerdictSchema: the HTTP body's verdict rules plus the claim id.
  // The browser saves here while its socket is connected (the HTTP route is its fallback): same rule, same audit.
  on('verdict:set', async ({ claimId, ...verdict }, actor) => setVerdict({ actor, claimId, verdict, requestId: randomUUID() }));

  return registry;
}

const localSockets = (io: DeskServer) => [...io.of('/').sockets.values()] as DeskSocket[];

// Sign-out and disabling close this server's matching sockets at once
// (NOTIFY from the revoking transaction reaches every server).
function closeEnded(io: DeskServer, ended: SessionEnded) {
  for (const s of localSockets(io)) {
    const matches =
      'sessionId' in ended ? s.data.sessionId === ended.sessionId : s.data.actor.id === ended.userId && s.data.sessionId !== ended.exceptSessionId;
    if (!matches) continue;
    // Said first, so the page can tell the person why (disabled, signed out elsewhere) rather than just leave.
    if (ended.reason) s.emit(SERVER_EVENTS.sessionEnded, { reason: ended.reason });
    s.disconnect(true);
  }
}

// The safety net: sessions that end by time (idle, absolute limit), and any
// revocation whose notification was lost (database away), close within everyMs.
async function sweepSessions(io: DeskServer) {
  try {
    const sockets = localSockets(io);
    if (sockets.length === 0) return;
    const live = await liveSessionIds([...new Set(sockets.map((s) => s.data.sessionId))]);
    const now = Date.now();
    for (const s of sockets) if (s.data.expiresAt <= now || !live.has(s.data.sessionId)) s.disconnect(true);
  } catch (e) {
    log.warn({ err: e }, 'session check failed');
  }
}

function watchSessions(io: DeskServer, everyMs: number) {
  const timer = setInterval(() => void sweepSessions(io), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

export function attachRealtime(
  httpServer: HttpServer,
  databaseUrl: string,
  options: { sessionSweepMs: number; eventLimit: RateLimit },
): { io: DeskIo; close: () => Promise<void> } {
  const origins = allowedOrigins();
  const pool = createAdapterPool(databaseUrl);
  const io: DeskServer = new Server(httpServer, {
    serveClient: false,
    // Larger messages close the connection before anything parses them.
    maxHttpBufferSize: MAX_SOCKET_MESSAGE_BYTES,
    // While the database is away, publishes and heartbeats fail (live pushes to
    // other processes are lost; clients catch up from the audit log).
    adapter: createAdapter(pool.adapterPool, {
      errorHandler: (err: Error) => log.warn({ err: err.message }, 'socket.io adapter could not publish'),
    }),
    // socket.io answers its own requests before server/index.ts sees them, so
    // the Host check (DNS rebinding) is repeated here. Browsers send Origin on
    // websocket and CORS requests: it must be one of our own addresses so
    // another site cannot ride a reviewer's cookie.
    allowRequest: (req, callback) => {
      if (!isAllowedHost(req.headers.host)) {
        log.warn({ host: req.headers.host?.slice(0, 200) }, 'socket.io handshake refused: host not allowed');
        callback(wrongHostMessage(hostOf(req.headers.host)), false);
        return;
      }
      const origin = req.headers.origin;
      const ok = typeof origin === 'string' && origins.includes(origin);
      if (!ok) log.warn({ origin: origin?.slice(0, 200) }, 'socket.io handshake refused: origin not allowed');
      callback(ok ? null : 'origin not allowed', ok);
    },
  });
  io.use((socket, next) => {
    authenticate(socket).then(next, (e: unknown) => {
      log.error({ err: e }, 'socket.io handshake failed');
      next(new Error('unavailable'));
    });
  });
  const limiter = createRateLimiter(options.eventLimit);
  const onEvent = eventListener(limiter, eventRegistry(io));
  io.on('connection', (socket) => {
    void socket.join(DESK_ROOM);
    socket.onAny(onEvent);
  });
  const stopWatching = watchSessions(io, options.sessionSweepMs);
  const listener = listenForEndedSessions(databaseUrl, {
    ended: (e) => closeEnded(io, e),
    reconnected: () => void sweepSessions(io),
  });
  registerIo(io);
  return {
    io,
    close: async () => {
      stopWatching();
      await listener.close();
      // The callback waits for the HTTP server to close too; the promise io.close returns does not.
      await new Promise<void>((resolve) => {
        void io.close(() => resolve());
      });
      await pool.end().catch(() => {});
    },
  };
}
