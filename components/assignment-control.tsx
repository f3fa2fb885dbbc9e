'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { postJson } from './api-client';

type Person = { id: string; displayName: string };

export function AssignmentControl({
  claimId,
  assignee,
  people,
  canAssign,
}: {
  claimId: string;
  assignee: Person | null;
  people: Person[];
  canAssign: boolean;
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  if (!canAssign) {
    return <span data-testid="assignee">{assignee?.displayName ?? <span className="text-slate-500">Unassigned</span>}</span>;
  }
  async function change(userId: string) {
    setPending(true);
    setError(null);
    const result = await postJson(`/api/claims/${claimId}/assignment`, { userId: userId || null });
    setPending(false);
    if (!result.ok) setError(result.error.message);
    else router.refresh();
  }
  return (
    <div>
      <label htmlFor="assignee" className="sr-only">
        Assigned to
      </label>
      <select
        id="assignee"
        value={assignee?.id ?? ''}
        disabled={pending}
        onChange={(e) => void change(e.target.value)}
        className="w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        <option value="">Unassigned</option>
        {people.map((p) => (
          <option key={p.id} value={p.id}>
            {p.displayName}
          </option>
        ))}
      </select>
      {error && (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
