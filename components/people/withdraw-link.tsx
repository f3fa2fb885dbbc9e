'use client';

// Withdraws a link nobody has used yet (an invitation or a password-reset
// link), after a confirmation: it stops working at once.
import { useRouter } from 'next/navigation';
import { ActionPanel, actionButton, useActionPanel } from '../action-panel';
import { postJson } from '../api-client';

type Props = { invitationId: string; name: string; kind: 'invite' | 'reset' };

export function WithdrawLink({ invitationId, name, kind }: Props) {
  const router = useRouter();
  const withdraw = useActionPanel();
  const id = `withdraw-${invitationId}`;
  const what = kind === 'reset' ? `the password-reset link of ${name}` : `the invitation of ${name}`;

  async function confirmWithdraw() {
    if (await withdraw.run(() => postJson<{ invitationId: string }>(`/api/people/invitations/${invitationId}`, {}, { method: 'DELETE' }))) router.refresh();
  }

  return (
    <>
      <button {...withdraw.openerProps(id)} type="button" onClick={withdraw.toggle} className={`${actionButton} text-red-800`}>
        {kind === 'reset' ? 'Withdraw reset link' : 'Withdraw'}
        <span className="sr-only"> {kind === 'reset' ? `of ${name}` : `the invitation of ${name}`}</span>
      </button>
      {withdraw.open && (
        <ActionPanel
          id={id}
          label={`Withdraw ${what}?`}
          tone="danger"
          panel={withdraw}
          confirm={kind === 'reset' ? 'Withdraw reset link' : 'Withdraw invitation'}
          busy="Withdrawing…"
          whose={`of ${name}`}
          onConfirm={() => void confirmWithdraw()}
        >
          <p className="text-red-900">
            Withdraw {kind === 'reset' ? 'the password-reset link of ' : 'the invitation of '}
            <bdi className="font-medium">{name}</bdi>? The link stops working at once
            {kind === 'reset' ? '; their password stays as it is.' : '; you can invite them again later.'}
          </p>
        </ActionPanel>
      )}
    </>
  );
}
