// The clause a figure's ClaimReview quotes (lib/exports/figure-clause.ts):
// at most 75 characters, the figure whole, cut only between words.
import { describe, expect, it } from 'vitest';
import { CLAIM_REVIEWED_MAX, figureClause } from '../../lib/exports/figure-clause';

type Case = { lang: string; sentence: string; span: string; counted?: string; expect?: string; contains?: string[] };

const CASES: Case[] = [
  {
    lang: 'en',
    sentence:
      'Colombian immigration authorities reported Thursday that 567 members of the Venezuelan armed forces defected and went to Colombian territory, after the attacks that took place last weekend, as thousands of volunteers tried to send humanitarian aid to Venezuela.',
    span: '567',
    counted: 'members of the Venezuelan armed forces',
    contains: ['567 members of the Venezuelan armed forces defected'],
  },
  {
    lang: 'en',
    sentence: '"In the last few hours, 156 Venezuelan soldiers have deserted and promised to support the interim government of Guaidó.',
    span: '156',
    counted: 'soldiers',
    contains: ['156 Venezuelan soldiers have deserted'],
  },
  {
    lang: 'en',
    sentence:
      "More than one hundred Venezuelan soldiers have defected to Colombia, whilst two of them have sought refuge in Brazil, Bogoto and Rio De Janeiro's migration services said Sunday.",
    span: 'More than one hundred',
    counted: 'soldiers',
    expect: 'More than one hundred Venezuelan soldiers have defected to Colombia…',
  },
  {
    lang: 'en',
    sentence: 'Four members of the Bolivarian National Guard deserted.',
    span: 'Four',
    counted: 'members',
    expect: 'Four members of the Bolivarian National Guard deserted.',
  },
  {
    lang: 'pt',
    sentence:
      'No entanto, durante a noite, o gabinete  de Migração da Colômbia atualizou esta cifra, ao informar que "60 membros das diferentes Forças Armadas da Venezuela (que) fugiram da ditadura de Maduro por Norte de Santander e Arauca, durante o dia de hoje", segundo comunicado.',
    span: '60',
    counted: 'membros',
    contains: ['60 membros das diferentes Forças Armadas'],
  },
  {
    lang: 'pt',
    sentence:
      'A Migração da Colômbia informou que entre os desertores há 20 militares e três polícias, sendo que um dos homens se apresentou como o major Hugo Parra.',
    span: 'três',
    counted: 'polícias',
    contains: ['três polícias'],
  },
  {
    lang: 'bg',
    sentence: 'Около 104 войници са избягали през границата в Колумбия, според CNN en Español и AFP.',
    span: 'Около 104',
    counted: 'войници',
    contains: ['Около 104 войници са избягали през границата в Колумбия'],
  },
  {
    lang: 'bg',
    sentence:
      'В събота най-малко двама души бяха убити близо до бразилската граница, а 300 бяха ранени в отделен сблъсък на границата с Колумбия, след като цивилни граждани воюваха с войски, верни на президента.',
    span: '300',
    contains: ['300 бяха ранени'],
  },
  {
    lang: 'ar',
    sentence:
      'قالت سلطات الهجرة الكولومبية يوم الخميس إن 567 عسكريا فنزويليا انشقوا وعبروا إلى الأراضي الكولومبية، بعد الهجمات التي وقعت نهاية الأسبوع الماضي، بينما حاول آلاف المتطوعين إرسال المساعدات.',
    span: '567',
    counted: 'عسكريا',
    contains: ['567 عسكريا فنزويليا انشقوا'],
  },
  {
    lang: 'ar',
    sentence:
      'وقال السيناتور ماركو روبيو على تويتر إن نحو مائة وستة وخمسين جنديا فنزويليا انشقوا في الساعات الأخيرة ووعدوا بدعم الحكومة المؤقتة التي يقودها غوايدو.',
    span: 'نحو مائة وستة وخمسين',
    counted: 'جنديا',
    contains: ['نحو مائة وستة وخمسين جنديا'],
  },
];

const words = (s: string) => s.replace(/…/gu, ' ').split(/\s+/u).filter(Boolean);

describe('figureClause', () => {
  it.each(CASES)('$lang: "$span" → at most 75 characters, the figure whole, whole words only', (c) => {
    const spanStart = c.sentence.indexOf(c.span);
    expect(spanStart).toBeGreaterThanOrEqual(0);
    const clause = figureClause({ sentence: c.sentence, spanStart, spanEnd: spanStart + c.span.length, countedText: c.counted });
    expect(Array.from(clause).length).toBeLessThanOrEqual(CLAIM_REVIEWED_MAX);
    expect(clause).toContain(c.span);
    if (c.counted) expect(clause).toContain(c.counted);
    if (c.expect) expect(clause).toBe(c.expect);
    for (const part of c.contains ?? []) expect(clause).toContain(part);
    // Every word quoted is a whole word of the sentence (edge punctuation aside).
    const sentenceWords = new Set(words(c.sentence).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')));
    for (const w of words(clause)) expect(sentenceWords).toContain(w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''));
    // "…" exactly where the sentence was cut.
    const full = words(c.sentence).join(' ');
    if (clause !== full) expect(clause).toMatch(/…/u);
    expect(clause.startsWith('…')).toBe(!full.startsWith(words(clause)[0]!));
  });

  it('quotes a short sentence whole', () => {
    const sentence = 'Около 104 войници са избягали.';
    expect(figureClause({ sentence, spanStart: 0, spanEnd: 9, countedText: 'войници' })).toBe(sentence);
  });

  it('never cuts a word: a sentence without any boundary is cut between words around the figure', () => {
    const sentence = `${'Lorem ipsum dolor sit amet consectetur '.repeat(3)}exactly 567 soldiers crossed ${'adipiscing elit sed do eiusmod tempor '.repeat(3)}`;
    const spanStart = sentence.indexOf('567');
    const clause = figureClause({ sentence, spanStart, spanEnd: spanStart + 3, countedText: 'soldiers' });
    expect(Array.from(clause).length).toBeLessThanOrEqual(75);
    expect(clause).toMatch(/^….*567 soldiers crossed.*…$/u);
    for (const w of words(clause)) expect(sentence.split(/\s+/u)).toContain(w);
  });

  it('keeps a span of several words whole even when boundaries fall inside it', () => {
    const sentence = `${'x '.repeat(40)}between 50 and 60 soldiers, ${'y '.repeat(40)}`;
    const spanStart = sentence.indexOf('between');
    const span = 'between 50 and 60';
    const clause = figureClause({ sentence, spanStart, spanEnd: spanStart + span.length, countedText: 'soldiers' });
    expect(clause).toContain('between 50 and 60 soldiers');
    expect(Array.from(clause).length).toBeLessThanOrEqual(75);
  });

  it('measures in characters, not bytes: 75 Cyrillic letters fit', () => {
    const sentence = `${'д'.repeat(30)} 104 ${'ж'.repeat(40)}`;
    expect(Array.from(sentence).length).toBe(75);
    expect(figureClause({ sentence, spanStart: 31, spanEnd: 34 })).toBe(sentence);
  });
});
