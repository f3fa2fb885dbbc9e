// Entry points parse, domain functions take typed options, and zod errors
// become AppError('invalid_input') in one place, with the same shape over HTTP
// and the socket.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, parseOrThrow } from '../../lib/errors';
import { CLIENT_EVENT_SCHEMAS, socketVerdictSchema } from '../../lib/realtime/events';
import { verdictInputSchema } from '../../lib/validation/verdicts';

const ROOT = path.resolve(import.meta.dirname, '../..');

function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an AppError');
}

describe('parseOrThrow', () => {
  const schema = z.object({ name: z.string().min(1, 'Give a name.'), age: z.number({ error: 'age is a number.' }) });

  it('returns the parsed value', () => {
    expect(parseOrThrow(schema, { name: 'Ana', age: 3, extra: true })).toEqual({ name: 'Ana', age: 3 });
  });

  it('refuses with invalid_input: the message names the first field, issues list every one', () => {
    const e = thrown(() => parseOrThrow(schema, { name: '', age: 'x' }));
    expect(e.code).toBe('invalid_input');
    expect(e.status).toBe(400);
    expect(e.message).toBe('name: Give a name.');
    expect(e.details?.issues).toEqual([
      { path: 'name', message: 'Give a name.' },
      { path: 'age', message: 'age is a number.' },
    ]);
  });

  it('a value parsed on its own is named by its field; a whole payload by its name, only when the issue is about all of it', () => {
    expect(thrown(() => parseOrThrow(z.uuid('not an id.'), 'nope', 'id')).message).toBe('id: not an id.');
    expect(thrown(() => parseOrThrow(z.uuid('not an id.'), 'nope', { field: 'id' })).details?.issues).toEqual([{ path: 'id', message: 'not an id.' }]);
    const whole = thrown(() => parseOrThrow(schema, 'a string', { whole: 'sync' }));
    expect(whole.message).toMatch(/^sync: /);
    expect(whole.details?.issues?.[0]?.path).toBe('');
    expect(thrown(() => parseOrThrow(schema, { name: '', age: 1 }, { whole: 'sync' })).message).toBe('name: Give a name.');
  });
});

describe('the socket verdict is the HTTP verdict plus its claim', () => {
  const claimId = '00000000-0000-4000-8000-000000000000';
  const good = { status: 'outdated', reason: 'Counted again.', expectedVersion: 4, reReviewAt: '2030-01-01' };
  const BAD: Record<string, unknown>[] = [
    { status: 'maybe' },
    { reason: '' },
    { reason: 'x\u0000y' },
    { evidence: [{ url: 'javascript:alert(1)' }] },
    { expectedVersion: 2 ** 31 },
    { expectedVersion: undefined },
    { status: 'verified', reReviewAt: '2030-01-01' },
  ];

  it('accepts what the HTTP body accepts, with the same result', () => {
    const { claimId: parsedId, ...verdict } = socketVerdictSchema.parse({ claimId, ...good, unknownKey: 1 });
    expect(parsedId).toBe(claimId);
    expect(verdict).toEqual(verdictInputSchema.parse(good));
  });

  it('refuses what the HTTP body refuses, with the same issues', () => {
    for (const patch of BAD) {
      const body = { ...good, ...patch };
      const http = thrown(() => parseOrThrow(verdictInputSchema, body));
      const socket = thrown(() => parseOrThrow(socketVerdictSchema, { claimId, ...body }, { whole: 'verdict:set' }));
      expect({ message: socket.message, issues: socket.details?.issues }, JSON.stringify(patch)).toEqual({
        message: http.message,
        issues: http.details?.issues,
      });
    }
  });

  it('a malformed claim id is named first', () => {
    expect(thrown(() => parseOrThrow(socketVerdictSchema, { claimId: '-'.repeat(36), ...good, status: 'maybe' })).message).toBe(
      'claimId: claim ids are UUIDs; this one is malformed.',
    );
  });

  it('presence:snapshot has its own schema, not presence:view’s', () => {
    expect(CLIENT_EVENT_SCHEMAS['presence:snapshot']).not.toBe(CLIENT_EVENT_SCHEMAS['presence:view']);
    expect(CLIENT_EVENT_SCHEMAS['presence:snapshot'].parse({ claimId: 'anything' })).toEqual({});
  });
});

describe('the convention holds in the code', () => {
  const files = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
      .filter((d) => d.isFile() && /\.tsx?$/.test(d.name))
      .map((d) => path.relative(ROOT, path.join(d.parentPath, d.name)))
      .filter((f) => !f.startsWith('lib/generated/'));

  it('no domain function takes its input as unknown (entry points parse)', () => {
    // (Listed folders must exist: 'lib/export' once stood here for lib/exports and checked nothing.)
    const offenders = ['lib/claims', 'lib/users', 'lib/articles', 'lib/audit', 'lib/history', 'lib/exports']
      .flatMap(files)
      .filter((f) => /\binput: unknown\b/.test(readFileSync(path.join(ROOT, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('only lib/errors.ts turns zod issues into an invalid_input AppError', () => {
    // A file that runs zod itself (safeParse, or reads a ZodError's issues) and makes invalid_input errors.
    const maps = (text: string) => /zodToAppError/.test(text) || (/\.safeParse\(|\.error\.issues/.test(text) && /'invalid_input'/.test(text));
    const offenders = [...files('lib'), ...files('server'), ...files('scripts'), ...files('app')]
      .filter((f) => f !== 'lib/errors.ts')
      .filter((f) => maps(readFileSync(path.join(ROOT, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the socket dispatcher needs no double casts', () => {
    expect(readFileSync(path.join(ROOT, 'server/realtime.ts'), 'utf8')).not.toMatch(/as unknown as|as never\b|payload: never/);
  });
});
