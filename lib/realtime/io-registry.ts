// Where route handlers and domain functions find the socket.io server that
// server/ created (both run in one process but are bundled separately).
import type { Server } from 'socket.io';
import type { ClientToServer, ServerToClient } from './events';

/** The desk's socket.io server, typed by the shared event contract. */
export type DeskIo = Server<ClientToServer, ServerToClient, Record<string, never>>;

const holder = globalThis as unknown as { __factdeskIo?: DeskIo };

export function registerIo(io: DeskIo | undefined) {
  holder.__factdeskIo = io;
}

export function getIo(): DeskIo | undefined {
  return holder.__factdeskIo;
}
