'use client';

// The browser's live connection. It applies every committed change exactly
// once and in order (lib/realtime/change-feed.ts): live events carry their
// audit sequence number; after any reconnect, or when a gap appears, it asks
// the server for everything since the last number it applied (replayed from
// the audit log).
import { createContext, useCallback, useContext, useEffect, useEffectEvent, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { useRouter } from 'next/navigation';
import { createChangeFeed } from '@/lib/realtime/change-feed';
import { createRecentChanges } from '@/lib/realtime/recent-changes';
import type { Ack, ClaimPresence, ClientToServer, DeskChange, PresencePerson, ServerToClient, SyncResult } from '@/lib/realtime/events';
import type { SessionEndReason } from '@/lib/realtime/session-end-reasons';
import { useLiveSince } from './live-since';
import { ReloadNotice } from './reload-notice';
import { SessionEndedNotice } from './session-ended-notice';
import { isSigningOut } from '../signing-out';
import { apiErrorFrom, type ApiResult, SAVE_TIMEOUT_MS, timedOut } from '../api-client';
import { statusOfCode } from '@/lib/errors';
import type { ClaimDetail } from '@/lib/validation/claims';

type Status = 'connecting' | 'live' | 'reconnecting';
type Listener = (change: DeskChange) => void;
type DeskSocket = Socket<ServerToClient, ClientToServer>;

const ACK_TIMEOUT_MS = 15_000;
// Applied changes kept for components that mount later (lib/realtime/recent-changes.ts).
const RECENT_CHANGES = 500;

// The server's answer, or null when none came in time. (socket.io-client's
// types lose the ack's type in timeout().emitWithAck; emit with a callback keeps it.)
function askSync(socket: DeskSocket, since: number): Promise<Ack<SyncResult> | null> {
  return new Promise((resolve) => {
    socket.timeout(ACK_TIMEOUT_MS).emit('sync', { since }, (err: Error | null, reply) => resolve(err ? null : reply));
  });
}
function askPresence(socket: DeskSocket): Promise<Ack<ClaimPresence[]> | null> {
  return new Promise((resolve) => {
    socket.timeout(ACK_TIMEOUT_MS).emit('presence:snapshot', {}, (err: Error | null, reply) => resolve(err ? null : reply));
  });
}

// A replay page; a rate-limited request waits as long as the server says and
// asks again (a few times), so a burst of reconnecting tabs still catches up.
async function fetchPage(socket: DeskSocket, since: number): Promise<SyncResult | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const result = await askSync(socket, since);
    if (result?.ok) return result.data;
    if (result?.error.code !== 'rate_limited' || !socket.connected) return null; // failed: the next connect retries
    await new Promise((r) => setTimeout(r, (result.retryAfter ?? 1) * 1000));
  }
  return null;
}
export type Me = { id: string; displayName: string };

/**
 * A value that changes while the page is open (the connection status, who is
 * where), read with useSyncExternalStore rather than through the context.
 * The page's content streams into a Suspense boundary (app/(desk)/loading.tsx)
 * that may not be hydrated yet when the socket connects. A change of a context
 * value that boundary reads makes React discard its server HTML and render it
 * again on the client, and until the streamed copy is removed both are in the
 * document. A store reaches only components that have mounted, so nothing
 * reaches a boundary before it hydrates.
 */
type Store<T> = { get: () => T; set: (update: (prev: T) => T) => void; subscribe: (fn: () => void) => () => void };

function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const subscribers = new Set<() => void>();
  return {
    get: () => value,
    set: (update) => {
      value = update(value);
      for (const fn of subscribers) fn();
    },
    subscribe: (fn) => {
      subscribers.add(fn);
      return () => {
        subscribers.delete(fn);
      };
    },
  };
}

type PresenceByClaim = Record<string, PresencePerson[]>;

type SubscribeOptions = {
  /** The sequence number the subscriber's data is from: the changes applied after it are replayed first. */
  since?: number;
  /** Called instead when some of those changes are no longer kept: the data should be fetched again. */
  onStale?: () => void;
};

