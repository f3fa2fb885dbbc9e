'use client';

import { distinctColours, distinctInitials } from '@/lib/utils/format';
import { usePresence, useRealtime } from './realtime-provider';

/**
 * Who else has this claim open; "writing" people get a ring and a label. Each
 * avatar has its own colour among those shown, and its name appears on hover
 * and on keyboard focus (two "RR"s are told apart either way).
 */
export function PresenceAvatars({ claimId, showWriting = false }: { claimId: string; showWriting?: boolean }) {
  const { me } = useRealtime();
  const people = usePresence(claimId).filter((p) => p.userId !== me.id);
  if (people.length === 0) return null;
  const writers = people.filter((p) => p.writing);
  const labels = distinctInitials(people.map((p) => ({ id: p.userId, name: p.name })));
  const colours = distinctColours(people.map((p) => p.userId));
  return (
    <span className="inline-flex items-center gap-2" data-testid="presence">
      <span className="flex -space-x-1.5">
        {people.map((p) => {
          const what = `${p.name}${p.writing ? ` is writing a ${p.writing}` : ' is viewing'}`;
          return (
            <span
              key={p.userId}
              tabIndex={0}
              role="img"
              aria-label={what}
              data-testid="presence-avatar"
              className={`group relative flex h-6 w-6 items-center justify-center rounded-full border-2 border-white text-[10px] font-semibold focus-visible:outline-2 focus-visible:outline-blue-600 ${colours.get(p.userId) ?? ''} ${p.writing ? 'ring-2 ring-amber-500' : ''}`}
            >
              <span aria-hidden>{labels.get(p.userId)}</span>
              <span
                aria-hidden
                data-testid="presence-name"
                className="pointer-events-none absolute left-1/2 top-full z-20 mt-1 hidden -translate-x-1/2 whitespace-nowrap rounded bg-slate-900 px-2 py-0.5 text-xs font-normal text-white group-hover:block group-focus:block"
              >
                {what}
              </span>
            </span>
          );
        })}
      </span>
      {showWriting && writers.length > 0 && (
        <span data-testid="writing-indicator" className="text-xs italic text-amber-800">
          {writers.map((w) => `${w.name.split(' ')[0]} is writing a ${w.writing}…`).join(' ')}
        </span>
      )}
    </span>
  );
}
