// The Export dialog as the server renders it (its <dialog> content is in the
// page before it opens): on a story's page it says which story it exports.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ExportDialog } from '../../components/export-dialog';

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
