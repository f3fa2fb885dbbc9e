// The frame of the pages seen signed out (sign in, the page a link opens): the
// wordmark, the page's heading and what goes with it, then a card below.
export const authPanel = 'rounded-xl border border-slate-200 bg-white p-6 shadow-sm';

export function AuthCard({ header, children }: { header: React.ReactNode; children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-8">
      <div className="w-full max-w-sm">
        <div className="mb-6 text-center">
          <p className="text-2xl font-semibold tracking-tight">
            Fact<span className="text-blue-700">desk</span>
          </p>
          {header}
        </div>
        {children}
      </div>
    </main>
  );
}
