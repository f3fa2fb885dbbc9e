// Structured logging (pino). One logger; child loggers carry request ids.
// Created on first use, so importing this module never reads the configuration:
// a bad variable is reported by whoever starts the process, as one sentence.
import 'server-only';
import pino from 'pino';
import { config } from './env';

declare global {
  var __factdeskLog: pino.Logger | undefined;
}

function logger(): pino.Logger {
  globalThis.__factdeskLog ??= pino({ level: config().logLevel, base: undefined });
  return globalThis.__factdeskLog;
}

export const log: pino.Logger = new Proxy({} as pino.Logger, {
  get(_target, prop) {
    const value = Reflect.get(logger(), prop);
    return typeof value === 'function' ? value.bind(logger()) : value;
  },
});
