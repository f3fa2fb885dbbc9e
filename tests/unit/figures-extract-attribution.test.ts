// Who says a figure and when: attribution as written with source and relayedBy, time text and its day.
import { describe, expect, it } from 'vitest';
import { figures } from './figures-extract-support';

const first = (text: string, language: string, publishedAt?: string) => {
  const f = figures(text, language, publishedAt)[0];
  if (!f) throw new Error(`no figure in ${JSON.stringify(text)}`);
  return f;
};

describe('attribution', () => {
  it.each([
    ['en', '567 soldiers defected, according to Migración Colombia.', 'Migración Colombia', null],
    ['en', 'Colombian immigration authorities reported that 567 soldiers defected.', 'Colombian immigration authorities', null],
    ['en', 'At least 2,946 people were killed, the interior ministry said.', 'interior ministry', null],
    ['pt', 'Morreram 38 pessoas, segundo a Proteção Civil.', 'Proteção Civil', null],
    ['pt', '80.340 pessoas deixaram as casas, informou a Defesa Civil na terça-feira.', 'Defesa Civil', null],
    ['es', 'Entre 2.000 y 3.000 migrantes cruzan cada día, según Médicos Sin Fronteras.', 'Médicos Sin Fronteras', null],
    ['es', 'Cuatro militares desertaron, informó Migración Colombia.', 'Migración Colombia', null],
    ['bg', 'Най-малко 12 души загинаха, съобщи Министерството на вътрешните работи.', 'Министерството на вътрешните работи', null],
    ['bg', 'Около 104 войници са избягали, според CNN en Español и AFP.', null, 'CNN en Español и AFP'],
    ['ar', 'قُتل تسعة مدنيين، بحسب وزارة الصحة في غزة.', 'وزارة الصحة في غزة', null],
  ])('%s: %s', (language, text, source, relayedBy) => {
    const f = first(text, language);
    if (source !== null) expect(f.source).toBe(source);
    expect(f.relayedBy).toBe(relayedBy);
    expect(f.attribution === null || text.includes(f.attribution)).toBe(true);
  });

  it('separates the source from the outlet that relays it', () => {
    const text = 'Two soldiers defected, Feres Kanaan told AFP.';
    const f = first(text, 'en');
    expect(f.source).toBe('Feres Kanaan');
    expect(f.relayedBy).toBe('AFP');
  });

  it('follows a quotation over sentences to its speaker, and a pronoun to the name before it', () => {
    const text =
      'Republican Senator Marco Rubio echoed this. "In the last few hours, 156 soldiers have deserted. In the last five days, 567 have left the regime," he said on his Twitter account.';
    const [a, b] = figures(text, 'en', '2019-02-24');
    expect(a?.source).toBe('Marco Rubio');
    expect(b?.source).toBe('Marco Rubio');
    expect(b?.attribution).toBe('he said on his Twitter account');
  });

  it('gives each figure the attribution nearest it when a sentence has two', () => {
    const text = 'Cerca de 300 mil pessoas participaram na manifestação, segundo os organizadores, enquanto a polícia contou 80 mil.';
    expect(figures(text, 'pt').map((f) => f.source)).toEqual(['organizadores', 'polícia']);
  });

  it('reads the Arabic preposition’s lam off the name', () => {
    expect(first('قُتل 15 شخصاً، وفقاً لوزارة الصحة.', 'ar').source).toBe('وزارة الصحة');
    expect(first('ارتفع التضخم إلى 3.5%، وفقاً للجهاز المركزي للإحصاء.', 'ar').source).toBe('الجهاز المركزي للإحصاء');
  });

  it('does not lend one sentence’s source to the next', () => {
    const text = 'Police detained 12, the ministry said. Israel mobilised 360,000 reservists.';
    expect(figures(text, 'en').map((f) => f.source)).toEqual(['ministry', null]);
  });
});

