// A real socket.io client that connects like a browser: session cookie + Origin.
import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';
import type { ClientToServer, DeskChange, ServerToClient } from '../../lib/realtime/events';

export type DeskSocket = Socket<ServerToClient, ClientToServer>;

// Tests that send what no client of ours would (unknown events, malformed
// payloads) use the socket without the event contract: socket.io-client's
// untyped Socket, the same object.
const untyped = (socket: DeskSocket): Socket => socket;

const anyAckSchema = z.looseObject({
  ok: z.boolean(),
  error: z
    .looseObject({ code: z.string(), message: z.string(), issues: z.array(z.looseObject({ path: z.string(), message: z.string() })).optional() })
    .optional(),
  retryAfter: z.number().optional(),
  data: z.unknown().optional(),
});
/** An acknowledgement as the server sends one for any event; parsed (unknown keys kept), so a malformed one fails the test. */
export type AnyAck = z.infer<typeof anyAckSchema>;

/** Sends any event name and payload and waits for the server's ack. */
export async function emitAny(socket: DeskSocket, event: string, payload: unknown, timeoutMs: number): Promise<AnyAck> {
  const reply: unknown = await untyped(socket).timeout(timeoutMs).emitWithAck(event, payload);
  return anyAckSchema.parse(reply);
}

/** Sends any event name and payload without an ack callback. */
export function emitAnyWithoutAck(socket: DeskSocket, event: string, payload: unknown): void {
  untyped(socket).emit(event, payload);
}

export function connectSocket(baseUrl: string, options: { cookie?: string; origin?: string; autoConnect?: boolean } = {}): DeskSocket {
  return io(baseUrl, {
    transports: ['websocket'],
    reconnection: false,
    autoConnect: options.autoConnect ?? true,
    extraHeaders: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      origin: options.origin ?? baseUrl,
    },
  });
}

export function connected(socket: DeskSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) {
      resolve();
      return;
    }
    socket.once('connect', () => resolve());
    socket.once('connect_error', (e) => reject(e));
  });
}

export function refused(socket: DeskSocket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connection was accepted')));
    socket.once('connect_error', (e) => resolve(e.message));
  });
}

/** Collects desk changes; `waitFor(n)` resolves once n have arrived. */
export function collect(socket: DeskSocket) {
  const changes: DeskChange[] = [];
  let waiter: { n: number; resolve: () => void } | null = null;
  socket.on('desk:change', (c) => {
    changes.push(c);
    if (waiter && changes.length >= waiter.n) waiter.resolve();
  });
  return {
    changes,
    waitFor: (n: number, timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        if (changes.length >= n) {
          resolve();
          return;
        }
        const timer = setTimeout(() => reject(new Error(`only ${changes.length} of ${n} changes arrived`)), timeoutMs);
        waiter = {
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
      }),
  };
}
