import Link from 'next/link';
import { requirePageActor } from '@/lib/auth/page-actor';
import { canAnnounceWriting, canImportArticles, canManageUsers, canReview } from '@/lib/auth/permissions';
import { listQueueIds } from '@/lib/claims/list-queue-ids';
import { latestSeq } from '@/lib/history/replay-changes';
import { ROLE_LABELS } from '@/lib/validation/vocabulary';
import { ChangeNotices } from '@/components/realtime/change-notices';
import { ConnectionStatus } from '@/components/realtime/connection-status';
import { QueueLink } from '@/components/realtime/queue-link';
import { RealtimeProvider } from '@/components/realtime/realtime-provider';
import { RoleWatch } from '@/components/realtime/role-watch';
import { GlobalShortcuts } from '@/components/global-shortcuts';
import { HeaderMenu } from '@/components/header-menu';
import { LogoutButton } from '@/components/logout-button';
import { NavigationProgress } from '@/components/navigation-progress';
import { SessionKeepAlive } from '@/components/session-keepalive';

export default async function DeskLayout({ children }: { children: React.ReactNode }) {
  const actor = await requirePageActor();
  // Read before the page's own data, so a change racing the render is replayed, not lost.
  const initialSeq = await latestSeq();
  const queue = canReview(actor) ? await listQueueIds({ actor }) : null;
  // Full-width rows a thumb can hit on a phone; compact in the laptop header row.
  const navLink = 'whitespace-nowrap rounded-md px-2 py-2 text-slate-700 hover:bg-slate-100 sm:py-1';
  return (
    <RealtimeProvider me={{ id: actor.id, displayName: actor.displayName }} canAnnounceWriting={canAnnounceWriting(actor)} initialSeq={initialSeq}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        {/* One row on a phone too: the links open from a Menu button (components/header-menu.tsx). */}
        <div className="relative mx-auto flex h-12 max-w-6xl items-center gap-x-3 px-4 sm:h-14">
          <Link href="/" className="text-lg font-semibold tracking-tight">
            Fact<span className="text-blue-700">desk</span>
          </Link>
          <HeaderMenu
            account={
              <>
                <Link href="/account" className="rounded-md px-2 py-2 text-slate-700 hover:bg-slate-100">
                  My account <span className="text-slate-500">· {actor.displayName}</span>
                </Link>
                <LogoutButton />
              </>
            }
          >
            <Link href="/" className={navLink}>
              Claims
            </Link>
            <Link href="/stories" className={navLink}>
              Stories
            </Link>
            {queue !== null && <QueueLink initialIds={queue} className={navLink} />}
            <Link href="/audit" className={navLink}>
              Audit trail
            </Link>
            {canImportArticles(actor) && (
              <Link href="/articles/new" className={navLink}>
                Add articles
              </Link>
            )}
            {canManageUsers(actor) && (
              <Link href="/people" className={navLink}>
                People
              </Link>
            )}
          </HeaderMenu>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <ConnectionStatus />
            {/* The name is also the way to one's own account (password, sessions). */}
            <Link
              href="/account"
              data-testid="current-user"
              title="My account"
              className="hidden rounded-md px-2 py-1 text-right leading-tight hover:bg-slate-100 sm:block"
            >
              <span className="block font-medium">{actor.displayName}</span>
              <span className="block text-xs text-slate-600">
                {ROLE_LABELS[actor.role]}
                <span className="sr-only"> · My account</span>
              </span>
            </Link>
            <span className="hidden sm:block">
              <LogoutButton />
            </span>
          </div>
        </div>
      </header>
      <NavigationProgress />
      <SessionKeepAlive />
      <GlobalShortcuts />
      <main id="main" className="mx-auto max-w-6xl px-4 py-6">
        {children}
      </main>
      <ChangeNotices />
      <RoleWatch />
    </RealtimeProvider>
  );
}
