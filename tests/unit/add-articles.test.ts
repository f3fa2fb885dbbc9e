// The Add articles page's rules that are not drawing: what the browser turns
// away, what each request carries, what gets imported and how it is counted;
// and when the claims list adds an imported claim by itself.
import { describe, expect, it } from 'vitest';
import { fileProblem, foundValues, inParallel, type Item, newItem, requestBody, tally, willImport } from '../../components/add-articles/import-items';
import { languageOptions } from '../../lib/utils/languages';
import { newClaimInList } from '../../lib/utils/list-membership';
import type { ArticleImportOutcome } from '../../lib/validation/articles';

const file = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'text/plain' });

function outcome(kind: ArticleImportOutcome['outcome'], article: Partial<NonNullable<ArticleImportOutcome['article']>> = {}): ArticleImportOutcome {
  return {
    index: 0,
    name: null,
    outcome: kind,
    written: false,
    claimId: null,
    reason: null,
    message: null,
    article:
      kind === 'refused'
        ? null
        : {
            title: 'Council votes to close Eastgate swing bridge',
            language: 'en',
            languageConfidence: 0.97,
            languageFrom: 'detected',
            direction: 'ltr',
            excerpt: 'Council votes…',
            bodyLength: 1500,
            boilerplate: null,
            boilerplateLength: 0,
            outlet: null,
            byline: null,
            articleUrl: null,
            publishedAt: null,
            format: 'text/plain',
            encoding: 'utf-8',
            byteLength: 1500,
            sha256: 'ab'.repeat(32),
            ...article,
          },
    duplicateOf: null,
    nearDuplicates: [],
    nearDuplicateOf: null,
  };
}

/** An item as it stands after its preview, with what the importer chose. */
function previewed(source: Item['source'], preview: ArticleImportOutcome, choices: Partial<Item> = {}): Item {
  return {
    ...newItem(source, 'label'),
    phase: 'previewed',
    preview,
    title: preview.article?.title ?? '',
    language: preview.article?.language ?? '',
    ...foundValues(preview.article),
    ...choices,
  };
}

describe('files the browser turns away before sending', () => {
  it('accepts .txt, .md, .html and .htm in any case, up to 2 MB', () => {
    for (const name of ['a.txt', 'B.MD', 'page.html', 'old.HTM']) expect(fileProblem(file(name)), name).toBeNull();
    expect(fileProblem(file('exactly.txt', 2 * 1024 * 1024))).toBeNull();
  });

  it('names the file and says why', () => {
    expect(fileProblem(file('scan.pdf'))).toBe('scan.pdf: only .txt, .md, .html and .htm files can be added.');
    expect(fileProblem(file('txt'))).toBe('txt: only .txt, .md, .html and .htm files can be added.');
    expect(fileProblem(file('big.txt', 3 * 1024 * 1024))).toBe('big.txt: it is 3.0 MB, and files are limited to 2 MB.');
  });
});

describe('the request for each article', () => {
  it('sends a file alone, as multipart, with preview=true for a preview and nothing else', () => {
    const body = requestBody(newItem({ kind: 'file', file: file('bridge.md') }, 'bridge.md'), true);
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect([...form.keys()]).toEqual(['file', 'preview']);
    expect((form.get('file') as File).name).toBe('bridge.md');
    expect(form.get('preview')).toBe('true');
  });

  it('imports a file with the corrected title and language, and confirms a near-duplicate only when ticked', () => {
    const source = { kind: 'file' as const, file: file('bridge.md') };
    const corrected = previewed(source, outcome('near_duplicate'), { title: 'Eastgate bridge to close', language: 'cy', confirmNearDuplicate: true });
    const form = requestBody(corrected, false) as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'file'))).toEqual({
      confirmNearDuplicate: 'true',
      headline: 'Eastgate bridge to close',
      language: 'cy',
    });
    // Left as detected (or the title emptied): nothing overrides what the server derived.
    const untouched = requestBody(previewed(source, outcome('created'), { title: '  ' }), false) as FormData;
    expect([...untouched.keys()]).toEqual(['file']);
  });

  it('sends a paste as JSON with its own fields, the corrections on top', () => {
    const source = { kind: 'paste' as const, text: 'Los bomberos…', overrides: { outlet: 'Diario de la Sierra', language: 'es' } };
    expect(requestBody(newItem(source, 'Pasted'), true)).toEqual({
      preview: true,
      articles: [{ text: 'Los bomberos…', source: 'paste', overrides: { outlet: 'Diario de la Sierra', language: 'es' } }],
    });
    const item = previewed(source, outcome('created', { title: 'Incendio estabilizado', language: 'es' }), { title: 'Incendio en la sierra' });
    expect(requestBody(item, false)).toEqual({
      preview: false,
      articles: [{ text: 'Los bomberos…', source: 'paste', overrides: { outlet: 'Diario de la Sierra', language: 'es', headline: 'Incendio en la sierra' } }],
    });
  });

  it('sends an address as JSON, confirming a near-duplicate when ticked', () => {
    const item = previewed({ kind: 'url', url: 'https://example.org/a' }, outcome('near_duplicate'), { confirmNearDuplicate: true });
    expect(requestBody(item, false)).toEqual({ preview: false, articles: [{ url: 'https://example.org/a', overrides: {}, confirmNearDuplicate: true }] });
    expect(requestBody(item, true)).toEqual({ preview: true, articles: [{ url: 'https://example.org/a', overrides: {} }] });
  });
});

