import { describe, expect, it } from 'vitest';
import { exportUrl } from '../../lib/utils/export-url';
import { exportQuerySchema } from '../../lib/validation/export';

const STORY = '6f1c2a4e-0b7d-4c1e-9a3f-2d5e8b7c9a10';
const query = (url: string) => Object.fromEntries(new URL(url, 'http://desk.test').searchParams);

describe('exportUrl (the Export dialog and "Export this story")', () => {
  it('sends the list filters, or only the picked ids', () => {
    expect(query(exportUrl({ format: 'csv', filterQuery: 'status=disputed&q=Cúcuta' }))).toEqual({ status: 'disputed', q: 'Cúcuta', format: 'csv' });
    expect(query(exportUrl({ format: 'pdf', filterQuery: 'status=disputed', ids: ['a', 'b'] }))).toEqual({ ids: 'a,b', format: 'pdf' });
  });

  it('a story adds its filter, to the list filters or the picked ids, and replaces any stray one', () => {
    expect(query(exportUrl({ format: 'json', storyId: STORY }))).toEqual({ story: STORY, format: 'json' });
    expect(query(exportUrl({ format: 'json', filterQuery: 'status=verified&story=other', storyId: STORY }))).toEqual({
      status: 'verified',
      story: STORY,
      format: 'json',
    });
    expect(query(exportUrl({ format: 'html', ids: ['a'], storyId: STORY }))).toEqual({ ids: 'a', story: STORY, format: 'html' });
  });

  it('without a story the list export is as before: no story parameter', () => {
    expect(exportUrl({ format: 'csv', filterQuery: 'lang=bg' })).toBe('/api/export?lang=bg&format=csv');
  });

  it('what it builds is what the export route accepts', () => {
    const parsed = exportQuerySchema.parse(query(exportUrl({ format: 'claimreview', filterQuery: 'status=verified', storyId: STORY })));
    expect(parsed).toMatchObject({ format: 'claimreview', status: 'verified', story: STORY });
  });
});
