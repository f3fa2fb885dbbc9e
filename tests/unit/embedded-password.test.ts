import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { embeddedPassword, embeddedUrl } from '../../lib/runtime/postgres';

describe('the embedded server password', () => {
  it('is random per installation, kept owner-only next to the data directory, and stable across runs', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'fd-pw-'));
    const a = embeddedPassword(path.join(root, 'a', 'postgres'));
    const b = embeddedPassword(path.join(root, 'b', 'postgres'));
    expect(a).toMatch(/^[\w-]{32}$/);
    expect(b).not.toBe(a);
    expect(embeddedPassword(path.join(root, 'a', 'postgres'))).toBe(a);
    const file = path.join(root, 'a', 'postgres.password');
    expect(readFileSync(file, 'utf8')).toBe(a);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(embeddedUrl(path.join(root, 'a', 'postgres'), 5432, 'factdesk')).toBe(`postgresql://factdesk:${a}@127.0.0.1:5432/factdesk`);
  });

  it('keeps the old fixed password for a data directory created before passwords were generated', () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'fd-pw-')), 'postgres');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'PG_VERSION'), '18\n');
    expect(embeddedPassword(dataDir)).toBe('factdesk-local');
  });
});
