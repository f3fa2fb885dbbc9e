// HTML extraction over saved page shapes (tests/fixtures/pages/): the article's
// paragraphs without the page furniture, and the page's own metadata.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeBytes } from '../../lib/articles/decode-bytes';
import { MAX_HTML_DEPTH, MAX_HTML_ELEMENTS, blockText, extractHtml } from '../../lib/articles/extract-html';
import { AppError } from '../../lib/errors';
import { parseHTML } from 'linkedom';

const page = (name: string) => readFileSync(path.join(import.meta.dirname, '../fixtures/pages', `${name}.html`), 'utf8');
const paragraphs = (text: string) => text.trimEnd().split('\n\n');

describe('extractHtml', () => {
  it('reads a news article with JSON-LD: headline, authors, date, language, outlet, canonical URL', () => {
    const result = extractHtml(page('news-jsonld'));
    expect(result).toMatchObject({
      headline: 'Venezuelan soldiers cross into Colombia as aid stand-off drags on',
      byline: 'Maria Alvarez, Tom Hughes',
      publishedAt: new Date('2019-02-24T18:32:00Z'),
      language: 'en',
      outlet: 'The Daily Ledger',
      url: 'https://ledger.example/world/2019/02/24/venezuelan-soldiers-cross-into-colombia',
    });
    const ps = paragraphs(result.text);
    expect(ps).toHaveLength(6);
    expect(ps[0]).toMatch(/^At least 60 members of Venezuela's security forces crossed into Colombia/);
    expect(ps[2]).toBe(
      "“We have received them, we are looking after them and we will keep doing so,” the agency's director told reporters at the Simón Bolívar bridge, which the Venezuelan government closed on Friday.",
    );
    expect(result.text.endsWith('restraint.\n')).toBe(true);
    for (const furniture of ['Related stories', 'Oil prices', 'Business', 'Terms', '__tracking', 'changed by a script']) {
      expect(result.text).not.toContain(furniture);
    }
  });

  it('reads an OpenGraph-only page: og:title, og:site_name, og:locale, article:published_time', () => {
    const result = extractHtml(page('opengraph-only'));
    expect(result).toMatchObject({
      headline: 'Militares venezuelanos pedem refúgio na Colômbia',
      byline: 'Redação',
      publishedAt: new Date('2019-02-25T00:05:00Z'),
      language: 'pt',
      outlet: 'Jornal do Vale',
      url: 'https://jornaldovale.example/mundo/militares-venezuelanos-pedem-refugio',
    });
    expect(paragraphs(result.text)).toHaveLength(4);
    expect(result.text).not.toMatch(/Esportes|Todos os direitos/);
  });

  it('leaves out menus, breadcrumbs, share buttons, related links, comments and the footer', () => {
    const result = extractHtml(page('nav-footer-related'));
    expect(result.headline).toBe('La ONU pide contención tras los choques en la frontera venezolana');
    expect(result.language).toBe('es');
    expect(result.byline).toBeNull();
    expect(result.publishedAt).toBeNull();
    const ps = paragraphs(result.text);
    expect(ps).toHaveLength(4);
    expect(ps[0]).toMatch(/^El secretario general de las Naciones Unidas se declaró este domingo «conmocionado»/);
    for (const furniture of [
      'Portada',
      'Suscríbete',
      'Inicio',
      'WhatsApp',
      'Te puede interesar',
      'Real Madrid',
      'Comentarios',
      'Inicia sesión',
      'Aviso legal',
      'Diario del Sur',
    ]) {
      expect(result.text).not.toContain(furniture);
    }
  });

  it('reads a windows-1251 page declared in its <meta>, after decoding', () => {
    const bytes = new Uint8Array(iconv.encode(page('windows-1251'), 'windows-1251'));
    const decoded = decodeBytes(bytes, { html: true });
    expect(decoded).toMatchObject({ encoding: 'windows-1251', from: 'declared' });
    const result = extractHtml(decoded.text);
    expect(result).toMatchObject({
      headline: 'Над 100 венецуелски военни са дезертирали в Колумбия',
      byline: 'Иван Петров',
      publishedAt: new Date('2019-02-25T00:00:00Z'),
      language: 'bg',
      outlet: 'Новини Днес',
    });
    expect(paragraphs(result.text)).toHaveLength(4);
    expect(result.text).toContain('е „шокиран“ от насилието');
  });

  it('reads a right-to-left Arabic page: direction, language and author', () => {
    const result = extractHtml(page('arabic-rtl'));
    expect(result).toMatchObject({ direction: 'rtl', language: 'ar', byline: 'سارة الخطيب', outlet: 'الأخبار اليوم' });
    expect(result.headline).toBe('انشقاق عشرات الجنود الفنزويليين وعبورهم إلى كولومبيا');
    expect(result.text).toContain('أعلنت سلطات الهجرة في كولومبيا يوم الأحد');
    expect(result.text).not.toMatch(/الرئيسية|جميع الحقوق/);
  });

  it('never runs anything from the page', () => {
    const marker = globalThis as { __factdeskPwned?: boolean };
    const hostile = `<!doctype html><html><head><script>globalThis.__factdeskPwned = true</script>
      <script type="application/ld+json">{"@type":"NewsArticle","headline":"</scr"+"ipt><script>globalThis.__factdeskPwned=true</script>"}</script></head>
      <body onload="globalThis.__factdeskPwned = true"><article><h1>Title</h1>
      <p>An article paragraph long enough to be read as the article, about soldiers crossing a bridge at dawn.</p>
      <img src="x" onerror="globalThis.__factdeskPwned = true"><iframe src="javascript:globalThis.__factdeskPwned=true"></iframe>
      <p>A second paragraph, with <a href="javascript:globalThis.__factdeskPwned=true">a link</a> in it.</p></article></body></html>`;
    const result = extractHtml(hostile);
    expect(marker.__factdeskPwned).toBeUndefined();
    expect(result.text).toContain('a link in it.');
    expect(result.text).not.toContain('__factdeskPwned');
  });

  it('falls back to the page body, without its furniture, when Readability finds no article', () => {
    const result = extractHtml('<html><body><nav><a href="/">Home</a></nav><p>Four soldiers crossed the bridge.</p><footer>© 2019</footer></body></html>');
    expect(result.text).toBe('Four soldiers crossed the bridge.\n');
  });

  it('refuses a page with no article text in one sentence', () => {
    const attempt = () => extractHtml('<html><head><title>Home</title></head><body><nav><a href="/">Home</a></nav><script>x()</script></body></html>');
    expect(attempt).toThrow(AppError);
    expect(attempt).toThrow('No article text was found in the page.');
  });
});

describe('blockText', () => {
  it('keeps paragraphs, list items and line breaks; collapses other whitespace like a browser', () => {
    const { document } = parseHTML(`<div><h2>Figures</h2><p>One   paragraph
      over two lines.</p><ul><li>567 soldiers</li><li>60 members</li></ul><p>Line one<br>Line two</p><pre>a  b
c</pre><p>Non\u00a0breaking</p></div>`);
    expect(blockText(document.querySelector('div')!)).toBe(
      'Figures\n\nOne paragraph over two lines.\n\n567 soldiers\n\n60 members\n\nLine one\nLine two\n\na b\nc\n\nNon\u00a0breaking\n',
    );
  });
});

// Issue 29, finding 1: a page built to be costly is refused in one sentence
// before Readability reads it, and nothing walks the tree by recursion.
describe('pages too costly to read', () => {
  const nested = (tag: string, depth: number) =>
    `<html><body>${`<${tag}>`.repeat(depth)}Soldiers crossed the bridge at dawn, the ministry said.${`</${tag}>`.repeat(depth)}</body></html>`;

  it('refuses 20,000 nested <b> (a stack overflow and a 500 before) with one sentence naming the bound', () => {
    const attempt = () => extractHtml(nested('b', 20_000));
    expect(attempt).toThrow(AppError);
    expect(attempt).toThrow(`This page is nested too deeply to read: over ${MAX_HTML_DEPTH} levels.`);
  });

  it('refuses a page at the bound, and reads one nested 100 levels deep', () => {
    expect(() => extractHtml(nested('div', MAX_HTML_DEPTH))).toThrow('nested too deeply');
    expect(extractHtml(nested('div', 100)).text).toBe('Soldiers crossed the bridge at dawn, the ministry said.\n');
  });

  it('refuses a page with more elements than the bound', () => {
    const flat = `<html><body>${'<p>Soldiers crossed the bridge.</p>'.repeat(MAX_HTML_ELEMENTS)}</body></html>`;
    expect(() => extractHtml(flat)).toThrow(`This page has too many elements to read: over ${MAX_HTML_ELEMENTS.toLocaleString('en')}.`);
  });

  it('blockText reads a tree 50,000 levels deep without overflowing the stack', () => {
    const { document } = parseHTML('<html><body><div id="top"></div></body></html>');
    let node = document.getElementById('top')!;
    for (let i = 0; i < 50_000; i++) node = node.appendChild(document.createElement(i % 2 ? 'span' : 'b'));
    node.appendChild(document.createTextNode('The deepest words.'));
    expect(blockText(document.getElementById('top')!)).toBe('The deepest words.\n');
  });
});

describe('dates from a page without date metadata', () => {
  it("reads the article's <time datetime> when no meta or JSON-LD gives a date", () => {
    const html = `<!doctype html><html lang="fr"><head><title>x</title><meta property="og:site_name" content="Le Quotidien"></head><body>
      <header><nav><a href="/">Accueil</a></nav></header>
      <article><h1>La police disperse une manifestation devant le ministère</h1>
      <p>Publié le <time datetime="2024-01-12T09:30:00+01:00">12 janvier 2024</time></p>
      <p>La police a dispersé vendredi une manifestation devant le ministère de l'Intérieur, a constaté un journaliste de l'AFP sur place.</p>
      <p>Une douzaine de personnes ont été interpellées, selon la préfecture, qui n'a pas donné d'autre précision sur leur identité.</p>
      <p>Les manifestants protestaient contre la réforme des retraites présentée la semaine dernière par le gouvernement.</p>
      </article></body></html>`;
    const result = extractHtml(html);
    expect(result.publishedAt).toEqual(new Date('2024-01-12T08:30:00Z'));
    expect(result.outlet).toBe('Le Quotidien');
  });
});