describe('time', () => {
  it.each([
    ['en', 'Officials reported Thursday that 567 soldiers defected.', '2019-02-24', 'Thursday', '2019-02-21'],
    ['en', '23 soldiers defected on Saturday.', '2019-02-24', 'on Saturday', '2019-02-23'],
    ['en', '23 soldiers defected on Sunday.', '2019-02-24', 'on Sunday', '2019-02-24'],
    ['en', '23 soldiers defected yesterday.', '2019-02-24', 'yesterday', '2019-02-23'],
    ['en', 'In the last few hours, 156 soldiers have deserted.', '2019-02-24', 'In the last few hours', '2019-02-24'],
    ['en', 'In the last five days, 567 soldiers have deserted.', '2019-02-24', 'In the last five days', null],
    ['en', 'Four soldiers deserted during the night.', '2019-02-24', 'during the night', null],
    ['pt', 'Quatro militares desertaram no sábado.', '2019-02-24', 'no sábado', '2019-02-23'],
    ['pt', 'Morreram 38 pessoas na madrugada de sábado.', '2024-04-06', 'na madrugada de sábado', '2024-04-06'],
    ['es', 'Al menos 47 personas murieron el martes.', '2017-09-20', 'el martes', '2017-09-19'],
    ['bg', 'На 23 февруари 104 войници избягаха.', '2019-02-25', 'На 23 февруари', '2019-02-23'],
    ['bg', 'В събота 300 души бяха ранени.', '2019-02-25', 'В събота', '2019-02-23'],
    ['ar', 'فر أكثر من مائة عسكري منذ يوم السبت.', '2019-02-25', 'منذ يوم السبت', '2019-02-23'],
    ['ar', 'انشق 156 جنديا خلال الساعات الأخيرة.', '2019-02-25', 'خلال الساعات الأخيرة', '2019-02-25'],
  ])('%s: %s', (language, text, publishedAt, timeText, timeDate) => {
    const f = first(text, language, publishedAt);
    expect([f.timeText, f.timeDate]).toEqual([timeText, timeDate]);
  });

  it('resolves nothing without a published date', () => {
    const f = first('23 soldiers defected on Saturday.', 'en');
    expect([f.timeText, f.timeDate]).toEqual(['on Saturday', null]);
  });

  it('gives each figure the time beside it, never across another figure', () => {
    const fs = figures('Officials counted 23 defectors on Saturday, then 60 by Sunday evening.', 'en', '2019-02-25');
    expect(fs.map((f) => f.timeText)).toEqual(['on Saturday', 'by Sunday evening']);
  });

  // Issue 31 item 5: a canonical short name in every language, the relay apart, no fragment of the sentence.
  it.each([
    ['fr', 'Au moins 113 personnes ont été tuées, a annoncé le ministre de la Santé, Hamad Hassan, qui redoute davantage.', 'Hamad Hassan', null],
    ['fr', '1,12 million de manifestants selon le ministère de l’Intérieur, plus de 2 millions pour la CGT.', 'ministère de l’Intérieur', null],
    [
      'de',
      'Mehr als 140 Menschen wurden verletzt, wie das Gesundheitsministerium des Moskauer Gebiets mitteilte.',
      'Gesundheitsministerium des Moskauer Gebiets',
      null,
    ],
    ['de', 'Allein in Paris demonstrierten nach Polizeiangaben 80.000 Menschen.', 'Polizei', null],
    ['it', 'È salito a 102 morti il bilancio. Lo ha reso noto l’agenzia turca per le emergenze Afad, secondo cui i feriti sono 1.026.', 'Afad', null],
    ['ru', 'Число жертв выросло до 115 человек, сообщили в Следственном комитете РФ.', 'Следственном комитете РФ', null],
    ['ru', 'В Париже, по данным полиции, прошли 81 тыс. демонстрантов.', 'полиции', null],
    [
      'uk',
      'Кількість жертв зросла до 135 людей. Про це повідомив міністр охорони здоров’я Лівану Хамад Хасан, передає Al Jazeera.',
      'Хамад Хасан',
      'Al Jazeera',
    ],
    ['uk', 'Кількість загиблих зросла до 133, повідомляють російські ЗМІ з посиланням на Слідчий комітет РФ.', 'Слідчий комітет РФ', 'російські ЗМІ'],
    ['pl', 'Co najmniej 69 osób zginęło - poinformowała w niedzielę turecka agencja ds. sytuacji kryzysowych AFAD.', 'AFAD', null],
    ['pl', 'Według centrali związkowej CGT na ulice wyszło 3,5 mln ludzi.', 'CGT', null],
    ['tr', 'Derne Belediye Başkanı Abdulmenam el-Gaysi, ölü sayısının 20 bin olabileceğini ifade etti.', 'Abdulmenam el-Gaysi', null],
    ['tr', 'BM’ye göre Derne’de en az 30 bin kişi evsiz kaldı.', 'BM', null],
    ['ar', 'أعلن الصليب الأحمر اللبناني ارتفاع حصيلة الضحايا إلى أكثر من مئة قتيل.', 'الصليب الأحمر اللبناني', null],
    ['ar', 'وقال وزير الصحة عثمان عبد الجليل إن عدد القتلى تجاوز 1500.', 'عثمان عبد الجليل', null],
    ['ar', 'ارتفع عدد القتلى إلى 133 وفق ما نقلته وكالة فرانس برس عن لجنة التحقيق.', 'لجنة التحقيق', 'AFP'],
    ['es', 'Murieron 137 personas, según el último balance del Ministerio de Salud libanés.', 'Ministerio de Salud libanés', null],
    ['bg', 'Над 1,2 милиона души протестираха според МВР - най-голямата мобилизация досега.', 'МВР', null],
  ])('%s: a short source and its relay: %s', (language, text, source, relayedBy) => {
    const f = figures(text, language).find((x) => x.source !== null || x.relayedBy !== null);
    expect(f?.source).toBe(source);
    expect(f?.relayedBy ?? null).toBe(relayedBy);
    expect(f?.attribution === null || text.includes(f?.attribution ?? '')).toBe(true);
  });

  it.each([
    ['en', 'More than 4,000 people were injured in the blast.'],
    ['ru', 'Около 60 пострадавших госпитализированы.'],
    ['ar', 'وأصيب أكثر من أربعة آلاف شخص في الانفجار.'],
    ['pt', 'O número de mortos subiu para mais de 11.700, segundo os últimos balanços oficiais divulgados hoje.'],
  ])('%s: no source named when the text names none: %s', (language, text) => {
    for (const f of figures(text, language)) expect(f.source).toBeNull();
  });

  it('names an agency by its short name, however written', () => {
    expect(first('قتل 15 شخصا، بحسب وكالة فرانس برس.', 'ar').relayedBy).toBe('AFP');
    expect(first('Погибли 37 человек, сообщает ТАСС.', 'ru').relayedBy).toBe('TASS');
  });
});
