import { describe, expect, it } from 'vitest';
import { WIRE_LANGUAGES, loadWireArticles, loadWireEvents } from '../fixtures/wire/wire-set';

describe('the wire set', () => {
  it('loads: every event file parses, ids are unique and every figure is placed in its text', () => {
    const events = loadWireEvents();
    const articles = loadWireArticles();
    expect(articles.length).toBe(events.reduce((n, e) => n + e.articles.length, 0));
    for (const a of articles) expect(WIRE_LANGUAGES).toContain(a.language);
  });
});
