// Unit tests for the pure article-parsing functions, run against the real seed articles.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it, expect } from 'vitest';
import { deriveTitle, TITLE_MAX_LENGTH } from '../../lib/articles/derive-title';
import { detectLanguage } from '../../lib/articles/detect-language';
import { normalizeForSearch } from '../../lib/articles/normalize-search';
import { parseArticle } from '../../lib/articles/parse-article';
import { splitBoilerplate } from '../../lib/articles/split-boilerplate';

const SEEDS_DIR = path.join(import.meta.dirname, '../../seeds');

const SEED_FILES = {
  pt: '000_552dc560a453afa8.txt',
  en1: '001_a4564d29494e56b0.txt',
  en2: '002_d367ca68bff82dc3.txt',
  bg: '003_c796c6a1adc09b2d.txt',
  en3: '004_70e37703d5faa8e3.txt',
} as const;
const ALL_SEEDS = Object.values(SEED_FILES);

function seed(fileName: string): string {
  return fs.readFileSync(path.join(SEEDS_DIR, fileName), 'utf8');
}

function collapse(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** Asserts a shortened title is a word-boundary prefix of `source` plus "…". */
function expectShortenedFrom(title: string, source: string): void {
  expect(title.endsWith('…')).toBe(true);
  expect(title.length).toBeLessThanOrEqual(TITLE_MAX_LENGTH);
  const prefix = title.slice(0, -1);
  const original = collapse(source);
  expect(original.startsWith(prefix)).toBe(true);
  // The character right after the kept prefix must not continue a word.
  expect(original.charAt(prefix.length)).not.toMatch(/[\p{L}\p{N}]/u);
  expect(prefix).not.toMatch(/\s$/u);
}

describe('deriveTitle on the seeds', () => {
  it('000 (Portuguese) shortens the first sentence', () => {
    const text = seed(SEED_FILES.pt);
    const title = deriveTitle(text);
    expect(title.startsWith('Um balanço anterior dava conta de 23 efetivos')).toBe(true);
    expectShortenedFrom(title, text);
  });

  it('001 uses the headline line as is', () => {
    expect(deriveTitle(seed(SEED_FILES.en1))).toBe('The Colombian authorities reported that 567 Venezuelan soldiers had defected and crossed the border');
  });

  it('002 uses the headline line as is', () => {
    expect(deriveTitle(seed(SEED_FILES.en2))).toBe('Four members of the Bolivarian National Guard guarding the border between Venezuela and Colombia deserted');
  });

  it('003 (Bulgarian) shortens the long first line', () => {
    const text = seed(SEED_FILES.bg);
    const title = deriveTitle(text);
    expect(title.startsWith('Дезертирането дойде, когато Хуан Гуайдо')).toBe(true);
    expectShortenedFrom(title, text);
  });

  it('004 shortens the first sentence', () => {
    const text = seed(SEED_FILES.en3);
    const title = deriveTitle(text);
    expect(title.startsWith('More than one hundred Venezuelan soldiers have defected to Colombia,')).toBe(true);
    expectShortenedFrom(title, text);
  });
});

describe('deriveTitle edge cases', () => {
  it('keeps a short single line without punctuation whole', () => {
    expect(deriveTitle('Maduro closes the border')).toBe('Maduro closes the border');
  });

  it('drops the final period of a single short sentence', () => {
    expect(deriveTitle('Maduro closes the border.\n')).toBe('Maduro closes the border');
  });

  it('takes a headline-like first line followed by paragraphs', () => {
    expect(deriveTitle('\n  Border   closed\u00a0again\n\nMaduro closed the border. Again.')).toBe('Border closed again');
  });

  it('does not take a first line ending in ":" as a headline', () => {
    expect(deriveTitle('Here is what we know:\n\nThe border is closed.')).toBe('Here is what we know');
  });

  it('shortens a long line without any punctuation at a word boundary', () => {
    const text = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const title = deriveTitle(text);
    expectShortenedFrom(title, text);
  });

  it('hard-cuts a single word longer than the limit, as there is no boundary', () => {
    const title = deriveTitle('x'.repeat(300));
    expect(title).toBe(`${'x'.repeat(TITLE_MAX_LENGTH - 1)}…`);
  });

  it('returns an empty string for whitespace-only or wordless text', () => {
    expect(deriveTitle('')).toBe('');
    expect(deriveTitle('  \n\t\n \u00a0 ')).toBe('');
    expect(deriveTitle('***\n---')).toBe('');
  });

  it('does not end sentences at abbreviations, initials, acronyms or decimals', () => {
    expect(deriveTitle('Mr. Smith went to Washington. He left.')).toBe('Mr. Smith went to Washington');
    expect(deriveTitle('Sgt. E. Linarez defected on Saturday. Others followed.')).toBe('Sgt. E. Linarez defected on Saturday');
    expect(deriveTitle('The U.S. President spoke on Sunday. Maduro replied.')).toBe('The U.S. President spoke on Sunday');
    expect(deriveTitle('Venezuela has 1.6 million militiamen. Maduro counts on them.')).toBe('Venezuela has 1.6 million militiamen');
  });

  it('does not end sentences inside quotes that the sentence continues past', () => {
    expect(deriveTitle('"They are with us!" people shouted at the bridge. Then it rained.')).toBe('"They are with us!" people shouted at the bridge');
    expect(deriveTitle('„Колко от вас имат болна майка?“ каза той. После си тръгна.')).toBe('„Колко от вас имат болна майка?“ каза той');
  });

  it('ends a sentence after a closing quote', () => {
    expect(deriveTitle('He said "we will win." Then he left.')).toBe('He said "we will win."');
  });
});

describe('detectLanguage', () => {
  it.each([
    [SEED_FILES.pt, 'pt'],
    [SEED_FILES.en1, 'en'],
    [SEED_FILES.en2, 'en'],
    [SEED_FILES.bg, 'bg'],
    [SEED_FILES.en3, 'en'],
  ])('detects %s as %s, confidently', (fileName, expected) => {
    expect(detectLanguage(splitBoilerplate(seed(fileName)).body)).toEqual({ language: expected, confidence: 1 });
  });

  it('returns "und" with no confidence for text too short to judge', () => {
    for (const text of ['', 'Hola', 'OK', 'COVID-19', '23/02/2019', 'https://example.org/news/123']) {
      expect(detectLanguage(text), text).toEqual({ language: 'und', confidence: 0 });
    }
  });

  // The nine-language restriction turned these into "und" (issue 11).
  it.each([
    ['zh', '这是一个中文句子，用来测试语言检测是否会返回未知。'],
    ['ar', 'قالت السلطات الكولومبية إن 567 جنديا فنزويليا انشقوا وعبروا الحدود.'],
    ['he', 'ארבעה חיילים ביקשו מקלט בקולומביה.'],
    ['fa', 'چهار نظامی درخواست پناهندگی کردند.'],
    ['ja', '兵士4人が保護を求めました。'],
    ['tr', 'Dört asker sınırı geçerek sığınma talebinde bulundu.'],
  ])('names %s instead of "und"', (language, text) => {
    expect(detectLanguage(text).language).toBe(language);
  });

  it('tells Bulgarian from Russian and Portuguese from Spanish in one-line headlines', () => {
    expect(detectLanguage('Гуайдо се обяви за временен президент').language).toBe('bg');
    expect(detectLanguage('Гуайдо объявил себя временным президентом').language).toBe('ru');
    expect(detectLanguage('Militares venezuelanos cruzam a fronteira').language).toBe('pt');
    expect(detectLanguage('Militares venezolanos cruzan la frontera').language).toBe('es');
  });

  it('is less sure of a headline than of a paragraph', () => {
    const headline = detectLanguage('Стачка на лекарите');
    const paragraph = detectLanguage(splitBoilerplate(seed(SEED_FILES.bg)).body);
    expect(headline.language).toBe('bg');
    expect(headline.confidence).toBeLessThan(paragraph.confidence);
  });
});

describe('splitBoilerplate', () => {
  const HEADLINES_004 = [
    'Lay KPMG audit report on SML-GRA contract before Parliament – Isaac Adongo tells...',
    'Supervisor remanded for stabbing businessman with broken bottle and screwdriver',
    'NDC watching EC and NPP closely on Returning Officer recruitment — Omane Boamah',
    'Your decision to contest for president again is pathetic – Annoh-Dompreh blasts ...',
    'Election 2024: Security agencies ready to keep peace and secure the country — IG...',
    'People no longer place value in public basic schools; new uniforms, painting wil...',
    "'Comedian' Paul Adom Otchere needs help – Sulemana Braimah",
    'Ejisu by-election: Only 33% of voters can be swayed by inducement — Global InfoA...',
    'Minority will expose the beneficial owners of SML, recover funds paid to company...',
    'Prof. Opoku-Agyemang has ‘decapitated’ the NPP’s strategies; don’t take them ser...',
  ];

  it('splits the trailing Ghanaian headlines off 004', () => {
    const text = seed(SEED_FILES.en3);
    const { body, boilerplate } = splitBoilerplate(text);

    expect(boilerplate).not.toBeNull();
    expect(boilerplate?.startsWith('Lay KPMG audit report')).toBe(true);
    for (const line of HEADLINES_004) expect(boilerplate).toContain(line);
    expect(boilerplate?.trimEnd().split('\n')).toHaveLength(10);

    expect(body.trimEnd().endsWith('blaming the border violence on armed loyalists known as "colectivos."')).toBe(true);
    // The "Days numbered" subheading sits mid-article and stays in the body.
    expect(body).toContain('\nDays numbered\n');
    expect(body + (boilerplate ?? '')).toBe(text);
  });

  it('reconstructs 004 exactly with CRLF line endings too', () => {
    const text = seed(SEED_FILES.en3).replace(/\n/gu, '\r\n');
    const { body, boilerplate } = splitBoilerplate(text);
    expect(boilerplate?.startsWith('Lay KPMG audit report')).toBe(true);
    expect(body + (boilerplate ?? '')).toBe(text);
  });

  it.each([SEED_FILES.pt, SEED_FILES.en1, SEED_FILES.en2, SEED_FILES.bg])('finds none in %s', (fileName) => {
    const text = seed(fileName);
    expect(splitBoilerplate(text)).toEqual({ body: text, boilerplate: null });
  });

  it('keeps the translator credit at the end of 003 in the body', () => {
    expect(splitBoilerplate(seed(SEED_FILES.bg)).body.trimEnd().endsWith('Превод и редакция: Калоян Пенков')).toBe(true);
  });

  const ARTICLE =
    'The city council approved the new budget for schools and hospitals on Monday.\n' +
    'The mayor said the budget would fund more teachers and nurses across the city.\n' +
    'Opposition councillors argued that the hospitals plan was underfunded.\n';

  it('does not flag a two-line short tail', () => {
    const text = `${ARTICLE}Reporting by Jane Smith\nEditing by Paul Jones\n`;
    expect(splitBoilerplate(text).boilerplate).toBeNull();
  });

  it('does not flag short closing lines that talk about the article', () => {
    const text = `${ARTICLE}Budget approved for schools\nHospitals plan underfunded, councillors say\nMayor promises teachers and nurses\n`;
    expect(splitBoilerplate(text).boilerplate).toBeNull();
  });

  it('flags three unrelated headlines even without truncation marks', () => {
    const tail = 'Storm batters northern coast overnight\nFootball league announces new season dates\nPrice of cocoa reaches record high\n';
    const { body, boilerplate } = splitBoilerplate(`${ARTICLE}${tail}`);
    expect(body).toBe(ARTICLE);
    expect(boilerplate).toBe(tail);
  });

  it('leaves an article made only of short lines alone', () => {
    const text = 'One\nTwo\nThree\nFour\n';
    expect(splitBoilerplate(text)).toEqual({ body: text, boilerplate: null });
  });
});

describe('normalizeForSearch', () => {
  it('strips diacritics and lowercases', () => {
    expect(normalizeForSearch('Colômbia')).toBe('colombia');
    expect(normalizeForSearch('Simón Bolívar')).toBe('simon bolivar');
    expect(normalizeForSearch('Migração')).toBe('migracao');
  });

  it('lowercases Cyrillic', () => {
    expect(normalizeForSearch('МАДУРО')).toBe('мадуро');
  });

  it('folds Cyrillic letters with diacritics the same way on both sides', () => {
    expect(normalizeForSearch('ГУАЙДО')).toBe(normalizeForSearch('Гуайдо'));
  });

  it('collapses whitespace including non-breaking and zero-width characters', () => {
    expect(normalizeForSearch('  conta de\u00a0 23\n\tefetivos\u200b ')).toBe('conta de 23 efetivos');
  });

  it('is idempotent and lets a query find the seed text', () => {
    const column = normalizeForSearch(seed(SEED_FILES.pt));
    expect(normalizeForSearch(column)).toBe(column);
    expect(column).toContain(normalizeForSearch('COLOMBIA'));
    expect(normalizeForSearch(seed(SEED_FILES.bg))).toContain(normalizeForSearch('МАДУРО'));
  });
});

describe('parseArticle', () => {
  it('derives every field for 004', () => {
    const raw = seed(SEED_FILES.en3);
    const article = parseArticle(SEED_FILES.en3, raw);

    expect(article.sourceKey).toBe('004_70e37703d5faa8e3');
    expect(article.language).toBe('en');
    expect(article.title.startsWith('More than one hundred Venezuelan soldiers')).toBe(true);
    expect(article.boilerplate?.startsWith('Lay KPMG audit report')).toBe(true);
    expect(article.body + (article.boilerplate ?? '')).toBe(raw);
    expect(article.contentHash).toBe(createHash('sha256').update(raw, 'utf8').digest('hex'));
  });

  it.each(ALL_SEEDS)('keeps %s intact and hashes it stably', (fileName) => {
    const raw = seed(fileName);
    const first = parseArticle(fileName, raw);
    const second = parseArticle(fileName, raw);

    expect(first.body + (first.boilerplate ?? '')).toBe(raw);
    expect(first.contentHash).toMatch(/^[0-9a-f]{64}$/u);
    expect(second).toEqual(first);
    expect(parseArticle(fileName, `${raw} `).contentHash).not.toBe(first.contentHash);
  });

  it('keeps dots inside the source key', () => {
    expect(parseArticle('a.b-c_1.txt', 'Some text here.').sourceKey).toBe('a.b-c_1');
  });

  it.each(['bad name.txt', '../x.txt', 'dir/x.txt', 'x.md', 'x.txt.bak', '.hidden.txt', '.txt', ''])('rejects the file name %j', (fileName) => {
    expect(() => parseArticle(fileName, 'Some text here.')).toThrow(/Invalid article file name/u);
  });

  it('rejects empty or whitespace-only text', () => {
    expect(() => parseArticle('x.txt', '')).toThrow('Article file "x.txt" is empty');
    expect(() => parseArticle('x.txt', ' \n\t\n')).toThrow(/is empty/u);
  });
});
