import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getPageActor } from '@/lib/auth/page-actor';
import { safeCallbackPath } from '@/lib/auth/safe-callback';
import { AuthCard } from '@/components/auth-card';
import { LOGIN_NOTICES, loginSearchSchema } from '@/components/login-link';
import { LoginForm } from '@/components/login-form';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

type Search = Record<string, string | string[] | undefined>;

export default async function LoginPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const raw = search.callbackUrl;
  const callbackUrl = safeCallbackPath(typeof raw === 'string' ? raw : undefined);
  if (await getPageActor()) redirect(callbackUrl);
  // A notice by name and an email to pre-fill (after a password reset); anything else is dropped.
  const { notice, email } = loginSearchSchema.parse(search);
  return (
    <AuthCard
      header={
        // The page's one heading; the wordmark above is branding.
        <h1 className="mt-1 text-sm font-normal text-slate-600">Sign in to the fact-checking desk</h1>
      }
    >
      {notice && (
        <p role="status" data-testid="login-notice" className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {LOGIN_NOTICES[notice]}
        </p>
      )}
      <LoginForm callbackUrl={callbackUrl} email={email} />
    </AuthCard>
  );
}
