// The Export dialog as the server renders it (its <dialog> content is in the
// page before it opens): on a story's page it says which story it exports.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ExportDialog, fileNameFrom } from '../../components/export-dialog';

const STORY = { id: '6f1c2a4e-0b7d-4c1e-9a3f-2d5e8b7c9a10', title: 'Cúcuta, Colombia — 23 de febrero' };

describe('ExportDialog', () => {
  it('opened from a story, offers "Export this story" and names the story', () => {
    const html = renderToStaticMarkup(createElement(ExportDialog, { story: STORY }));
    expect(html).toContain('Export this story…');
    expect(html).toMatch(/Only the articles of the story <bdi dir="auto"[^>]*>Cúcuta, Colombia — 23 de febrero<\/bdi>/);
    expect(html).toContain('All articles of this story');
    expect(html).not.toContain('All claims matching the current filters');
  });

  it('on the claims list it is unchanged', () => {
    const html = renderToStaticMarkup(createElement(ExportDialog, { filterQuery: 'status=disputed', selectedIds: [] }));
    expect(html).toContain('Export…');
    expect(html).toContain('All claims matching the current filters');
    expect(html).not.toMatch(/\bstory\b/i);
  });
});

describe('the downloaded file’s name', () => {
  const named = (header: string) => fileNameFrom({ headers: new Headers({ 'content-disposition': header }) }, 'factdesk-verdicts.csv');

  it('is the name the server gave, quoted or not (the content-disposition library leaves out needless quotes)', () => {
    expect(named('attachment; filename=factdesk-verdicts-2-selected-2026-12-07.json')).toBe('factdesk-verdicts-2-selected-2026-12-07.json');
    expect(named('attachment; filename="factdesk verdicts.csv"')).toBe('factdesk verdicts.csv');
  });

  it('keeps a story’s name in its own script from filename*', () => {
    expect(
      named(
        `attachment; filename="factdesk-verdicts-?????-2026-12-07.pdf"; filename*=UTF-8''factdesk-verdicts-%D0%BA%D1%83%D0%BA%D1%83%D1%82%D0%B0-2026-12-07.pdf`,
      ),
    ).toBe('factdesk-verdicts-кукута-2026-12-07.pdf');
  });

  it('falls back to a plain name when the server gave none', () => {
    expect(named('')).toBe('factdesk-verdicts.csv');
  });
});
