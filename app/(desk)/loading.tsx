export default function Loading() {
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      {/* While it loads, the page's heading says so (every page has an h1). */}
      <h1 className="sr-only">Loading…</h1>
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="h-14 animate-pulse rounded-lg bg-slate-200/70" />
      ))}
    </div>
  );
}
