// A socket.io client that behaves like the browser's realtime provider (the same
// change feed: live pushes + catch-up from the audit log by sequence number)
// and, like a client behind a load balancer, fails over to the next URL in its
// list when its server goes away.
import { io, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import { createChangeFeed } from '../../lib/realtime/change-feed';
import type { Ack, DeskChange, SyncResult } from '../../lib/realtime/events';
import type { DeskSocket } from './socket-client';

export type FailoverClient = {
  /** Changes applied, in the order the feed applied them. */
  applied: DeskChange[];
  /** Every live push received, repeats and out-of-order ones included. */
  pushed: number[];
  connects: string[];
  url: () => string;
  connected: () => boolean;
  lastSeq: () => number;
  close: () => void;
};

const MAX_ATTEMPTS = 200;

export function connectFailover(options: {
  urls: string[];
  cookie: string;
  since: number;
  /** Origin header to send; defaults to the URL connected to. */
  origin?: string;
  localAddress?: string;
  transports?: ('websocket' | 'polling')[];
}): FailoverClient {
  const applied: DeskChange[] = [];
  const pushed: number[] = [];
  const connects: string[] = [];
  let index = 0;
  let attempts = 0;
  let closed = false;
  let socket: DeskSocket | null = null;
  let timer: NodeJS.Timeout | null = null;

  const feed = createChangeFeed({
    since: options.since,
    apply: (c) => applied.push(c),
    fetchSince: async (since) => {
      const current = socket;
      if (!current) return null;
      // emit with a callback: socket.io-client's types lose the ack's type in timeout().emitWithAck.
      const result = await new Promise<Ack<SyncResult> | null>((resolve) => {
        current.timeout(10_000).emit('sync', { since }, (err: Error | null, reply) => resolve(err ? null : reply));
      });
      return result?.ok ? result.data : null;
    },
  });

  const url = () => options.urls[index % options.urls.length]!;

  const open = () => {
    timer = null;
    if (closed) return;
    const target = url();
    const opts: Partial<ManagerOptions & SocketOptions> & { localAddress?: string } = {
      transports: options.transports ?? ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie: options.cookie, origin: options.origin ?? target },
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    };
    const s: DeskSocket = io(target, opts);
    socket = s;
    s.on('connect', () => {
      attempts = 0;
      connects.push(target);
      void feed.sync();
    });
    s.on('desk:change', (c) => {
      pushed.push(c.event.seq);
      feed.receive(c);
    });
    s.on('disconnect', (reason) => {
      if (!closed && reason !== 'io client disconnect') failOver();
    });
    s.on('connect_error', () => {
      if (!closed) failOver();
    });
  };

  const failOver = () => {
    if (timer || closed) return;
    socket?.removeAllListeners();
    socket?.close();
    socket = null;
    index += 1;
    attempts += 1;
    if (attempts > MAX_ATTEMPTS) return;
    timer = setTimeout(open, 200);
  };

  open();
  return {
    applied,
    pushed,
    connects,
    url,
    connected: () => socket?.connected ?? false,
    lastSeq: feed.lastSeq,
    close: () => {
      closed = true;
      if (timer) clearTimeout(timer);
      socket?.removeAllListeners();
      socket?.close();
    },
  };
}
