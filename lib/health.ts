// Liveness of the app's one hard dependency: the database.
import 'server-only';
import { db } from './db';

export async function checkHealth(): Promise<{ ok: boolean; database: 'up' | 'down' }> {
  try {
    await Promise.race([db.$queryRaw`SELECT 1`, new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000))]);
    return { ok: true, database: 'up' };
  } catch {
    return { ok: false, database: 'down' };
  }
}
