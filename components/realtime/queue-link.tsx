'use client';

import Link from 'next/link';
import { useState } from 'react';
import { inQueue } from '@/lib/utils/in-queue';
import { useDeskChanges, useRealtime } from './realtime-provider';

export function QueueLink({ initialIds, className }: { initialIds: string[]; className: string }) {
  const { me } = useRealtime();
  const [ids, setIds] = useState(() => new Set(initialIds));
  useDeskChanges(({ claim }) => {
    if (!claim) return;
    setIds((current) => {
      const next = new Set(current);
      if (inQueue(claim, me.id)) next.add(claim.id);
      else next.delete(claim.id);
      return next;
    });
  });
  return (
    <Link href="/?assigned=me" className={`${className} inline-flex items-center gap-1.5`} data-testid="queue-link">
      My queue
      {/* aria-label is not allowed on a plain span: the spoken count is its own text. */}
      <span
        data-testid="queue-count"
        aria-hidden
        className={`rounded-full px-1.5 text-xs font-semibold ${ids.size ? 'bg-blue-700 text-white' : 'bg-slate-200 text-slate-600'}`}
      >
        {ids.size}
      </span>
      <span className="sr-only">
        ({ids.size} {ids.size === 1 ? 'claim' : 'claims'} waiting)
      </span>
    </Link>
  );
}
