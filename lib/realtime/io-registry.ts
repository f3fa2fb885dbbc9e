// Where route handlers and domain functions find the socket.io server that
// server/ created (both run in one process but are bundled separately).
import type { Server } from 'socket.io';

const holder = globalThis as unknown as { __factdeskIo?: Server };

export function registerIo(io: Server | undefined) {
  holder.__factdeskIo = io;
}

export function getIo(): Server | undefined {
  return holder.__factdeskIo;
}
