'use client';

// Issue a password reset link for someone: shown once, to copy and hand on.
import { useState } from 'react';
import type { IssuedLink } from '@/lib/validation/users';
import { postJson } from '../api-client';
import { IssuedLinkBox } from './issued-link';
import { actionButton } from '../action-panel';

export function ResetLinkButton({ userId, name }: { userId: string; name: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [issued, setIssued] = useState<{ link: IssuedLink; emailed: boolean } | null>(null);

  async function issue() {
    setPending(true);
    setError(null);
    const result = await postJson<{ link: IssuedLink; emailed: boolean }>(`/api/people/${userId}/password-reset`, {});
    setPending(false);
    if (result.ok) setIssued(result.data);
    else setError(result.error.message);
  }

  return (
    <>
      <button type="button" disabled={pending} onClick={() => void issue()} className={actionButton}>
        {pending ? 'Creating…' : issued ? 'New reset link' : 'Reset link'}
        <span className="sr-only"> for {name}</span>
      </button>
      <div aria-live="polite" className="order-last w-full">
        {issued && <IssuedLinkBox id={`reset-${userId}`} label={`Password reset link for ${name}`} link={issued.link} emailed={issued.emailed} />}
        {error && <p className="text-sm text-red-700">{error}</p>}
      </div>
    </>
  );
}
