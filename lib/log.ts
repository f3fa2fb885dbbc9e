// Structured logging (pino). One logger; child loggers carry request ids.
import pino from 'pino';

const holder = globalThis as unknown as { __factdeskLog?: pino.Logger };
export const log: pino.Logger = (holder.__factdeskLog ??= pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info'),
  base: undefined,
}));
