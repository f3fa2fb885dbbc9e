'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import type { CommentDto } from '@/lib/validation/claims';
import { avatarColour, formatDateTime, initials } from '@/lib/utils/format';
import { COMMENT_MAX } from '@/lib/validation/vocabulary';
import { postJson } from './api-client';
import { useDeskChanges, useRealtime } from './realtime/realtime-provider';
import { useLateConfirmation } from './use-late-confirmation';

export function CommentThread({ claimId, comments, canPost }: { claimId: string; comments: CommentDto[]; canPost: boolean }) {
  const router = useRouter();
  const [body, setBody] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [posted, setPosted] = useState<CommentDto[]>([]);
  const all = [...comments, ...posted.filter((p) => !comments.some((c) => c.id === p.id))];
  const { writing, me } = useRealtime();
  const typing = body.trim().length > 0;
  // A post that timed out may still land; its live event then clears the box
  // so that "try again" does not post it twice.
  const late = useLateConfirmation<CommentDto>(() => {
    setBody('');
    setError(null);
  });

  // New comments arrive with their text; append them at once.
  useDeskChanges(({ comment }) => {
    if (comment?.claimId !== claimId) return;
    setPosted((p) => (p.some((x) => x.id === comment.id) ? p : [...p, comment]));
    if (comment.author.id === me.id) late.landed(comment);
  });
  useEffect(() => {
    if (canPost) writing(claimId, typing ? 'comment' : null);
  }, [typing, claimId, canPost, writing]);

  async function submit(e: React.SyntheticEvent) {
    e.preventDefault();
    setPending(true);
    setError(null);
    const sent = body;
    late.start((c) => c.body === sent);
    const result = await postJson<CommentDto>(`/api/claims/${claimId}/comments`, { body });
    setPending(false);
    if (late.settle(!result.ok && result.error.code === 'timeout')) return;
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    setPosted((p) => [...p, result.data]);
    setBody('');
    router.refresh();
  }

  return (
    <section aria-labelledby="comments-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="comments-title" className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        Discussion {all.length > 0 && <span className="font-normal">({all.length})</span>}
      </h2>
      {all.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No comments yet.</p>
      ) : (
        <ul className="mt-3 space-y-3" data-testid="comments">
          {all.map((c) => (
            <li key={c.id} className="flex gap-2 text-sm">
              <span aria-hidden className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${avatarColour(c.author.id)}`}>
                {initials(c.author.displayName)}
              </span>
              <div className="min-w-0">
                <p>
                  <bdi className="font-medium">{c.author.displayName}</bdi>{' '}
                  <time className="text-xs text-slate-500" dateTime={c.createdAt}>
                    {formatDateTime(c.createdAt)}
                  </time>
                </p>
                {/* dir="auto" isolates the text (and sets its base direction from its first strong letter). */}
                <p dir="auto" className="whitespace-pre-wrap break-words text-slate-700" data-testid="comment-body">
                  {c.body}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {canPost && (
        <form onSubmit={(e) => void submit(e)} className="mt-3 space-y-2">
          <label htmlFor="comment-body" className="sr-only">
            Add a comment
          </label>
          <textarea
            id="comment-body"
            rows={2}
            maxLength={COMMENT_MAX}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit(e);
            }}
            placeholder="Add a comment for the desk…"
            className="w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
          />
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <button
            type="submit"
            disabled={pending || !body.trim()}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-50"
          >
            {pending ? 'Posting…' : 'Post comment'}
          </button>
        </form>
      )}
    </section>
  );
}
