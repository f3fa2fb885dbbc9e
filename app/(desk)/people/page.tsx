import type { Metadata } from 'next';
import Link from 'next/link';
import { requirePageActor } from '@/lib/auth/page-actor';
import { canManageUsers } from '@/lib/auth/permissions';
import { latestSeq } from '@/lib/history/replay-changes';
import { isOnlyActiveEditor, LAST_EDITOR_MESSAGE } from '@/lib/users/last-editor';
import { listPeople } from '@/lib/users/list-people';
import { InviteForm } from '@/components/people/invite-form';
import { PeopleList } from '@/components/people/people-list';
import { PeopleLive } from '@/components/people/people-live';
import { LiveSince } from '@/components/realtime/live-since';

export const metadata: Metadata = { title: 'People' };
export const dynamic = 'force-dynamic';

export default async function PeoplePage() {
  const actor = await requirePageActor();
  // The API refuses too (GET /api/people); this spares a non-editor a page of controls that cannot work.
  if (!canManageUsers(actor)) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white px-6 py-12 text-center" data-testid="people-refused">
        <h1 className="text-lg font-semibold">Only editors manage people</h1>
        <p className="mt-1 text-sm text-slate-600">Ask an editor to invite someone, change a role or reset a password.</p>
        <p className="mt-4 flex flex-wrap justify-center gap-4">
          <Link href="/account" className="text-blue-700 underline">
            Your own account
          </Link>
          <Link href="/" className="text-blue-700 underline">
            Back to the claims list
          </Link>
        </p>
      </div>
    );
  }
  // Read before the page's data: its live part replays what commits after it.
  const seq = await latestSeq();
  const [people, onlyEditor] = await Promise.all([listPeople({ actor }), isOnlyActiveEditor(actor)]);
  return (
    <LiveSince seq={seq}>
      <PeopleLive />
      <div className="space-y-6">
        <div>
          <h1 className="text-xl font-semibold tracking-tight">People</h1>
          <p className="mt-1 max-w-prose text-sm text-slate-600">
            Who works on the desk, and in which role. Disabling someone signs them out everywhere at once; their claims stay assigned until you reassign them.
          </p>
        </div>
        <InviteForm />
        <PeopleList people={people} meId={actor.id} now={new Date().toISOString()} lastEditorMessage={onlyEditor ? LAST_EDITOR_MESSAGE : null} />
      </div>
    </LiveSince>
  );
}
