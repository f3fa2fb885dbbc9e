// A Prisma client (or transaction client) whose every database call is timed
// and reported: model calls by `model.method`, raw queries by the first words
// of their SQL. Benchmark-only: it shows where a domain function's time goes
// without changing the function.
import { Prisma } from '../../lib/generated/prisma/client';

export type DbCall = { label: string; sql: string; ms: number; result: unknown };

export function sqlText(arg: unknown): string {
  if (Array.isArray(arg)) return arg.join('?');
  if (arg instanceof Prisma.Sql) return arg.strings.join('?');
  return typeof arg === 'string' ? arg : '';
}

const labelOf = (sql: string) => sql.replace(/\s+/g, ' ').replace(/\?/g, '…').trim().slice(0, 60);

export function timedPrisma<T extends object>(client: T, onCall: (call: DbCall) => void): T {
  const timed = async (label: string, sql: string, run: () => unknown): Promise<unknown> => {
    const t0 = performance.now();
    const result = await run();
    onCall({ label, sql, ms: performance.now() - t0, result });
    return result;
  };
  const model = (name: string, delegate: object) =>
    new Proxy(delegate, {
      get(target, method) {
        const fn: unknown = Reflect.get(target, method);
        return typeof fn === 'function' ? (...args: unknown[]) => timed(`${name}.${String(method)}`, '', () => fn.apply(target, args)) : fn;
      },
    });
  return new Proxy(client, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop);
      if (typeof prop !== 'string') return value;
      if (typeof value === 'function' && prop.startsWith('$')) {
        return (...args: unknown[]) => {
          const sql = sqlText(args[0]);
          return timed(labelOf(sql) || prop, sql, () => value.apply(target, args));
        };
      }
      if (value !== null && typeof value === 'object' && !prop.startsWith('$')) return model(prop, value);
      return typeof value === 'function' ? (...args: unknown[]): unknown => value.apply(target, args) : value;
    },
  });
}
