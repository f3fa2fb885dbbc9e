// The fan-out and memory baseline: a bare socket.io server (no auth, no
// database, no adapter) that broadcasts what it is given. POST /emit
// {seq, payload} stamps the payload with the emit time and sends it to every
// connected client as 'desk:change'. Runs as its own process.
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { wallMs } from './clock';

const port = Number(process.env.PORT ?? 3311);

const httpServer = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  if (req.method === 'POST' && req.url === '/emit') {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const { seq, payload } = JSON.parse(body) as { seq: number; payload: Record<string, unknown> };
      io.emit('desk:change', { ...payload, benchSeq: seq, emittedAt: wallMs() });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    return;
  }
  res.writeHead(404).end();
});

const io = new Server(httpServer, { serveClient: false });

httpServer.listen(port, '127.0.0.1', () => console.log(`bare socket.io server on ${port}`));

const stop = () => {
  void io.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
