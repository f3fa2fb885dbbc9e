'use client';

// Shown the moment the server ends this page's session (disabled account,
// password changed, signed out from another browser): a modal that says why
// and leads to sign-in. It cannot be dismissed: the page behind no longer works.
import { useEffect, useRef } from 'react';
import type { SessionEndReason } from '@/lib/realtime/session-end-reasons';

const WHY: Record<SessionEndReason, string> = {
  disabled: 'An editor has disabled your account. You have been signed out.',
  password_changed: 'Your password was changed in another session, so this one was signed out. Sign in with the new password.',
  signed_out: 'This session was signed out from another browser.',
};

export function SessionEndedNotice({ reason }: { reason: SessionEndReason }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    heading.current?.focus();
  }, []);
  const callback = typeof window === 'undefined' ? '/' : location.pathname + location.search;
  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-labelledby="session-ended-title"
      aria-describedby="session-ended-why"
      data-testid="session-ended"
      data-reason={reason}
      // Escape would leave a page that can no longer save anything.
      onCancel={(e) => e.preventDefault()}
      className="m-auto w-full max-w-md rounded-xl p-0 shadow-xl backdrop:bg-slate-900/60"
    >
      <div className="space-y-3 p-5">
        <h2 id="session-ended-title" ref={heading} tabIndex={-1} className="text-lg font-semibold">
          You are signed out
        </h2>
        <p id="session-ended-why" className="text-sm text-slate-700">
          {WHY[reason]}
        </p>
        <div className="text-right">
          <a
            href={reason === 'disabled' ? '/login' : `/login?callbackUrl=${encodeURIComponent(callback)}`}
            className="inline-block rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800"
          >
            Sign in
          </a>
        </div>
      </div>
    </dialog>
  );
}