/** What `verdict:set` takes: the HTTP route's body plus the claim id. */
export type VerdictSave = Parameters<ClientToServer['verdict:set']>[0];

type Realtime = {
  me: Me;
  /**
   * Saves a verdict over the open socket (no HTTP request, no route handler:
   * the cheapest way to the same rule and audit). null when the socket is not
   * connected or the account's event budget is spent: the caller posts to the
   * HTTP route instead.
   */
  saveVerdict: (save: VerdictSave) => Promise<ApiResult<ClaimDetail> | null>;
  statusStore: Store<Status>;
  presenceStore: Store<PresenceByClaim>;
  subscribe: (fn: Listener, options?: SubscribeOptions) => () => void;
  view: (claimId: string | null) => void;
  writing: (claimId: string, what: 'verdict' | 'comment' | null) => void;
};

const Context = createContext<Realtime | null>(null);

export function useRealtime(): Realtime {
  const ctx = useContext(Context);
  if (!ctx) throw new Error('useRealtime outside RealtimeProvider');
  return ctx;
}

const NOBODY: PresencePerson[] = [];
const connecting = (): Status => 'connecting';
const nobody = () => NOBODY;

/** The live connection's state ('connecting' until the socket says otherwise, and while the page hydrates). */
export function useConnectionStatus(): Status {
  const { statusStore } = useRealtime();
  return useSyncExternalStore(statusStore.subscribe, statusStore.get, connecting);
}

/** Who has the claim open, as the server last said (nobody while the page hydrates). */
export function usePresence(claimId: string): PresencePerson[] {
  const { presenceStore } = useRealtime();
  const get = useCallback(() => presenceStore.get()[claimId] ?? NOBODY, [presenceStore, claimId]);
  return useSyncExternalStore(presenceStore.subscribe, get, nobody);
}

/**
 * Runs fn for every change after the data the component was rendered with:
 * first those the page applied before the component mounted (after the
 * enclosing LiveSince's number, or after the page load outside one), then every
 * live one. When those early changes are no longer all kept, the page's server
 * data is refreshed instead. fn must tolerate a change its data already shows.
 */
export function useDeskChanges(fn: Listener) {
  const { subscribe } = useRealtime();
  const since = useLiveSince();
  const router = useRouter();
  const onChange = useEffectEvent(fn);
  useEffect(() => subscribe((c) => onChange(c), { since: since ?? undefined, onStale: () => router.refresh() }), [subscribe, since, router]);
}

