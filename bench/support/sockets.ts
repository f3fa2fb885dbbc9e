// Many socket.io clients in this process, connected like browsers (session
// cookie + Origin), a batch at a time so the handshakes do not all collide.
import { connectSocket, connected, type DeskSocket } from '../../tests/support/socket-client';

export async function connectMany(
  baseUrl: string,
  count: number,
  options: { cookies?: string[]; batch?: number; onEach?: (socket: DeskSocket, index: number) => void } = {},
): Promise<DeskSocket[]> {
  const sockets: DeskSocket[] = [];
  const batch = options.batch ?? 25;
  try {
    for (let start = 0; start < count; start += batch) {
      const group: Promise<void>[] = [];
      for (let i = start; i < Math.min(count, start + batch); i++) {
        const cookie = options.cookies?.length ? options.cookies[i % options.cookies.length] : undefined;
        const socket = connectSocket(baseUrl, { cookie, origin: baseUrl });
        options.onEach?.(socket, i);
        sockets.push(socket);
        group.push(
          Promise.race([
            connected(socket),
            new Promise<void>((_, reject) => setTimeout(() => reject(new Error('socket did not connect within 15 s')), 15_000)),
          ]),
        );
      }
      await Promise.all(group);
    }
  } catch (e) {
    closeAll(sockets);
    throw e;
  }
  return sockets;
}

export function closeAll(sockets: DeskSocket[]) {
  for (const s of sockets) {
    s.removeAllListeners();
    s.close();
  }
}
