// The synthetic articles the story benchmarks put on a desk
// (bench/support/story-variants.ts): real evidence from the labelled set,
// renamed per event. The benchmark's figures mean something only if these
// hold: the same desk every run, well-formed evidence, copies that are other
// events, and look-alikes that share names with the real story.
import { describe, expect, it } from 'vitest';
import { eventArticles, planEvents, storyTemplates, templatePool, type VariantArticle } from '../../bench/support/story-variants';

const plans = [...planEvents(3_000)];
const articles = plans.flatMap((p) => eventArticles(p));
const ownOf = (story: string) => {
  const { own } = storyTemplates();
  const { byStory } = templatePool();
  return new Set((byStory.get(story) ?? []).flatMap((t) => t.evidence.items.map((i) => i.key)).filter((k) => own.has(k)));
};
const names = (a: VariantArticle) => new Set(a.evidence.items.filter((i) => i.kind === 'name').map((i) => i.key));

describe('synthetic story desk articles', () => {
  it('are the same on every run, one per index, in events that cover the desk', () => {
    expect(articles.map((a) => a.index)).toEqual(Array.from({ length: 3_000 }, (_, i) => i));
    const again = [...planEvents(3_000)].slice(40, 60).flatMap((p) => eventArticles(p));
    expect(again).toEqual(articles.filter((a) => a.event >= 40 && a.event < 60));
    expect(plans.every((p) => p.size >= 1 && p.size <= 25)).toBe(true);
  });

  it('never copy the articles a benchmark keeps out (its new articles must be new to the desk)', () => {
    const exclude = ['defections-es', 'blackout-en'];
    const copies = [...planEvents(1_500, { exclude })].flatMap((p) => eventArticles(p, { exclude }));
    expect(copies.filter((a) => exclude.includes(a.template))).toEqual([]);
    expect(articles.slice(0, 1_500).some((a) => exclude.includes(a.template))).toBe(true);
    expect(copies.some((a) => a.template.startsWith('defections-'))).toBe(true);
  });

  it('give every article well-formed evidence: keys unique and sorted, every name span made of its own keys', () => {
    const faults: string[] = [];
    for (const a of articles) {
      const keys = a.evidence.items.map((i) => i.key);
      const present = new Set(keys);
      if (keys.some((k, i) => i > 0 && keys[i - 1]! >= k)) faults.push(`#${a.index}: keys not sorted and unique`);
      for (const span of a.evidence.spans) for (const k of span.keys) if (!present.has(k)) faults.push(`#${a.index} (${a.template}): span key ${k}`);
      if (a.evidence.language !== a.language || !a.title) faults.push(`#${a.index}: language or title`);
    }
    expect(faults).toEqual([]);
  });

  it('rename a story’s own names in each full copy, in the article’s script, and keep the desk-wide ones', () => {
    const copies = plans.filter((p) => !p.lookalike && p.story === 'defections');
    expect(copies.length).toBeGreaterThan(5);
    const own = ownOf('defections');
    for (const plan of copies) {
      for (const a of eventArticles(plan)) {
        expect([...names(a)].filter((k) => own.has(k))).toEqual([]);
        if (a.language === 'ru' || a.language === 'bg') {
          const renamed = a.evidence.items.filter((i) => i.kind === 'name' && /^[А-Я]/u.test(i.surface));
          expect(renamed.length).toBeGreaterThan(0);
        }
      }
    }
    // Maduro and Venezuela are in several labelled stories: every Venezuelan copy keeps them.
    const venezuelan = articles.filter((a) => ['defections', 'blackout', 'swearing-in'].includes(plans[a.event]!.story));
    expect(venezuelan.filter((a) => names(a).has('n:madur')).length / venezuelan.length).toBeGreaterThan(0.5);
  });

  it('make look-alikes that keep part of the real story’s own names but none of its figures', () => {
    const lookalikes = plans.filter((p) => p.lookalike);
    expect(lookalikes.length / plans.length).toBeGreaterThan(0.08);
    for (const plan of lookalikes) expect(plans[plan.index - 1]).toMatchObject({ story: plan.story, lookalike: false });
    const kept = lookalikes.flatMap((plan) => {
      const own = ownOf(plan.story);
      return eventArticles(plan).map((a) => [...names(a)].filter((k) => own.has(k)).length);
    });
    expect(kept.filter((n) => n > 0).length / kept.length).toBeGreaterThan(0.8);
    // Figures of three digits or more are permuted per event: the seeds' 567 soldiers reappear only by chance.
    const copies = articles.filter((a) => a.template.startsWith('seed-'));
    expect(copies.filter((a) => a.evidence.items.some((i) => i.key === '#:567')).length / copies.length).toBeLessThan(0.02);
  });

  it('spread evidence keys as real text does: a few in many articles, most in one or two', () => {
    const df = new Map<string, number>();
    for (const a of articles) for (const i of a.evidence.items) df.set(i.key, (df.get(i.key) ?? 0) + 1);
    const values = [...df.values()];
    expect(values.filter((v) => v <= 2).length / values.length).toBeGreaterThan(0.5);
    expect(values.filter((v) => v >= articles.length / 4).length).toBeGreaterThan(3);
    expect(df.get('n:=ve') ?? 0).toBeGreaterThan(articles.length / 4); // Venezuela, by its ISO code (gazetteer)
  });
});
