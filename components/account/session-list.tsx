'use client';

// One's own sessions: where, since when, last seen; sign out one of the
// others, all the others, or everywhere (this browser too, after a confirm
// step: then to sign-in).
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { SessionDto } from '@/lib/validation/users';
import { formatDateTime } from '@/lib/utils/format';
import { ActionPanel, actionButton as button, useActionPanel } from '../action-panel';
import { postJson } from '../api-client';
import { markSigningOut, unmarkSigningOut } from '../signing-out';
import { deviceName } from './device-name';

type Scope = { scope: 'one'; sessionId: string } | { scope: 'others' };

export function SessionList({ sessions }: { sessions: SessionDto[] }) {
  const router = useRouter();
  const [pending, setPending] = useState<string | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const everywhere = useActionPanel();
  const busy = pending !== null || everywhere.pending;
  const others = sessions.filter((s) => !s.current);
  // This browser first, then the others as the server orders them (last seen first).
  const ordered = [...sessions.filter((s) => s.current), ...others];

  async function signOut(body: Scope, key: string) {
    setPending(key);
    setMessage(null);
    const result = await postJson<{ sessionsEnded: number }>('/api/account/sessions/sign-out', body);
    setPending(null);
    if (!result.ok) {
      setMessage({ ok: false, text: result.error.message });
      return;
    }
    const n = result.data.sessionsEnded;
    setMessage({ ok: true, text: `Signed out ${n} ${n === 1 ? 'session' : 'sessions'}.` });
    router.refresh();
  }

  async function signOutEverywhere() {
    // Said before the request: this tab's own socket is closed by it, and must not show "signed out from another browser".
    markSigningOut();
    setMessage(null);
    const done = await everywhere.run(() => postJson<{ sessionsEnded: number }>('/api/account/sessions/sign-out', { scope: 'all' }));
    if (done) {
      window.location.assign('/login');
      return;
    }
    // Still signed in: a disconnect from now on is not ours.
    unmarkSigningOut();
  }

  return (
    <div className="space-y-3">
      <ul data-testid="session-list" aria-label="Your sessions" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {ordered.map((s) => (
          <li key={s.id} data-testid="session-row" data-current={s.current} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <div className="min-w-0">
              <p className="font-medium">
                {deviceName(s.userAgent)}
                {s.current && (
                  <span className="ml-2 rounded-full bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-800 ring-1 ring-inset ring-blue-200">
                    This browser
                  </span>
                )}
              </p>
              <p className="text-slate-600">
                {s.ip ?? 'Address unknown'} · signed in <time dateTime={s.createdAt}>{formatDateTime(s.createdAt)}</time> · last seen{' '}
                <time dateTime={s.lastSeenAt}>{formatDateTime(s.lastSeenAt)}</time>
              </p>
            </div>
            {!s.current && (
              <button type="button" disabled={busy} onClick={() => void signOut({ scope: 'one', sessionId: s.id }, s.id)} className={button}>
                {pending === s.id ? 'Signing out…' : 'Sign out'}
                <span className="sr-only">
                  {' '}
                  {deviceName(s.userAgent)}, last seen {formatDateTime(s.lastSeenAt)}
                </span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" disabled={busy || others.length === 0} onClick={() => void signOut({ scope: 'others' }, 'others')} className={button}>
          {pending === 'others' ? 'Signing out…' : 'Sign out all other sessions'}
        </button>
        <button
          {...everywhere.openerProps('sign-out-everywhere')}
          type="button"
          disabled={busy}
          onClick={everywhere.toggle}
          className={`${button} border-red-300 text-red-800 hover:bg-red-50`}
        >
          Sign out everywhere
        </button>
        {everywhere.open && (
          <ActionPanel
            id="sign-out-everywhere"
            label="Sign out everywhere?"
            tone="danger"
            panel={everywhere}
            confirm="Yes, sign out everywhere"
            busy="Signing out…"
            onConfirm={() => void signOutEverywhere()}
          >
            <p className="text-red-900">Sign out of every browser where you are signed in, this one too? You will need your password to sign in again.</p>
          </ActionPanel>
        )}
      </div>
      <p role="status" data-testid="sessions-message" className={`text-sm ${message?.ok === false ? 'text-red-700' : 'text-emerald-800'}`}>
        {message?.text}
      </p>
    </div>
  );
}
