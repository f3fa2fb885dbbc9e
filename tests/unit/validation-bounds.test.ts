// The edge schemas that keep ids, cursors and dates within what PostgreSQL takes.
import { describe, expect, it } from 'vitest';
import { decodeClaimCursor, encodeClaimCursor } from '../../lib/validation/claim-cursor';
import { inStorableRange } from '../../lib/validation/dates';
import { isId } from '../../lib/validation/ids';

const ID = '3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f';

describe('claim cursors', () => {
  it('round-trip, and read the cursors the server wrote before (Buffer base64url)', () => {
    const c = { updatedAt: new Date('2026-11-30T12:34:56.789Z'), id: ID };
    const old = Buffer.from(`${c.updatedAt.toISOString()}|${c.id}`).toString('base64url');
    expect(encodeClaimCursor(c)).toBe(old);
    expect(decodeClaimCursor(old)).toEqual(c);
  });

  it('refuse anything else', () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64url');
    for (const text of [
      `2026-11-30T12:34:56.789Z|not-an-id`,
      `2026-11-30T12:34:56.789Z|${'-'.repeat(36)}`,
      `2026-11-30|${ID}`,
      `2026-11-30T12:34:56Z|${ID}`,
      `0000-01-01T00:00:00.000Z|${ID}`,
      `2026-11-30T12:34:56.789Z|${ID}|x`,
      `|${ID}`,
      'x',
    ]) {
      expect(decodeClaimCursor(b64(text)), text).toBeNull();
    }
    for (const raw of ['', 'a', '!!!!', `${b64(`2026-11-30T12:34:56.789Z|${ID}`)}=`, 'x'.repeat(201)]) expect(decodeClaimCursor(raw), raw).toBeNull();
  });
});

describe('ids and dates', () => {
  it('ids: every 8-4-4-4-12 hex form PostgreSQL prints, any version; nothing else', () => {
    for (const id of [ID, '12345678-1234-1234-1234-123456789abc', ID.toUpperCase(), '00000000-0000-0000-0000-000000000000']) expect(isId(id), id).toBe(true);
    for (const id of ['-'.repeat(36), `{${ID}}`, ID.replace(/-/g, ''), `${ID}0`, `g${ID.slice(1)}`, ` ${ID}`]) expect(isId(id), id).toBe(false);
  });

  it('dates: years 1000 to 9999 as instants, whatever the offset', () => {
    for (const d of ['1000-01-01', '2026-12-01', '9999-12-31', '9999-12-31T23:59:59.999Z']) expect(inStorableRange(d), d).toBe(true);
    for (const d of ['0000-01-01', '0999-12-31', '1000-01-01T00:00:00+01:00', '9999-12-31T23:00:00-14:00']) expect(inStorableRange(d), d).toBe(false);
  });
});
