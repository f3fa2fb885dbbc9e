'use client';

import { useConnectionStatus } from './realtime-provider';

export function ConnectionStatus() {
  const status = useConnectionStatus();
  const live = status === 'live';
  return (
    <span
      data-testid="connection-status"
      data-status={status}
      role="status"
      className="inline-flex w-28 shrink-0 items-center justify-end gap-1.5 text-xs text-slate-600"
      title={live ? 'Changes by others appear as they happen' : 'Reconnecting; nothing will be missed'}
    >
      <span aria-hidden className={`h-2 w-2 rounded-full ${live ? 'bg-emerald-500' : 'animate-pulse bg-amber-500'}`} />
      {live ? 'Live' : status === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
    </span>
  );
}
