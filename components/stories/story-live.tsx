'use client';

// Keeps an open story page current. A change to the story or its articles
// (an editor's decision, an import grouped into it, a verdict on one of its
// articles) re-renders the server parts in place; what changed is said in a
// live region, with a link where it leads somewhere (the new story of a split,
// where an article was moved). A story merged away or emptied is not reloaded
// (that would jump elsewhere unasked): the page says so and links onward.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { DeskChange } from '@/lib/realtime/events';
import { describeEvent } from '@/lib/utils/describe-event';
import { storyGone } from '@/lib/utils/story-live';
import { useDeskChanges, useRealtime } from '../realtime/realtime-provider';

type Props = { storyId: string; memberIds: string[] };

type Note = { seq: number; text: string; link?: { href: string; label: string } };
type Gone = { survivor: { id: string; title: string | null } | null };

const IMPORTS = new Set(['claim.imported', 'article.imported', 'story.grouped']);

function noteFor(change: DeskChange, storyId: string, members: Set<string>, who: string): Note | null {
  const { event } = change;
  const moved = change.claims ?? [];
  const joined = moved.filter((c) => c.storyId === storyId && !members.has(c.id));
  const left = moved.filter((c) => members.has(c.id) && c.storyId !== storyId);
  if (IMPORTS.has(event.action)) {
    // The desk's own grouping: say what it did to this story, in counts.
    const [first] = joined;
    if (first && joined.length === 1 && left.length === 0) return { seq: event.seq, text: `A new article joined this story: “${first.title}”.` };
    const counts = [
      joined.length ? `${joined.length} article${joined.length === 1 ? '' : 's'} joined` : '',
      left.length ? `${left.length} moved to another story` : '',
    ];
    const text = counts.filter(Boolean).join(', ');
    return text ? { seq: event.seq, text: `Regrouped by the desk: ${text}.` } : null;
  }
  if (event.action === 'story.split' && event.after.storyId === storyId) {
    return { seq: event.seq, text: `${describeEvent(event, who)}.`, link: { href: `/stories/${event.after.newStoryId}`, label: 'Open the new story' } };
  }
  if (event.action === 'story.article_moved') {
    const [article] = event.before.storyId === storyId ? left : joined;
    const what = article ? `“${article.title}”` : 'an article';
    if (event.before.storyId === storyId) {
      return {
        seq: event.seq,
        text: `${who} moved ${what} out of this story.`,
        link: { href: `/stories/${event.after.storyId}`, label: 'Open the story it went to' },
      };
    }
    return { seq: event.seq, text: `${who} moved ${what} into this story.` };
  }
  return { seq: event.seq, text: `${describeEvent(event, who)}.` };
}

export function StoryLive({ storyId, memberIds }: Props) {
  const router = useRouter();
  const { me } = useRealtime();
  const [note, setNote] = useState<Note | null>(null);
  const [gone, setGone] = useState<Gone | null>(null);
  const members = new Set(memberIds);

  useDeskChanges((change) => {
    if (gone) return;
    const mine = change.stories?.find((s) => s.id === storyId);
    const touches =
      mine !== undefined ||
      (change.claims ?? []).some((c) => c.storyId === storyId || members.has(c.id)) ||
      (change.event.claimId !== null && members.has(change.event.claimId));
    if (!touches) return;
    if (mine && storyGone(mine)) {
      const survivor = mine.mergedIntoId ? (change.stories?.find((s) => s.id === mine.mergedIntoId) ?? null) : null;
      setGone({ survivor: mine.mergedIntoId ? { id: mine.mergedIntoId, title: survivor?.title ?? null } : null });
      return;
    }
    const who = change.event.actorId === me.id ? 'You' : (change.actorName ?? change.event.actorLabel);
    const next = noteFor(change, storyId, members, who);
    if (
      next &&
      change.event.action !== 'claim.verdict_set' &&
      change.event.action !== 'claim.comment_added' &&
      change.event.action !== 'claim.assignment_changed'
    ) {
      setNote(next);
    }
    router.refresh();
  });

  if (gone) {
    return (
      <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950" data-testid="story-gone">
        {gone.survivor ? (
          <>
            <p className="font-semibold">This story was merged into another one.</p>
            <p className="mt-1">
              Its articles are now in{' '}
              <Link href={`/stories/${gone.survivor.id}`} className="font-medium text-blue-800 underline">
                {gone.survivor.title ? <bdi dir="auto">{gone.survivor.title}</bdi> : 'the story it was merged into'}
              </Link>
              . What you see below is how it was before.
            </p>
          </>
        ) : (
          <>
            <p className="font-semibold">This story no longer exists: its articles all moved to other stories.</p>
            <p className="mt-1">
              <Link href="/stories" className="font-medium text-blue-800 underline">
                Back to all stories
              </Link>
              . What you see below is how it was before.
            </p>
          </>
        )}
      </div>
    );
  }
  return (
    <div role="status" aria-live="polite" data-testid="story-live">
      {note && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-950">
          <span className="text-xs font-semibold uppercase tracking-wide text-blue-800">Updated live</span>
          <span>{note.text}</span>
          {note.link && (
            <Link href={note.link.href} className="font-medium text-blue-800 underline">
              {note.link.label}
            </Link>
          )}
          <button type="button" onClick={() => setNote(null)} className="ms-auto text-xs text-blue-800 underline">
            Dismiss
          </button>
        </p>
      )}
    </div>
  );
}
