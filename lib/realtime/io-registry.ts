// Where route handlers and domain functions find the socket.io server that
// server/ created (both run in one process but are bundled separately).
import 'server-only';
import type { Server } from 'socket.io';
import type { ClientToServer, ServerToClient } from './events';

/** The desk's socket.io server, typed by the shared event contract. */
export type DeskIo = Server<ClientToServer, ServerToClient, Record<string, never>>;

declare global {
  var __factdeskIo: DeskIo | undefined;
}

export function registerIo(io: DeskIo | undefined) {
  globalThis.__factdeskIo = io;
}

export function getIo(): DeskIo | undefined {
  return globalThis.__factdeskIo;
}
