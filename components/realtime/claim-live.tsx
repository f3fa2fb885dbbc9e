'use client';

// Keeps an open claim page current: announces this page to presence, shows who
// else is here, and re-renders the server parts when someone else changes it.
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { PresenceAvatars } from './presence-avatars';
import { useDeskChanges, useRealtime } from './realtime-provider';

export function ClaimLive({ claimId }: { claimId: string }) {
  const router = useRouter();
  const { view, me } = useRealtime();
  useEffect(() => {
    view(claimId);
    return () => view(null);
  }, [claimId, view]);
  useDeskChanges(({ event }) => {
    if (event.claimId === claimId && event.actorId !== me.id) router.refresh();
  });
  return (
    <div className="flex min-h-6 items-center gap-2 text-xs text-slate-600">
      <PresenceAvatars claimId={claimId} showWriting />
    </div>
  );
}
