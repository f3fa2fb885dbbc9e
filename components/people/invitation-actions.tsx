'use client';

// What an editor can do about an invitation nobody has accepted yet: hand out
// a new link (the old one stops working: a lost mail, an expired link) or
// withdraw it (a wrong address, a change of plan).
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { IssuedLink, PersonDto } from '@/lib/validation/users';
import { ActionPanel, actionButton, useActionPanel } from '../action-panel';
import { postJson } from '../api-client';
import { IssuedLinkBox } from './issued-link';

type Issued = { link: IssuedLink; emailed: boolean };

export function InvitationActions({ person, invitationId }: { person: PersonDto; invitationId: string }) {
  const router = useRouter();
  const withdraw = useActionPanel();
  const [issued, setIssued] = useState<Issued | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = person.displayName;
  const id = `withdraw-${invitationId}`;

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

  async function confirmWithdraw() {
    if (await withdraw.run(() => postJson<{ invitationId: string }>(`/api/people/invitations/${invitationId}`, {}, { method: 'DELETE' }))) router.refresh();
  }

  return (
    <>
      <button type="button" disabled={pending} onClick={() => void newLink()} className={actionButton}>
        {pending ? 'Creating…' : 'New link'}
        <span className="sr-only"> for {name}</span>
      </button>
      <button {...withdraw.openerProps(id)} type="button" onClick={withdraw.toggle} className={`${actionButton} text-red-800`}>
        Withdraw<span className="sr-only"> the invitation of {name}</span>
      </button>
      <div aria-live="polite" className="order-last w-full">
        {issued && <IssuedLinkBox id={`invite-again-${invitationId}`} label={`New invitation link for ${name}`} link={issued.link} emailed={issued.emailed} />}
        {error && <p className="text-sm text-red-700">{error}</p>}
      </div>
      {withdraw.open && (
        <ActionPanel
          id={id}
          label={`Withdraw the invitation of ${name}?`}
          tone="danger"
          panel={withdraw}
          confirm="Withdraw invitation"
          busy="Withdrawing…"
          whose={`of ${name}`}
          onConfirm={() => void confirmWithdraw()}
        >
          <p className="text-red-900">
            Withdraw the invitation of <bdi className="font-medium">{name}</bdi>? Their link stops working at once; you can invite them again later.
          </p>
        </ActionPanel>
      )}
    </>
  );
}
