'use client';

// The audit page's "Hide sign-ins" switch: one press reloads the trail with or
// without sign-in events (the `signIns=hide` query parameter), keeping the other filters.
import { useRouter } from 'next/navigation';

export function SignInSwitch({ hidden, query }: { hidden: boolean; query: string }) {
  const router = useRouter();
  function toggle() {
    const next = new URLSearchParams(query);
    next.delete('cursor');
    if (hidden) next.delete('signIns');
    else next.set('signIns', 'hide');
    router.push(`/audit${next.size ? `?${next}` : ''}`);
  }
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        role="switch"
        name="signIns"
        value="hide"
        checked={hidden}
        onChange={toggle}
        className="peer sr-only"
        data-testid="hide-sign-ins"
      />
      <span
        aria-hidden
        className="relative inline-block h-5 w-9 rounded-full bg-slate-300 transition-colors peer-checked:bg-blue-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700 after:absolute after:left-0.5 after:top-0.5 after:h-4 after:w-4 after:rounded-full after:bg-white after:transition-transform peer-checked:after:translate-x-4"
      />
      Hide sign-ins
    </label>
  );
}
