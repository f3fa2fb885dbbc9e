import type { Metadata } from 'next';
import Link from 'next/link';
import { requirePageActor } from '@/lib/auth/page-actor';
import { canImportArticles } from '@/lib/auth/permissions';
import { AddArticles } from '@/components/add-articles/add-articles';

export const metadata: Metadata = { title: 'Add articles' };
export const dynamic = 'force-dynamic';

export default async function AddArticlesPage() {
  const actor = await requirePageActor();
  // The server refuses the import too (POST /api/articles); this only spares a viewer a form that cannot work.
  if (!canImportArticles(actor)) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white px-6 py-12 text-center" data-testid="import-refused">
        <h1 className="text-lg font-semibold">Your role cannot add articles</h1>
        <p className="mt-1 text-sm text-slate-600">Reviewers and editors add articles to the desk. Ask an editor if you need one added.</p>
        <Link href="/" className="mt-4 inline-block text-blue-700 underline">
          Back to the claims list
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-xl font-semibold tracking-tight">Add articles</h1>
        <p className="mt-1 max-w-prose text-sm text-slate-600">
          Upload files, paste text or give an address. Each article is previewed first — title, language, boilerplate and anything like it already on the desk —
          and nothing is written until you import.
        </p>
      </div>
      <AddArticles />
    </div>
  );
}
