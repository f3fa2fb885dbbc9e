'use client';

import { avatarColour, distinctInitials } from '@/lib/utils/format';
import { usePresence, useRealtime } from './realtime-provider';

/** Who else has this claim open; "writing" people get a ring and a label. */
export function PresenceAvatars({ claimId, showWriting = false }: { claimId: string; showWriting?: boolean }) {
  const { me } = useRealtime();
  const people = usePresence(claimId).filter((p) => p.userId !== me.id);
  if (people.length === 0) return null;
  const writers = people.filter((p) => p.writing);
  const labels = distinctInitials(people.map((p) => ({ id: p.userId, name: p.name })));
  return (
    <span className="inline-flex items-center gap-2" data-testid="presence">
      <span className="flex -space-x-1.5">
        {people.map((p) => (
          <span
            key={p.userId}
            title={`${p.name}${p.writing ? ` is writing a ${p.writing}` : ' is viewing'}`}
            aria-hidden
            data-testid="presence-avatar"
            className={`flex h-6 w-6 items-center justify-center rounded-full border-2 border-white text-[10px] font-semibold ${avatarColour(p.userId)} ${p.writing ? 'ring-2 ring-amber-500' : ''}`}
          >
            {labels.get(p.userId)}
          </span>
        ))}
      </span>
      <span className="sr-only">Also here: {people.map((p) => p.name).join(', ')}</span>
      {showWriting && writers.length > 0 && (
        <span data-testid="writing-indicator" className="text-xs italic text-amber-800">
          {writers.map((w) => `${w.name.split(' ')[0]} is writing a ${w.writing}…`).join(' ')}
        </span>
      )}
    </span>
  );
}
