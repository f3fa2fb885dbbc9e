'use client';

// The People page follows account changes made elsewhere (another editor, an
// accepted invitation, someone's new assignment) by re-rendering its server data.
import { useRouter } from 'next/navigation';
import { useDeskChanges } from '../realtime/realtime-provider';

export function PeopleLive() {
  const router = useRouter();
  useDeskChanges(({ event }) => {
    if (event.action.startsWith('user.') || event.action === 'claim.assignment_changed') router.refresh();
  });
  return null;
}
