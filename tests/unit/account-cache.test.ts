// The per-server account cache (lib/auth/account-cache.ts): used only while
// the server hears every change, emptied by each one, and never keeps a row
// that was read while a change was being announced.
import { afterEach, describe, expect, it } from 'vitest';
import { accountCacheSize, cachedSessionRow, forgetAccount, setAccountCacheLive } from '../../lib/auth/account-cache';

const USER = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const SESSION = '33333333-3333-4333-8333-333333333333';
const row = (id = SESSION, userId = USER) => ({ id, userId, user: { role: 'reviewer' } });

function counted(value: ReturnType<typeof row> | null = row()) {
  const load = () => {
    load.calls++;
    return Promise.resolve(value);
  };
  load.calls = 0;
  return load;
}

// The LISTEN connection's round trip: here, at once.
const heard = () => Promise.resolve();

afterEach(() => setAccountCacheLive(false));

describe('account cache', () => {
  it('reads the database every time while the server is not listening for changes', async () => {
    setAccountCacheLive(false);
    const load = counted();
    await cachedSessionRow('id:a', load);
    await cachedSessionRow('id:a', load);
    expect(load.calls).toBe(2);
    expect(accountCacheSize()).toBe(0);
  });

  it('while listening, reads a session once and answers from memory after', async () => {
    setAccountCacheLive(true, heard);
    const load = counted();
    expect(await cachedSessionRow('id:a', load)).toEqual(row());
    expect(await cachedSessionRow('id:a', load)).toEqual(row());
    expect(load.calls).toBe(1);
  });

  it('a change to the user, or to the session, makes the next call read again', async () => {
    setAccountCacheLive(true, heard);
    const load = counted();
    await cachedSessionRow('id:a', load);
    forgetAccount({ userId: OTHER });
    await cachedSessionRow('id:a', load);
    expect(load.calls).toBe(1); // someone else's change leaves it alone
    forgetAccount({ userId: USER });
    await cachedSessionRow('id:a', load);
    expect(load.calls).toBe(2);
    forgetAccount({ sessionId: SESSION });
    await cachedSessionRow('id:a', load);
    expect(load.calls).toBe(3);
  });

  it('does not keep a row read while a change was announced (it may predate the change)', async () => {
    setAccountCacheLive(true, heard);
    let release: () => void = () => {};
    const slow = async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return row();
    };
    const pending = cachedSessionRow('id:a', slow);
    forgetAccount({ userId: USER }); // announced while the read was in flight
    release();
    await pending;
    expect(accountCacheSize()).toBe(0);
  });

  it('losing the listener empties the cache and turns it off', async () => {
    setAccountCacheLive(true, heard);
    await cachedSessionRow('id:a', counted());
    expect(accountCacheSize()).toBe(1);
    setAccountCacheLive(false);
    expect(accountCacheSize()).toBe(0);
    const load = counted();
    await cachedSessionRow('id:a', load);
    await cachedSessionRow('id:a', load);
    expect(load.calls).toBe(2);
  });

  it('a hit waits until every change committed before it has been heard, and reads again if one dropped the row', async () => {
    let announce: () => void = () => {};
    // The change's notification arrives while the round trip is under way.
    setAccountCacheLive(true, () => {
      announce();
      return Promise.resolve();
    });
    const load = counted();
    await cachedSessionRow('id:a', load);
    announce = () => forgetAccount({ userId: USER });
    await cachedSessionRow('id:a', load);
    expect(load.calls).toBe(2);
    // Read again after the change, and kept: nothing new was announced since.
    announce = () => {};
    await cachedSessionRow('id:a', load);
    await cachedSessionRow('id:a', load);
    expect(load.calls).toBe(2);
  });

  it('reads the database when it cannot tell whether a change was missed', async () => {
    setAccountCacheLive(true, () => Promise.reject(new Error('LISTEN connection lost')));
    const load = counted();
    await cachedSessionRow('id:a', load);
    await cachedSessionRow('id:a', load);
    expect(load.calls).toBe(2);
  });

  it('does not keep a missing session (a wrong cookie is read each time)', async () => {
    setAccountCacheLive(true, heard);
    const load = counted(null);
    await cachedSessionRow('id:x', load);
    await cachedSessionRow('id:x', load);
    expect(load.calls).toBe(2);
  });
});
