'use client';

// A link an editor hands on (invitation or password reset): shown once, in a
// read-only field with a Copy button. Where the clipboard is refused (an
// insecure origin, a denied permission) the text is selected for Ctrl+C.
import { useRef, useState } from 'react';
import type { IssuedLink } from '@/lib/validation/users';
import { formatDateTime } from '@/lib/utils/format';

type Props = { link: IssuedLink; emailed: boolean; label: string; id: string };

export function IssuedLinkBox({ link, emailed, label, id }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'copied' | 'select' | null>(null);
  // Built in the browser: the origin the editor uses is the one the person can reach.
  const url = typeof window === 'undefined' ? link.path : new URL(link.path, location.origin).toString();

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('copied');
    } catch {
      input.current?.select();
      setCopied('select');
    }
  }

  return (
    <div data-testid="issued-link" className="space-y-1 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm">
      <label htmlFor={id} className="block font-medium text-emerald-950">
        {label}
      </label>
      <div className="flex flex-wrap gap-2 sm:flex-nowrap">
        <input
          ref={input}
          id={id}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          aria-describedby={`${id}-expiry`}
          className="min-w-0 flex-1 rounded-md border border-emerald-300 bg-white px-2 py-1.5 font-mono text-xs"
        />
        <button type="button" onClick={() => void copy()} className="rounded-md bg-emerald-800 px-3 py-1.5 font-medium text-white hover:bg-emerald-900">
          Copy link
        </button>
      </div>
      <p id={`${id}-expiry`} className="text-emerald-950">
        Works once, until <time dateTime={link.expiresAt}>{formatDateTime(link.expiresAt)}</time>, for <bdi>{link.email}</bdi>.
        {emailed ? ' It was also emailed to them.' : ' Send it to them yourself: it was not emailed.'}
      </p>
      <p aria-live="polite" className="text-emerald-950">
        {copied === 'copied' && 'Copied to the clipboard.'}
        {copied === 'select' && 'The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.'}
      </p>
    </div>
  );
}
