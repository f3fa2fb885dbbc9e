import { NextResponse } from 'next/server';
import { AUDIT_ALARM_NOTICE, checkHealth } from '@/lib/health';

export const dynamic = 'force-dynamic';

// An audit alarm is not an outage (the desk still serves): 200, with the alarm named.
export async function GET() {
  const health = await checkHealth();
  if (!health.ok) return NextResponse.json({ status: 'unavailable', database: 'down' }, { status: 503 });
  return NextResponse.json({ status: 'ok', database: 'up', audit: health.audit, ...(health.audit === 'alarm' ? { auditAlarm: AUDIT_ALARM_NOTICE } : {}) });
}
