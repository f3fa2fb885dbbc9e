'use client';

// Short, non-blocking notices about other people's changes.
import { useState } from 'react';
import { type DescriptionPart, describeEventParts } from '@/lib/utils/describe-event';
import { statusWord } from '@/lib/utils/status-labels';
import { useDeskChanges, useRealtime } from './realtime-provider';

type Notice = { id: number; parts: DescriptionPart[] };

function shortTitle(t: string) {
  return t.length > 60 ? `${t.slice(0, 57).trimEnd()}…` : t;
}

export function ChangeNotices() {
  const { me } = useRealtime();
  const [notices, setNotices] = useState<Notice[]>([]);

  useDeskChanges(({ event, claim, actorName }) => {
    if (!event.actorId || event.actorId === me.id) return;
    // Names and titles are isolated parts, so bidi controls in them stay inside.
    const who = { user: actorName ?? event.actorLabel };
    const title: DescriptionPart[] = claim ? ['“', { user: shortTitle(claim.title) }, '”'] : ['a claim'];
    let parts: DescriptionPart[] | null = null;
    if (event.action === 'claim.verdict_set') parts = [who, ' marked ', ...title, ` ${statusWord(event.after.status)}`];
    if (event.action === 'claim.comment_added') parts = [who, ' commented on ', ...title];
    if (event.action === 'claim.assignment_changed') {
      parts = event.after.assigneeId === me.id ? [who, ' assigned ', ...title, ' to you'] : [who, ' changed who reviews ', ...title];
    }
    // An editor's story decision, in the audit trail's words ("Ada Editor split 2 articles off into a new story").
    if (event.action.startsWith('story.') && event.action !== 'story.grouped') parts = describeEventParts(event, who.user);
    if (event.action === 'story.article_moved') parts = [who, ' moved ', ...title, event.after.created ? ' to a new story' : ' to another story'];
    if (!parts) return;
    const id = event.seq;
    const shown = parts;
    setNotices((n) => [...n.slice(-2), { id, parts: shown }]);
    setTimeout(() => setNotices((n) => n.filter((x) => x.id !== id)), 6000);
  });

  return (
    <div aria-live="polite" className="pointer-events-none fixed bottom-4 left-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2">
      {notices.map((n) => (
        <p key={n.id} data-testid="change-notice" className="rounded-lg bg-slate-900/90 px-3 py-2 text-sm text-white shadow-lg">
          {n.parts.map((p, i) => (typeof p === 'string' ? p : <bdi key={i}>{p.user}</bdi>))}
        </p>
      ))}
    </div>
  );
}
