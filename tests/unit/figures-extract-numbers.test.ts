// Numbers as written, per language: digits, grouping, decimals with scales,
// Eastern Arabic digits, number words and their compounds. The Microsoft
// recognizer (a devDependency) is the oracle for the en/pt/es words.
import { NumberRecognizer } from '@microsoft/recognizers-text-number';
import { describe, expect, it } from 'vitest';
import { values } from './figures-extract-support';

describe('digits', () => {
  it.each([
    ['pt', 'O Exército tem 365.315 efetivos.', '365.315', 365315],
    ['en', 'Venezuela has 365,315 soldiers.', '365,315', 365315],
    ['bg', 'Армията има 365 315 военнослужещи.', '365 315', 365315],
    ['bg', 'Армията има 365\u00A0315 военнослужещи.', '365\u00A0315', 365315],
    ['ar', 'يضم الجيش ٣٦٥٬٣١٥ جندياً.', '٣٦٥٬٣١٥', 365315],
    ['en', 'There are 1.6 million militiamen.', '1.6 million', 1_600_000],
    ['pt', 'Há 1,6 milhão de milicianos.', '1,6 milhão', 1_600_000],
    ['pt', 'Um pacote de 1,6 mil milhões de euros.', '1,6 mil milhões', 1_600_000_000],
    ['es', 'Un préstamo de 1.500 millones de dólares.', '1.500 millones', 1_500_000_000],
    ['bg', 'Милицията наброява 1,6 милиона души.', '1,6 милиона', 1_600_000],
    ['ar', 'وهناك ١٫٦ مليون من أفراد الميليشيا.', '١٫٦ مليون', 1_600_000],
    ['ar', 'خصص البنك 1.5 مليار دولار.', '1.5 مليار', 1_500_000_000],
    ['en', 'The fund pledged $2.3bn to rebuild.', '$2.3bn', 2_300_000_000],
    ['pt', 'A inflação foi de 2,4% em setembro.', '2,4%', 2.4],
    ['ar', 'حصل الحزب على ٤٢٪ من الأصوات.', '٤٢٪', 42],
    ['en', 'Turnout was 58.4 per cent.', '58.4 per cent', 58.4],
  ])('%s: %s', (language, text, surface, value) => {
    expect(values(text, language)).toContainEqual([surface, value]);
  });

  it('reads a 4-digit number before a counted noun as a count, not a year', () => {
    expect(values('Some 2000 soldiers were deployed.', 'en')).toEqual([['Some 2000', 2000]]);
    expect(values('Since 2019 the army has shrunk.', 'en')).toEqual([]);
  });
});

