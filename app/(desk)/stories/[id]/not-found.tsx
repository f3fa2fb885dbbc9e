import Link from 'next/link';

export default function StoryNotFound() {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-6 py-12 text-center">
      <h1 className="text-lg font-semibold">Story not found</h1>
      <p className="mt-1 text-sm text-slate-600">Its articles may all have moved to other stories, or the link is wrong.</p>
      <Link href="/stories" className="mt-4 inline-block text-blue-700 underline">
        Back to all stories
      </Link>
    </div>
  );
}
