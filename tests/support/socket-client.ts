// A real socket.io client that connects like a browser: session cookie + Origin.
import { io, type Socket } from 'socket.io-client';
import type { ClientToServer, DeskChange, ServerToClient } from '../../lib/realtime/events';

export type DeskSocket = Socket<ServerToClient, ClientToServer>;

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
    if (socket.connected) return resolve();
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
        if (changes.length >= n) return resolve();
        const timer = setTimeout(() => reject(new Error(`only ${changes.length} of ${n} changes arrived`)), timeoutMs);
        waiter = { n, resolve: () => { clearTimeout(timer); resolve(); } };
      }),
  };
}
