'use client';

// Re-renders the claim page's story panel when its story changes (a split, a
// merge, an article joining or leaving), which ClaimLive does not watch: those
// events name stories, not this claim.
import { useRouter } from 'next/navigation';
import { useDeskChanges } from '../realtime/realtime-provider';

export function ClaimStoryLive({ claimId, storyId }: { claimId: string; storyId: string | null }) {
  const router = useRouter();
  useDeskChanges((change) => {
    if (change.event.claimId === claimId) return; // ClaimLive refreshes for changes to the claim itself
    const touches = (change.stories ?? []).some((s) => s.id === storyId) || (change.claims ?? []).some((c) => c.id === claimId);
    if (touches) router.refresh();
  });
  return null;
}
