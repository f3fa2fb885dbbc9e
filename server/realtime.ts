// socket.io on the app's HTTP server: authenticated handshake, origin check,
// room joins. Domain functions publish through lib/realtime after commits.
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { actorFromCookieHeader } from '../lib/auth/current-actor';
import type { Actor } from '../lib/auth/permissions';
import { log } from '../lib/log';
import { registerIo } from '../lib/realtime/io-registry';

export type SocketData = { actor: Actor };

export function allowedOrigins(): string[] {
  const own = process.env.NEXTAUTH_URL ? [new URL(process.env.NEXTAUTH_URL).origin] : [];
  const extra = (process.env.ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return [...own, ...extra];
}

export function attachRealtime(httpServer: HttpServer): Server {
  const origins = allowedOrigins();
  const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>(httpServer, {
    serveClient: false,
    // Browsers always send Origin on websocket and CORS requests: compare it
    // with our own URL so another site cannot ride a reviewer's cookie.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      const ok = typeof origin === 'string' && origins.includes(origin);
      if (!ok) log.warn({ origin }, 'socket.io handshake refused: origin not allowed');
      callback(ok ? null : 'origin not allowed', ok);
    },
  });
  io.use(async (socket, next) => {
    try {
      const actor = await actorFromCookieHeader(socket.request.headers.cookie);
      if (!actor) return next(new Error('unauthenticated'));
      socket.data.actor = actor;
      next();
    } catch (e) {
      log.error({ err: e }, 'socket.io handshake failed');
      next(new Error('unavailable'));
    }
  });
  io.on('connection', (socket) => {
    void socket.join('desk');
    void socket.join(`user:${socket.data.actor.id}`);
  });
  registerIo(io as unknown as Server);
  return io as unknown as Server;
}
