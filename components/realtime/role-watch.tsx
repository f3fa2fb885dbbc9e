'use client';

// When an editor changes this person's role, their open page re-renders with
// it (navigation, controls) and says so. The server already applies the new
// role to every request; this only spares them a stale page.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ROLE_LABELS, type Role } from '@/lib/validation/vocabulary';
import { useDeskChanges, useRealtime } from './realtime-provider';

export function RoleWatch() {
  const { me } = useRealtime();
  const router = useRouter();
  const [role, setRole] = useState<Role | null>(null);
  useDeskChanges(({ event }) => {
    if (event.action !== 'user.role_changed' || event.after.userId !== me.id) return;
    setRole(event.after.role);
    router.refresh();
    setTimeout(() => setRole(null), 10_000);
  });
  return (
    <div role="status" className="pointer-events-none fixed bottom-4 right-4 z-50 max-w-[calc(100vw-2rem)]">
      {role && (
        <p data-testid="role-changed" className="pointer-events-auto rounded-lg bg-slate-900/90 px-3 py-2 text-sm text-white shadow-lg">
          An editor changed your role to {ROLE_LABELS[role]}.
        </p>
      )}
    </div>
  );
}
