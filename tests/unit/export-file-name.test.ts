// Export file names say what the file holds and when: a folder of reports reads by itself.
import { describe, expect, it } from 'vitest';
import { create as contentDisposition, parse } from 'content-disposition';
import { exportFileName, slugOf } from '../../lib/exports/export-file-name';
import { exportQuerySchema } from '../../lib/validation/export';

const now = new Date('2026-12-05T23:30:00Z');
const name = (q: Record<string, string>, storyTitle: string | null = null) => exportFileName({ query: exportQuerySchema.parse(q), storyTitle, now });

describe('exportFileName', () => {
  it('names a story by its title, in its own script', () => {
    expect(name({ format: 'pdf', story: '6f1c1b0e-8a44-4b7a-9c55-0d7f6e2b1a10' }, 'Cúcuta, Colombia, ponte Simón Bolívar — 23 de febrero')).toBe(
      'factdesk-verdicts-cúcuta-colombia-ponte-simón-bolívar-23-de-febrero-2026-12-05.pdf',
    );
    expect(name({ format: 'html', story: '6f1c1b0e-8a44-4b7a-9c55-0d7f6e2b1a10' }, 'Дезертьори на границата')).toBe(
      'factdesk-verdicts-дезертьори-на-границата-2026-12-05.html',
    );
  });

  it('names a filtered selection by its filters, and a hand-picked one by its size', () => {
    expect(name({ format: 'csv', status: 'disputed', lang: 'bg', q: 'Guaidó amnesty' })).toBe('factdesk-verdicts-disputed-bg-guaidó-amnesty-2026-12-05.csv');
    expect(name({ format: 'figures-csv', assigned: 'me', due: '1' })).toBe('factdesk-figures-assigned-to-me-re-review-due-2026-12-05.csv');
    expect(name({ format: 'json', ids: '6f1c1b0e-8a44-4b7a-9c55-0d7f6e2b1a10,7f1c1b0e-8a44-4b7a-9c55-0d7f6e2b1a10' })).toBe(
      'factdesk-verdicts-2-selected-2026-12-05.json',
    );
    expect(name({ format: 'claimreview' })).toBe('factdesk-verdicts-all-2026-12-05.jsonld');
  });

  it('keeps a long title to whole words, and nothing a file system or a header refuses', () => {
    const slug = slugOf(`${'Very long story title about the border '.repeat(5)}"/\\:*?<>|`);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).toMatch(/^[\p{L}\p{N}]+(-[\p{L}\p{N}]+)*$/u);
    // Sent as RFC 6266 filename* with an ASCII fallback, it reads back as written.
    const header = contentDisposition('factdesk-verdicts-дезертьори-2026-12-05.pdf');
    expect(parse(header).parameters.filename).toBe('factdesk-verdicts-дезертьори-2026-12-05.pdf');
  });
});