export function RealtimeProvider({
  me,
  canAnnounceWriting,
  initialSeq,
  children,
}: {
  me: Me;
  canAnnounceWriting: boolean;
  initialSeq: number;
  children: React.ReactNode;
}) {
  const [statusStore] = useState(() => createStore<Status>('connecting'));
  const [presenceStore] = useState(() => createStore<PresenceByClaim>({}));
  // Set when the server says this page is too far behind to catch up live.
  const [reloadMessage, setReloadMessage] = useState<string | null>(null);
  // Set when the server said why it is ending this page's session (just before it closes the socket).
  const [ended, setEnded] = useState<SessionEndReason | null>(null);
  const socketRef = useRef<DeskSocket | null>(null);
  const listeners = useRef(new Set<Listener>());
  const lastSeq = useRef(initialSeq);
  const [loadSeq] = useState(initialSeq); // the page load's, kept when a refresh renders the layout again
  const [recent] = useState(() => createRecentChanges({ from: loadSeq, limit: RECENT_CHANGES }));
  const viewing = useRef<string | null>(null);

  const apply = useCallback(
    (change: DeskChange) => {
      lastSeq.current = change.event.seq;
      recent.push(change);
      for (const fn of listeners.current) fn(change);
    },
    [recent],
  );

  useEffect(() => {
    const socket: DeskSocket = io({ transports: ['websocket', 'polling'] });
    socketRef.current = socket;
    const feed = createChangeFeed({
      since: lastSeq.current,
      apply,
      fetchSince: (since) => fetchPage(socket, since),
      onReload: setReloadMessage,
    });

    const setStatus = (status: Status) => statusStore.set(() => status);
    const setPresenceFor = (p: ClaimPresence) => presenceStore.set((all) => ({ ...all, [p.claimId]: p.people }));

    socket.on('connect', async () => {
      setStatus('live');
      await feed.sync();
      if (viewing.current) socket.emit('presence:view', { claimId: viewing.current });
      const snapshot = await askPresence(socket);
      if (snapshot?.ok) presenceStore.set(() => Object.fromEntries(snapshot.data.map((p) => [p.claimId, p.people])));
    });
    socket.on('desk:change', feed.receive);
    socket.on('presence:claim', setPresenceFor);
    let endedByServer = false;
    socket.on('session:ended', ({ reason }) => {
      if (isSigningOut()) return; // this tab signed itself out ("Sign out everywhere"): no notice needed
      endedByServer = true;
      setEnded(reason);
    });
    socket.on('disconnect', async (reason) => {
      setStatus('reconnecting');
      if (reason !== 'io server disconnect') return; // socket.io reconnects by itself
      if (isSigningOut()) return; // our own sign-out: next-auth redirects to /login
      if (endedByServer) return; // the notice says why and links to sign-in; leaving at once would hide it
      // The server ended the connection: the session may have expired.
      const session: unknown = await fetch('/api/auth/session')
        .then((r) => r.json())
        .catch(() => null);
      if (typeof session === 'object' && session !== null && 'user' in session && session.user) socket.connect();
      else window.location.assign(`/login?callbackUrl=${encodeURIComponent(location.pathname + location.search)}`);
    });
    socket.on('connect_error', (err) => {
      setStatus('reconnecting');
      if (err.message === 'unauthenticated' && !isSigningOut())
        window.location.assign(`/login?callbackUrl=${encodeURIComponent(location.pathname + location.search)}`);
    });
    return () => {
      socket.removeAllListeners();
      socket.close();
    };
  }, [apply, statusStore, presenceStore]);

  // Stable functions, so components can use them in effects without re-running.
  // Without a `since`, the subscriber's data is taken to be from the page load.
  const subscribe = useCallback(
    (fn: Listener, options: SubscribeOptions = {}) => {
      const { changes, complete } = recent.after(options.since ?? loadSeq);
      if (complete) for (const change of changes) fn(change);
      else options.onStale?.();
      listeners.current.add(fn);
      return () => {
        listeners.current.delete(fn);
      };
    },
    [recent, loadSeq],
  );
  const view = useCallback((claimId: string | null) => {
    viewing.current = claimId;
    socketRef.current?.emit('presence:view', { claimId });
  }, []);
  const writing = useCallback(
    (claimId: string, what: 'verdict' | 'comment' | null) => {
      if (canAnnounceWriting) socketRef.current?.emit('presence:writing', { claimId, what });
    },
    [canAnnounceWriting],
  );

  const saveVerdict = useCallback((save: VerdictSave) => {
    const socket = socketRef.current;
    if (!socket?.connected) return Promise.resolve(null);
    return new Promise<ApiResult<ClaimDetail> | null>((resolve) => {
      socket.timeout(SAVE_TIMEOUT_MS).emit('verdict:set', save, (err: Error | null, reply) => {
        if (err) resolve(timedOut(SAVE_TIMEOUT_MS));
        else if (reply.ok) resolve({ ok: true, data: reply.data });
        else if (reply.error.code === 'rate_limited') resolve(null);
        else {
          const { ok: _ok, ...body } = reply;
          resolve({ ok: false, error: apiErrorFrom(statusOfCode(reply.error.code), body) });
        }
      });
    });
  }, []);

  // Stable while the page is open (me changes only with the account): see Store.
  const { id, displayName } = me;
  const value = useMemo<Realtime>(
    () => ({ me: { id, displayName }, saveVerdict, statusStore, presenceStore, subscribe, view, writing }),
    [id, displayName, saveVerdict, statusStore, presenceStore, subscribe, view, writing],
  );

  return (
    <Context.Provider value={value}>
      {reloadMessage && <ReloadNotice message={reloadMessage} />}
      {ended && <SessionEndedNotice reason={ended} />}
      {children}
    </Context.Provider>
  );
}
