import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getPageActor } from '@/lib/auth/page-actor';
import { safeCallbackPath } from '@/lib/auth/safe-callback';
import { LoginForm } from '@/components/login-form';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string | string[] }> }) {
  const raw = (await searchParams).callbackUrl;
  const callbackUrl = safeCallbackPath(typeof raw === 'string' ? raw : undefined);
  if (await getPageActor()) redirect(callbackUrl);
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm">
        <div className="mb-8 text-center">
          <p className="text-2xl font-semibold tracking-tight">
            Fact<span className="text-blue-700">desk</span>
          </p>
          {/* The page's one heading; the wordmark above is branding. */}
          <h1 className="mt-1 text-sm font-normal text-slate-600">Sign in to the fact-checking desk</h1>
        </div>
        <LoginForm callbackUrl={callbackUrl} />
      </div>
    </main>
  );
}
