// A TCP relay between the app and PostgreSQL that a test can turn into a black
// hole: like a load balancer in front of a database that died, it drops the
// open connections and then accepts new ones without ever answering. Only a
// client-side connect timeout gets the app out of that.
import net from 'node:net';

export type TcpProxy = {
  port: number;
  /** Rewrites a postgresql:// URL to go through the relay. */
  via: (url: string) => string;
  blackhole: () => void;
  restore: () => void;
  close: () => Promise<void>;
};

export async function startTcpProxy(options: { port: number; target: { host: string; port: number } }): Promise<TcpProxy> {
  let mode: 'pass' | 'blackhole' = 'pass';
  const open = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    open.add(s);
    s.on('close', () => open.delete(s));
    s.on('error', () => s.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'blackhole') return; // accepted, never answered
    const upstream = net.connect(options.target);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  const dropAll = () => {
    for (const s of open) s.destroy();
  };
  return {
    port: options.port,
    via: (url) => {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(options.port);
      return u.toString();
    },
    blackhole: () => {
      mode = 'blackhole';
      dropAll();
    },
    restore: () => {
      mode = 'pass';
      dropAll(); // the held, never-answered ones
    },
    close: async () => {
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
