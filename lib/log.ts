// Structured logging (pino). One logger; child loggers carry request ids.
// Created on first use, so importing this module never reads the configuration:
// a bad variable is reported by whoever starts the process, as one sentence.
import 'server-only';
import pino from 'pino';
import { config } from './env';
import { boundMember } from './utils/bound-member';

declare global {
  var __factdeskLog: pino.Logger | undefined;
}

function logger(): pino.Logger {
  globalThis.__factdeskLog ??= pino({ level: config().logLevel, base: undefined });
  return globalThis.__factdeskLog;
}

// The target is never read: every property comes from the real logger.
// eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- nothing checks `log instanceof EventEmitter`
export const log: pino.Logger = new Proxy({} as pino.Logger, {
  get(_target, prop) {
    return boundMember(logger(), prop);
  },
});
