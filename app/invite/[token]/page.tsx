import type { Metadata } from 'next';
import Link from 'next/link';
import { LINK_STATE_MESSAGES, openInvitation } from '@/lib/users/open-invitation';
import { ROLE_LABELS } from '@/lib/validation/vocabulary';
import { formatDateTime } from '@/lib/utils/format';
import { AuthCard, authPanel } from '@/components/auth-card';
import { SetPasswordForm } from '@/components/invite/set-password-form';

// Public: whoever holds the link. A link that no longer works gets a sentence, never an error page.
export const metadata: Metadata = { title: 'Choose a password', referrer: 'no-referrer' };
export const dynamic = 'force-dynamic';

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const link = await openInvitation({ token });
  if (link.state !== 'valid') {
    return (
      <AuthCard header={<h1 className="mt-1 text-lg font-semibold">This link no longer works</h1>}>
        <div data-testid="link-state" data-state={link.state} className={`${authPanel} text-center`}>
          <p className="text-sm text-slate-800">{LINK_STATE_MESSAGES[link.state]}</p>
          <Link href="/login" className="mt-4 inline-block rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">
            Go to sign in
          </Link>
        </div>
      </AuthCard>
    );
  }
  const header = (
    <>
      <h1 className="mt-1 text-lg font-semibold">
        {link.kind === 'invite' ? (
          <>
            Welcome, <bdi>{link.displayName}</bdi>
          </>
        ) : (
          <>
            Choose a new password for <bdi>{link.email}</bdi>
          </>
        )}
      </h1>
      {link.kind === 'invite' && (
        <p className="mt-1 text-sm text-slate-600">
          You are joining the fact-checking desk as <bdi>{link.email}</bdi>
          {link.role && <>, in the role of {ROLE_LABELS[link.role].toLowerCase()}</>}. Choose a password to finish.
        </p>
      )}
      <p className="mt-1 text-xs text-slate-600">
        This link works once, until <time dateTime={link.expiresAt}>{formatDateTime(link.expiresAt)}</time>.
      </p>
    </>
  );
  return (
    <AuthCard header={header}>
      <SetPasswordForm token={token} kind={link.kind} email={link.email} />
    </AuthCard>
  );
}
