'use client';

// Disable an account (after a confirm step: it signs them out everywhere at
// once) or re-enable it (harmless and reversible, so no confirm).
import { useRouter } from 'next/navigation';
import { ActionPanel, actionButton, useActionPanel } from '../action-panel';
import { postJson } from '../api-client';

export type AssignedClaim = { id: string; title: string };
type StatusAnswer = { userId: string; disabled: boolean; assigned: AssignedClaim[] };
type Props = { userId: string; name: string; disabled: boolean; blockedBy: string | null; onDisabled: (assigned: AssignedClaim[]) => void };

export function StatusToggle({ userId, name, disabled, blockedBy, onDisabled }: Props) {
  const router = useRouter();
  const panel = useActionPanel();
  const id = `disable-${userId}`;

  async function send(disable: boolean) {
    const answer = await panel.run(() => postJson<StatusAnswer>(`/api/people/${userId}/status`, { disabled: disable }));
    if (!answer) return;
    if (disable) onDisabled(answer.assigned);
    router.refresh();
  }

  return (
    <>
      {/* One button for both states, so focus stays on it when the account flips. */}
      <button
        {...panel.openerProps(id)}
        type="button"
        disabled={panel.pending || (!disabled && blockedBy !== null)}
        aria-describedby={!disabled && blockedBy ? `blocked-${userId}` : undefined}
        // Re-enable opens nothing.
        aria-expanded={disabled ? undefined : panel.open}
        onClick={() => (disabled ? void send(false) : panel.toggle())}
        className={disabled ? actionButton : `${actionButton} text-red-800`}
      >
        {disabled ? (panel.pending ? 'Re-enabling…' : 'Re-enable') : 'Disable'}
        <span className="sr-only"> {name}</span>
      </button>
      {disabled && panel.error && (
        <p role="alert" className="order-last w-full text-sm text-red-700">
          {panel.error}
        </p>
      )}
      {!disabled && panel.open && (
        <ActionPanel
          id={id}
          label={`Disable ${name}?`}
          tone="danger"
          panel={panel}
          confirm="Disable account"
          busy="Disabling…"
          whose={`of ${name}`}
          onConfirm={() => void send(true)}
        >
          <p className="text-red-900">
            Disable <bdi className="font-medium">{name}</bdi>? They are signed out everywhere at once and cannot sign in until re-enabled.
          </p>
        </ActionPanel>
      )}
    </>
  );
}
