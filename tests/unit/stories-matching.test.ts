// Names, dates and figures compare across scripts and spellings the way story
// grouping needs (lib/stories/): what the "why" of a story is built from.
import { describe, expect, it } from 'vitest';
import { extractEvidence } from '@/lib/stories/extract-evidence';
import { toLatin } from '@/lib/stories/fold';
import { sameName } from '@/lib/stories/match-names';

const name = (text: string, language: string) => ({ text, language });
const evidence = (body: string, language: string) => extractEvidence({ id: 'x', body, language });
const keysOf = (body: string, language: string, kinds: string[]) =>
  evidence(body, language)
    .items.filter((i) => kinds.includes(i.kind))
    .map((i) => i.key);
const spansOf = (body: string, language: string) => evidence(body, language).spans.map((s) => s.surface);

describe('names across scripts', () => {
  it.each([
    ['Guaido', 'en'],
    ['Guaydo', 'en'],
    ['Гуайдо', 'bg'],
    ['Гуайдо', 'ru'],
    ['غوايدو', 'ar'],
  ])('Guaidó is %s (%s)', (written, language) => {
    expect(sameName(name('Guaidó', 'es'), name(written, language))).not.toBeNull();
  });

  it.each([
    ['Cucuta', 'en'],
    ['Кукута', 'bg'],
    ['Кукуте', 'ru'],
    ['كوكوتا', 'ar'],
  ])('Cúcuta is %s (%s)', (written, language) => {
    expect(sameName(name('Cúcuta', 'es'), name(written, language))).not.toBeNull();
  });

  it('matches transliterations exactly, spelling variants by one vowel, Arabic by its consonants', () => {
    expect(sameName(name('Maduro', 'es'), name('مادورو', 'ar'))).toBe('exact');
    expect(sameName(name('Pompeo', 'en'), name('بومبيو', 'ar'))).toBe('exact');
    expect(sameName(name('Simón Bolívar', 'es'), name('سيمون بوليفار', 'ar'))).toBe('exact');
    expect(sameName(name('Trump', 'en'), name('Тръмп', 'bg'))).toBe('fuzzy');
    expect(sameName(name('Curaçao', 'pt'), name('Кюрасао', 'bg'))).toBe('fuzzy');
    // Arabic leaves the short vowels out: فنزويلا is "fnzwyla".
    expect(sameName(name('Venezuela', 'es'), name('فنزويلا', 'ar'))).toBe('skeleton');
    expect(sameName(name('Bashir', 'en'), name('البشير', 'ar'))).toBe('skeleton');
  });

  it('reads Russian case endings and Bulgarian ъ', () => {
    expect(sameName(name('Colombia', 'es'), name('Колумбии', 'ru'))).toBe('exact');
    expect(sameName(name('Pence', 'en'), name('Пенсом', 'ru'))).toBe('exact');
    expect(sameName(name('Venezuela', 'es'), name('Венесуэлы', 'ru'))).toBe('exact');
    // Bulgarian transliteration: ъ is a vowel, щ is "sht" (the library follows Russian: "Trmp", "sch").
    expect(toLatin('Тръмп', 'bg')).toBe('tramp');
    expect(toLatin('Щерев', 'bg')).toBe('shterev');
    expect(toLatin('Щербаков', 'ru')).toBe('scherbakov');
  });

  it('reads modern Greek digraphs (ου, γκ, μπ) and β as "v"', () => {
    expect(sameName(name('Guaidó', 'es'), name('Γκουαϊδό', 'el'))).toBe('exact');
    expect(sameName(name('Cúcuta', 'es'), name('Κούκουτα', 'el'))).toBe('exact');
    expect(sameName(name('Maduro', 'es'), name('Μαδούρο', 'el'))).toBe('exact');
    expect(sameName(name('Venezuela', 'es'), name('Βενεζουέλα', 'el'))).toBe('exact');
    expect(sameName(name('Pompeo', 'en'), name('Πομπέο', 'el'))).toBe('exact');
  });

  it('keeps different names apart, however alike they sound', () => {
    expect(sameName(name('Maduro', 'es'), name('Madrid', 'es'))).toBeNull();
    expect(sameName(name('Guaidó', 'es'), name('Guterres', 'pt'))).toBeNull();
    // One consonant apart in five letters is another name, not a typo.
    expect(sameName(name('Kanaan', 'en'), name('Гаване', 'ru'))).toBeNull();
    // An Arabic verb with its prefix ("and he ended") sounds like "Juan": three letters are not enough.
    expect(sameName(name('Juan', 'es'), name('وأنهى', 'ar'))).toBeNull();
  });
});

