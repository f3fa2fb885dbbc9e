'use client';

// One editor decision on a story (POST /api/stories/{id}/{decision}) with the
// answers a hurried editor needs in words: done, changed meanwhile (409: the
// page reloads its data and says so), refused with the reason (400/403), or
// not sent (network). Every control of the story page goes through it.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { StoryDecision, StoryDecisionInput, StoryDetail } from '@/lib/validation/stories';
import { postJson } from '../api-client';

export type DecisionOutcome = { tone: 'done' | 'conflict' | 'error'; message: string; fields: Record<string, string> };

export function useStoryDecision(storyId: string) {
  const router = useRouter();
  const [pending, setPending] = useState<StoryDecision | null>(null);
  const [outcome, setOutcome] = useState<DecisionOutcome | null>(null);

  async function decide<D extends StoryDecision>(decision: D, body: StoryDecisionInput<D>, done: string): Promise<StoryDetail | null> {
    setPending(decision);
    setOutcome(null);
    const result = await postJson<{ story: StoryDetail }>(`/api/stories/${storyId}/${decision}`, body);
    setPending(null);
    if (result.ok) {
      setOutcome({ tone: 'done', message: done, fields: {} });
      router.refresh();
      return result.data.story;
    }
    const { error } = result;
    if (error.status === 409) {
      setOutcome({
        tone: 'conflict',
        message:
          'This story changed meanwhile (someone else decided, or a new article was grouped). Nothing was saved; the page now shows it as it is. Check it and try again.',
        fields: {},
      });
      router.refresh();
      return null;
    }
    if (error.status === 404) router.refresh(); // the story (or the other one) is gone: the page says where it went
    const fields = Object.fromEntries((error.issues ?? []).map((i) => [i.path, i.message]));
    setOutcome({ tone: 'error', message: error.message, fields });
    return null;
  }

  return { decide, pending, outcome, clear: () => setOutcome(null) };
}