describe('outlet, original URL and published date, per article and for the batch', () => {
  const source = { kind: 'url' as const, url: 'https://example.org/a' };
  const batch = { outlet: 'Radio Frontera', url: 'https://radio.example/batch', publishedAt: '2019-02-23' };
  const overridesOf = (body: FormData | object) => (body as { articles: { overrides: object }[] }).articles[0]?.overrides;

  it('fills an article that has none from the batch', () => {
    expect(overridesOf(requestBody(previewed(source, outcome('created')), false, batch))).toEqual({
      outlet: 'Radio Frontera',
      url: 'https://radio.example/batch',
      publishedAt: '2019-02-23',
    });
  });

  it("keeps the article's own values, found in the page or typed in, over the batch's", () => {
    const dated = outcome('created', { outlet: 'El Diario', publishedAt: '2019-02-25T10:00:00.000Z' });
    // Found in the page and left alone: nothing to send for them; the missing URL comes from the batch.
    expect(overridesOf(requestBody(previewed(source, dated), false, batch))).toEqual({ url: 'https://radio.example/batch' });
    // Typed in on the article: sent as they are.
    const typed = previewed(source, outcome('created'), { outlet: 'Rádio Sul', publishedAt: '2019-02-24' });
    expect(overridesOf(requestBody(typed, false, batch))).toEqual({ outlet: 'Rádio Sul', url: 'https://radio.example/batch', publishedAt: '2019-02-24' });
  });

  it('sends no batch value with a preview, and none when the batch is empty', () => {
    expect(overridesOf(requestBody(previewed(source, outcome('created')), true, batch))).toEqual({});
    expect(overridesOf(requestBody(previewed(source, outcome('created')), false))).toEqual({});
  });

  it('sends the values of a file as form fields', () => {
    const form = requestBody(previewed({ kind: 'file', file: file('a.txt') }, outcome('created')), false, batch) as FormData;
    expect(form.get('publishedAt')).toBe('2019-02-23');
    expect(form.get('outlet')).toBe('Radio Frontera');
  });
});

describe('what the import step sends, and the counts', () => {
  const source = { kind: 'file' as const, file: file('a.txt') };
  const items = [
    previewed(source, outcome('created')),
    previewed(source, outcome('near_duplicate')),
    previewed(source, outcome('near_duplicate'), { confirmNearDuplicate: true }),
    previewed(source, outcome('duplicate')),
    previewed(source, outcome('refused')),
    { ...newItem(source, 'failed'), phase: 'failed' as const, error: 'Could not reach Factdesk.', failedAt: 'preview' as const },
    newItem(source, 'not previewed'),
  ];

  it('sends what would create a claim and the near-duplicates the importer confirmed, nothing else', () => {
    expect(items.map(willImport)).toEqual([true, false, true, false, false, false, false]);
  });

  it('counts the preview, then what the import did (an unsent item keeps its preview as its outcome)', () => {
    expect(tally(items, 'preview')).toEqual({ created: 1, duplicate: 1, nearDuplicate: 2, refused: 1, failed: 1 });
    const [created, skipped, confirmed, ...rest] = items;
    const imported = [
      { ...created!, phase: 'done' as const, result: { ...outcome('created'), written: true } },
      { ...skipped!, phase: 'done' as const },
      { ...confirmed!, phase: 'done' as const, result: { ...outcome('created'), written: true } },
      ...rest,
    ];
    expect(tally(imported, 'import')).toEqual({ created: 2, duplicate: 1, nearDuplicate: 1, refused: 1, failed: 1 });
  });
});

describe('requests in parallel', () => {
  it('runs every task, never more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const tasks = Array.from({ length: 8 }, (_, i) => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5 + (i % 3)));
      running--;
      done.push(i);
    });
    await inParallel(tasks, 3);
    expect(done.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });
});

describe('the languages to correct to', () => {
  it('lists every ISO 639-1 language by its English name, sorted, with a detected code of another kind added', () => {
    const options = languageOptions(['ast', 'und']);
    expect(options.find((o) => o.code === 'ar')?.name).toBe('Arabic');
    expect(options.find((o) => o.code === 'ast')?.name).toBe('Asturian');
    expect(options.some((o) => o.code === 'und')).toBe(false);
    expect(options.length).toBeGreaterThan(180);
    const names = options.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('a claim imported meanwhile, in the claims list', () => {
  const claim = { status: 'unreviewed' as const, language: 'ar', assigneeId: null, reReviewAt: null };
  const list = (query: string, firstPage = true) => ({ filters: new URLSearchParams(query), firstPage, meId: 'me' });

  it('joins the first page when the filters let it in', () => {
    for (const query of ['', 'status=unreviewed', 'lang=ar', 'assigned=none', 'status=unreviewed&lang=ar']) {
      expect(newClaimInList(claim, list(query)), query).toBe('yes');
    }
  });

  it('stays out when a filter excludes it', () => {
    for (const query of ['status=verified', 'lang=en', 'assigned=me', 'due=1']) expect(newClaimInList(claim, list(query)), query).toBe('no');
  });

  it('is left to the server for a search or a later page', () => {
    expect(newClaimInList(claim, list('q=desalination'))).toBe('unknown');
    expect(newClaimInList(claim, list('', false))).toBe('unknown');
    // …unless a filter already excludes it.
    expect(newClaimInList(claim, list('q=desalination&lang=en'))).toBe('no');
  });
});