describe('number words', () => {
  it.each([
    ['en', 'Four members of the Guard deserted.', 'Four', 4],
    ['en', 'Twenty-three soldiers deserted.', 'Twenty-three', 23],
    ['en', 'One hundred and five soldiers deserted.', 'One hundred and five', 105],
    ['en', 'Half a hundred countries recognised him.', 'Half a hundred', 50],
    ['en', 'A dozen countries recognised him.', 'A dozen', 12],
    ['en', 'Three hundred thousand people marched.', 'Three hundred thousand', 300_000],
    ['pt', 'Quatro militares desertaram.', 'Quatro', 4],
    ['pt', 'Vinte e três militares desertaram.', 'Vinte e três', 23],
    ['pt', 'Cem militares desertaram.', 'Cem', 100],
    ['pt', 'Cento e cinco militares desertaram.', 'Cento e cinco', 105],
    ['pt', 'Meia centena de manifestantes protestou.', 'Meia centena', 50],
    ['pt', 'Duzentas pessoas foram evacuadas.', 'Duzentas', 200],
    ['pt', 'Dois mil e quinhentos soldados foram enviados.', 'Dois mil e quinhentos', 2500],
    ['es', 'Cuatro militares desertaron.', 'Cuatro', 4],
    ['es', 'Veintitrés militares desertaron.', 'Veintitrés', 23],
    ['es', 'Cien militares desertaron.', 'Cien', 100],
    ['es', 'Ciento cincuenta y seis soldados desertaron.', 'Ciento cincuenta y seis', 156],
    ['es', 'Medio centenar de soldados se entregaron.', 'Medio centenar', 50],
    ['es', 'Los organizadores hablaron de cien mil manifestantes.', 'cien mil', 100_000],
    ['bg', 'Четирима войници избягаха.', 'Четирима', 4],
    ['bg', 'Четири камиона пристигнаха.', 'Четири', 4],
    ['bg', 'Двадесет и трима войници избягаха.', 'Двадесет и трима', 23],
    ['bg', 'Сто войници избягаха.', 'Сто', 100],
    ['bg', 'Сто петдесет и шест войници дезертираха.', 'Сто петдесет и шест', 156],
    ['bg', 'Двама души загинаха.', 'Двама', 2],
    ['bg', 'Петима души бяха ранени.', 'Петима', 5],
    ['bg', 'Две хиляди души бяха евакуирани.', 'Две хиляди', 2000],
    ['ar', 'انشق أربعة جنود.', 'أربعة', 4],
    ['ar', 'انشقت أربع مجندات.', 'أربع', 4],
    ['ar', 'قتل ثلاثة وعشرون شخصا.', 'ثلاثة وعشرون', 23],
    ['ar', 'وصلت مائة طن من المساعدات.', 'مائة', 100],
    ['ar', 'وصلت مئة شاحنة.', 'مئة', 100],
    ['ar', 'فر مائتا جندي.', 'مائتا', 200],
    ['ar', 'قتل خمسة عشر شخصا.', 'خمسة عشر', 15],
    ['ar', 'نزح عشرة آلاف شخص.', 'عشرة آلاف', 10_000],
    ['ar', 'أصيب اثنان من الجنود.', 'اثنان', 2],
  ])('%s: %s', (language, text, surface, value) => {
    expect(values(text, language)).toContainEqual([surface, value]);
  });

  it('does not read an article or a pronoun as one', () => {
    expect(values('Uma mulher ficou ferida e um deles chorou.', 'pt')).toEqual([]);
    expect(values('Uno de ellos, un sargento, desertó.', 'es')).toEqual([]);
    expect(values('One of them, a sergeant, deserted.', 'en')).toEqual([]);
    expect(values('Един от тях дезертира.', 'bg')).toEqual([]);
    expect(values('وقال واحد منهم إنه انشق.', 'ar')).toEqual([]);
  });

  it('claims no number for a vague plural', () => {
    expect(values('Dozens of people were injured and hundreds fled.', 'en')).toEqual([]);
    expect(values('Dezenas de pessoas ficaram feridas.', 'pt')).toEqual([]);
    expect(values('Decenas de personas resultaron heridas.', 'es')).toEqual([]);
    expect(values('Десетки души бяха ранени.', 'bg')).toEqual([]);
    expect(values('أصيب عشرات الأشخاص.', 'ar')).toEqual([]);
  });

  it('reads "a fourth" of a running count as its fourth member', () => {
    expect(values('Three soldiers defected, and a fourth crossed the bridge later.', 'en')).toEqual([
      ['Three', 3],
      ['a fourth', 4],
    ]);
    expect(values('A third of the budget went to defence.', 'en')).toEqual([]);
  });
});

describe('number words agree with Microsoft Recognizers-Text', () => {
  const cultures = { en: 'en-us', pt: 'pt-br', es: 'es-es' } as const;
  const frame = { en: 'There were N soldiers.', pt: 'Eram N soldados.', es: 'Eran N soldados.' } as const;
  const phrases: Record<keyof typeof cultures, string[]> = {
    en: [
      'four',
      'eleven',
      'nineteen',
      'twenty-three',
      'forty-two',
      'ninety-nine',
      'one hundred',
      'one hundred and five',
      'three hundred',
      'two thousand',
      'five thousand four hundred',
      'one million',
    ],
    pt: [
      'quatro',
      'onze',
      'dezanove',
      'vinte e três',
      'quarenta e dois',
      'noventa e nove',
      'cem',
      'cento e cinco',
      'trezentos',
      'dois mil',
      'cinco mil e quatrocentos',
      'um milhão',
    ],
    es: [
      'cuatro',
      'once',
      'diecinueve',
      'veintitrés',
      'cuarenta y dos',
      'noventa y nueve',
      'cien',
      'ciento cinco',
      'trescientos',
      'dos mil',
      'cinco mil cuatrocientos',
      'un millón',
    ],
  };
  for (const [language, culture] of Object.entries(cultures) as [keyof typeof cultures, string][]) {
    it(
      language,
      () => {
        const model = new NumberRecognizer(culture).getNumberModel();
        for (const phrase of phrases[language]) {
          const oracle = Number(String(model.parse(phrase)[0]?.resolution.value ?? 'NaN').replace(',', '.'));
          const ours = values(frame[language].replace('N', phrase), language);
          expect(
            ours.map(([, v]) => v),
            phrase,
          ).toEqual([oracle]);
        }
        // Building a recognizer model takes about 0.3 s alone and several seconds on a loaded machine.
      },
      60_000,
    );
  }
});