describe('names in an article', () => {
  it('drops titles and sentence-initial capitals, keeps multi-word names whole', () => {
    const spans = spansOf('Meanwhile, President Nicolás Maduro closed the border. Defections continued near Norte de Santander.', 'en');
    expect(spans).toContain('Nicolás Maduro');
    expect(spans).toContain('Norte de Santander');
    expect(spans).not.toContain('Meanwhile');
    expect(spans).not.toContain('Defections');
    expect(spans.some((s) => s.includes('President'))).toBe(false);
  });

  it('types a name by the words around it and shows the place word with it', () => {
    const e = evidence('Quatro militares cruzaram a ponte Simón Bolívar e chegaram à cidade de Cúcuta com a AFP.', 'pt');
    expect(e.spans.find((s) => s.surface === 'ponte Simón Bolívar')).toMatchObject({ entityType: 'place', placeKind: 'bridge' });
    expect(e.spans.find((s) => s.surface === 'cidade de Cúcuta')).toMatchObject({ entityType: 'place', placeKind: 'city' });
    expect(e.spans.find((s) => s.surface === 'AFP')).toMatchObject({ entityType: 'organisation' });
  });

  it('finds no name in a Bulgarian sentence that only starts with a capital', () => {
    expect(spansOf('Дезертирането дойде след сблъсъците на границата.', 'bg')).toEqual([]);
  });

  it('takes Arabic words as candidates, never function words', () => {
    const e = evidence('قال خوان غوايدو في كوكوتا إن المساعدات ستدخل.', 'ar');
    const candidates = e.items.filter((i) => i.candidate).map((i) => i.surface);
    expect(candidates).toEqual(expect.arrayContaining(['غوايدو', 'كوكوتا']));
    expect(candidates).not.toContain('قال');
    expect(candidates).not.toContain('في');
  });

  it('gives names that each language calls by its own word one key (exonyms)', () => {
    for (const [text, language] of [
      ['the United States said', 'en'],
      ['os Estados Unidos disseram', 'pt'],
      ['заявиха от САЩ', 'bg'],
      ['заявили в США', 'ru'],
      ['قالت الولايات المتحدة', 'ar'],
    ] as const) {
      expect(keysOf(text, language, ['name']), text).toContain('n:=us');
    }
  });
});

describe('dates and figures', () => {
  it.each([
    ['They crossed on February 23, 2019.', 'en'],
    ['Cruzaram no dia 23 de fevereiro de 2019.', 'pt'],
    ['Cruzaron el 23 de febrero.', 'es'],
    ['Военните преминаха на 23 февруари.', 'bg'],
    ['Военные перешли 23 февраля.', 'ru'],
    ['عبر الجنود يوم 23 فبراير.', 'ar'],
    ['عبر الجنود يوم ٢٣ فبراير.', 'ar'],
  ])('"%s" has the day 23 February', (text, language) => {
    expect(keysOf(text, language, ['date'])).toContain('d:02-23');
  });

  it('reads weekdays in every language as one key', () => {
    for (const [text, language] of [
      ['on Saturday', 'en'],
      ['no sábado', 'pt'],
      ['в събота', 'bg'],
      ['в субботу', 'ru'],
      ['يوم السبت', 'ar'],
    ] as const) {
      expect(keysOf(text, language, ['weekday']), text).toEqual(['w:6']);
    }
  });

  it('does not take a capitalised name for a month', () => {
    expect(keysOf('Marco Rubio spoke in Rio de Janeiro.', 'en', ['date'])).toEqual([]);
    expect(spansOf('Marco Rubio spoke in Rio de Janeiro.', 'en')).toEqual(expect.arrayContaining(['Marco Rubio']));
  });

  it('reads grouped digits, decimals with a scale, percentages and Eastern Arabic digits', () => {
    expect(keysOf('Venezuela has 365,315 soldiers and 1.6 million militiamen.', 'en', ['number'])).toEqual(['#:1600000', '#:365315']);
    expect(keysOf('A Venezuela tem 365.315 soldados e 1,6 milhão de milicianos.', 'pt', ['number'])).toEqual(['#:1600000', '#:365315']);
    expect(keysOf('Венецуела има 365 315 войници.', 'bg', ['number'])).toEqual(['#:365315']);
    expect(keysOf('فر ٥٦٧ جنديا.', 'ar', ['number'])).toEqual(['#:567']);
    expect(keysOf('About 80% of the power.', 'en', ['number'])).toEqual(['%:80']);
  });

  it('keeps years apart from counts and ignores digits inside handles', () => {
    expect(keysOf('In 2019, 567 soldiers left (Twitter / @alvarezluis1999).', 'en', ['number', 'date'])).toEqual(['#:567', 'y:2019']);
  });

  it('takes figures written in words only from a reader plugged in (issue 13)', () => {
    const body = 'Four soldiers crossed.';
    expect(keysOf(body, 'en', ['number'])).toEqual([]);
    const withReader = extractEvidence({ id: 'x', body, language: 'en' }, { numberWords: () => [{ value: 4, surface: 'Four', offset: 0 }] });
    expect(withReader.items.find((i) => i.kind === 'number')).toMatchObject({ key: '#:4', surface: 'Four' });
  });

  it('reads the kind of event in any language as one key (issue 30)', () => {
    for (const [body, language] of [
      ['Un puissant séisme a frappé la région.', 'fr'],
      ['Мощное землетрясение произошло в регионе.', 'ru'],
      ['ضرب الزلزال المنطقة.', 'ar'],
      ['Bölgede büyük bir deprem meydana geldi.', 'tr'],
    ] as const) {
      expect(keysOf(body, language, ['event'])).toEqual(['k:earthquake']);
    }
  });

  it('takes a German noun after an article, a number or an adjective for a common noun, not a name (issue 30)', () => {
    const spans = spansOf('Bei einem Angriff auf die Konzerthalle Crocus City Hall starben mindestens 60 Menschen, bewaffneter Männer wegen.', 'de');
    expect(spans).toContain('Crocus City Hall');
    expect(spans.join(' ')).not.toMatch(/Konzerthalle|Menschen|Männer/u);
  });

  it('takes as evidence only counts of the event, never a tonnage or a distance (issue 30)', () => {
    const body =
      'The blast killed 137 people. The warehouse held 2750 tonnes of ammonium nitrate, 240 kilometres from the border. In 2005 another blast killed 41 people.';
    const published = new Date('2020-08-06T12:00:00Z');
    const numbers = extractEvidence({ id: 'x', body, language: 'en', publishedAt: published })
      .items.filter((i) => i.kind === 'number')
      .map((i) => i.key);
    expect(numbers).toContain('#:137');
    expect(numbers).not.toContain('#:2750');
    expect(numbers).not.toContain('#:240');
  });
});
