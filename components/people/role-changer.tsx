'use client';

// Change someone's role: a button opens a small panel (select + save).
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '@/lib/validation/vocabulary';
import { ActionPanel, actionButton, useActionPanel } from '../action-panel';
import { postJson } from '../api-client';

/** `current` is the person's role now; the select starts there. */
type Props = { userId: string; name: string; current: Role; blockedBy: string | null };

export function RoleChanger({ userId, name, current, blockedBy }: Props) {
  const router = useRouter();
  const panel = useActionPanel();
  const [next, setNext] = useState<Role>(current);
  const id = `role-${userId}`;

  async function save() {
    if (next === current) {
      panel.close();
      return;
    }
    const changed = await panel.run(() => postJson<{ user: { id: string; role: Role } }>(`/api/people/${userId}/role`, { role: next }));
    if (changed) router.refresh();
  }

  return (
    <>
      <button
        {...panel.openerProps(`${id}-panel`)}
        type="button"
        disabled={blockedBy !== null || panel.pending}
        aria-describedby={blockedBy ? `blocked-${userId}` : undefined}
        onClick={() => {
          setNext(current);
          panel.toggle();
        }}
        className={actionButton}
      >
        Change role<span className="sr-only"> for {name}</span>
      </button>
      {panel.open && (
        <ActionPanel
          id={`${id}-panel`}
          label={`Change role for ${name}`}
          tone="neutral"
          panel={panel}
          confirm="Save role"
          busy="Saving…"
          whose={`for ${name}`}
          onConfirm={() => void save()}
          focusConfirm={false}
        >
          <label htmlFor={id} className="mr-2 text-slate-800">
            New role for <bdi className="font-medium">{name}</bdi>
          </label>
          <select
            id={id}
            autoFocus
            value={next}
            onChange={(e) => setNext(ROLES.find((r) => r === e.target.value) ?? current)}
            aria-describedby={panel.error ? `${id}-panel-error` : undefined}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </ActionPanel>
      )}
    </>
  );
}
