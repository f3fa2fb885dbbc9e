import { NextResponse } from 'next/server';
import { checkHealth } from '@/lib/health';

export const dynamic = 'force-dynamic';

export async function GET() {
  const health = await checkHealth();
  return health.ok ? NextResponse.json({ status: 'ok', database: 'up' }) : NextResponse.json({ status: 'unavailable', database: 'down' }, { status: 503 });
}
