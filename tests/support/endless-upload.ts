// Streams a chunked request body (no Content-Length) over a raw socket until the
// server answers or 4 MB have gone, and returns the raw answer: a test can see a
// 413 arrive while the client is still sending, which fetch() cannot show.
import net from 'node:net';

export function endlessChunkedUpload(options: { port: number; head: string; firstChunk: string; fill: string }): Promise<string> {
  const chunk = options.fill.repeat(64 * 1024);
  return new Promise<string>((resolve) => {
    const socket = net.connect(options.port, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => (received += d.toString()));
    socket.on('error', () => {}); // the server may close while we still write
    socket.on('close', () => resolve(received));
    socket.write(`${options.head}transfer-encoding: chunked\r\n\r\n${options.firstChunk.length.toString(16)}\r\n${options.firstChunk}\r\n`);
    let sent = 0;
    const timer = setInterval(() => {
      if (socket.destroyed || sent++ >= 64) {
        clearInterval(timer);
        return;
      }
      socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    }, 5);
  });
}
