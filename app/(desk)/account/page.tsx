import type { Metadata } from 'next';
import { requirePageSession } from '@/lib/auth/page-actor';
import { listSessions } from '@/lib/users/account-sessions';
import { ROLE_LABELS } from '@/lib/validation/vocabulary';
import { ChangePasswordForm } from '@/components/account/change-password-form';
import { SessionList } from '@/components/account/session-list';

export const metadata: Metadata = { title: 'My account' };
export const dynamic = 'force-dynamic';

export default async function AccountPage() {
  const { actor, sessionId } = await requirePageSession();
  const sessions = await listSessions({ actor, currentSessionId: sessionId });
  const card = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm';
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-xl font-semibold tracking-tight">My account</h1>
        <p className="mt-1 text-sm text-slate-600">Your password and where you are signed in. Your role is set by an editor on the People page.</p>
      </div>
      <section aria-labelledby="who-title" className={card}>
        <h2 id="who-title" className="sr-only">
          Account
        </h2>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="text-slate-600">Name</dt>
          <dd className="font-medium" data-testid="account-name">
            <bdi>{actor.displayName}</bdi>
          </dd>
          <dt className="text-slate-600">Email</dt>
          <dd>
            <bdi>{actor.email}</bdi>
          </dd>
          <dt className="text-slate-600">Role</dt>
          <dd data-testid="account-role">{ROLE_LABELS[actor.role]}</dd>
        </dl>
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <section className={card}>
          <ChangePasswordForm />
        </section>
        <section aria-labelledby="sessions-title" className={`${card} space-y-3`}>
          <div>
            <h2 id="sessions-title" className="font-semibold">
              Where you are signed in
            </h2>
            <p className="text-sm text-slate-600">Sign out a browser you no longer use, or one you do not recognise (then change your password too).</p>
          </div>
          <SessionList sessions={sessions} />
        </section>
      </div>
    </div>
  );
}
