import Link from 'next/link';

// Replaces Next's built-in 404, whose inline <style> carries no CSP nonce.
export default function NotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="rounded-xl border border-slate-200 bg-white px-6 py-12 text-center">
        <h1 className="text-lg font-semibold">Page not found</h1>
        <p className="mt-1 text-sm text-slate-600">The link may be wrong, or the page may have moved.</p>
        <Link href="/" className="mt-4 inline-block text-blue-700 underline">
          Go to the claims list
        </Link>
      </div>
    </main>
  );
}
