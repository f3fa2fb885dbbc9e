'use client';

// On the newest page of the audit trail, new events appear as they commit.
import { useRouter } from 'next/navigation';
import { useDeskChanges } from './realtime-provider';

export function AuditLive({ enabled }: { enabled: boolean }) {
  const router = useRouter();
  useDeskChanges(() => {
    if (enabled) router.refresh();
  });
  return null;
}
