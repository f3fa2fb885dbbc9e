'use client';

// What an editor can do about an invitation nobody has accepted yet: hand out
// a new link (the old one stops working: a lost mail, an expired link) or
// withdraw it (a wrong address, a change of plan).
import { useState } from 'react';
import type { IssuedLink, PersonDto } from '@/lib/validation/users';
import { actionButton } from '../action-panel';
import { postJson } from '../api-client';
import { IssuedLinkBox } from './issued-link';
import { WithdrawLink } from './withdraw-link';

type Issued = { link: IssuedLink; emailed: boolean };

export function InvitationActions({ person, invitationId }: { person: PersonDto; invitationId: string }) {
  const [issued, setIssued] = useState<Issued | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = person.displayName;

  async function newLink() {
    setPending(true);
    setError(null);
    const result = await postJson<Issued>('/api/people', { email: person.email, displayName: name, role: person.role });
    setPending(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    setIssued(result.data);
  }

  return (
    <>
      <button type="button" disabled={pending} onClick={() => void newLink()} className={actionButton}>
        {pending ? 'Creating…' : 'New link'}
        <span className="sr-only"> for {name}</span>
      </button>
      <WithdrawLink invitationId={invitationId} name={name} kind="invite" />
      <div aria-live="polite" className="order-last w-full">
        {issued && <IssuedLinkBox id={`invite-again-${invitationId}`} label={`New invitation link for ${name}`} link={issued.link} emailed={issued.emailed} />}
        {error && <p className="text-sm text-red-700">{error}</p>}
      </div>
    </>
  );
}
