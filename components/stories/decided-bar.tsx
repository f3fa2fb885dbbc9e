// How much of a story is decided, as a bar and in words ("2 of 5 decided").
export function DecidedBar({ decided, size, className = 'w-24' }: { decided: number; size: number; className?: string }) {
  const share = size > 0 ? Math.min(1, decided / size) : 0;
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap" data-testid="decided">
      <span aria-hidden className={`relative inline-block h-1.5 overflow-hidden rounded-full bg-slate-200 ${className}`}>
        <span className="absolute inset-y-0 left-0 bg-emerald-600" style={{ width: `${share * 100}%` }} />
      </span>
      <span className="text-xs text-slate-700">
        {decided} of {size} decided
      </span>
    </span>
  );
}
