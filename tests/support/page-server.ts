// A local web server for the article fetcher's tests: pages, redirects,
// oversized, binary, slow and silent answers, on 127.0.0.1. It records every
// request (path and User-Agent) and whether a response was cut off.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type PageRequest = { path: string; userAgent: string | undefined };
type Handler = (req: http.IncomingMessage, res: http.ServerResponse, server: PageServer) => void;

export type PageServer = {
  port: number;
  /** http://127.0.0.1:port + path */
  url: (path: string) => string;
  requests: PageRequest[];
  /** Paths whose response the client stopped reading before the server finished writing it. */
  cutOff: string[];
  close: () => Promise<void>;
};

export async function startPageServer(routes: Record<string, Handler>): Promise<PageServer> {
  const requests: PageRequest[] = [];
  const cutOff: string[] = [];
  const state: { self?: PageServer } = {};
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push({ path, userAgent: req.headers['user-agent'] });
    res.on('close', () => {
      if (!res.writableFinished) cutOff.push(path);
    });
    const route = routes[path.split('?')[0] ?? ''];
    if (route && state.self) route(req, res, state.self);
    else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not here.');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.self = {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    cutOff,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return state.self;
}

export const page =
  (body: string | Uint8Array, headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' }, status = 200): Handler =>
  (_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  };

export const redirect =
  (to: string | ((server: PageServer) => string), status = 302): Handler =>
  (_req, res, server) => {
    res.writeHead(status, { location: typeof to === 'string' ? to : to(server) });
    res.end();
  };

/** `total` bytes of text, streamed in 64 KB chunks, without a Content-Length. */
export const endless =
  (total: number): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const write = () => {
      while (sent < total && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', write);
          return;
        }
      }
      res.end();
    };
    write();
  };

/** Accepts the request and never answers. */
export const silent: Handler = () => {};

/** Sends the headers and the first bytes, then nothing more. */
export const stalls: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.write('<!doctype html><html><body><p>The first paragraph arrives, and then');
};
