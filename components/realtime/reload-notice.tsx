'use client';

// Shown when the server will not replay what this page missed (too much
// changed while it was away): the page is stale until it is reloaded.
export function ReloadNotice({ message }: { message: string }) {
  return (
    <div
      data-testid="reload-notice"
      role="alert"
      className="sticky top-0 z-50 flex flex-wrap items-center justify-center gap-3 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
    >
      <span>{message}</span>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-md bg-amber-700 px-3 py-1 font-medium text-white hover:bg-amber-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:ring-offset-2"
      >
        Reload
      </button>
    </div>
  );
}
