// Structured logging (pino). One logger; child loggers carry request ids.
import pino from 'pino';
import { config } from './env';

const holder = globalThis as unknown as { __factdeskLog?: pino.Logger };
export const log: pino.Logger = (holder.__factdeskLog ??= pino({
  level: config().logLevel,
  base: undefined,
}));
