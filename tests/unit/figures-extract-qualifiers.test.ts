// Qualifiers and intervals, per language: the span covers the qualifier as written.
import { describe, expect, it } from 'vitest';
import { figures, seen } from './figures-extract-support';

const one = (text: string, language: string) => {
  const [f, ...rest] = figures(text, language);
  expect(rest).toEqual([]);
  if (!f) throw new Error(`no figure in ${JSON.stringify(text)}`);
  return { text: text.slice(f.spanStart, f.spanEnd), qualifier: f.qualifier, value: f.value, min: f.min, max: f.max, approximate: f.approximate };
};

describe('qualifiers', () => {
  it.each([
    ['en', 'More than one hundred soldiers have defected.', 'More than one hundred', 'more_than', null, 100, null, false],
    ['en', 'Just over a hundred soldiers have defected.', 'Just over a hundred', 'more_than', null, 100, null, true],
    ['en', 'About 104 soldiers fled.', 'About 104', 'about', 104, null, null, true],
    ['en', 'Nearly 4,000 people were evacuated.', 'Nearly 4,000', 'about', 4000, null, null, true],
    ['en', 'At least five people were killed.', 'At least five', 'at_least', null, 5, null, false],
    ['en', 'Fewer than 20 people were injured.', 'Fewer than 20', 'fewer_than', null, null, 20, false],
    ['en', 'Up to 1,200 troops will be deployed.', 'Up to 1,200', 'at_most', null, null, 1200, false],
    ['en', 'Between 50 and 60 migrants were rescued.', 'Between 50 and 60', 'between', null, 50, 60, false],
    ['en', 'Some 50-60 migrants were rescued.', 'Some 50-60', 'between', null, 50, 60, true],
    ['en', 'Five people or more were injured.', 'Five people or more', 'at_least', null, 5, null, false],
    ['pt', 'Mais de cem militares desertaram.', 'Mais de cem', 'more_than', null, 100, null, false],
    ['pt', 'Pouco mais de cem militares desertaram.', 'Pouco mais de cem', 'more_than', null, 100, null, true],
    ['pt', 'Cerca de 50 países reconhecem Guaidó.', 'Cerca de 50', 'about', 50, null, null, true],
    ['pt', 'Pelo menos 38 pessoas morreram.', 'Pelo menos 38', 'at_least', null, 38, null, false],
    ['pt', 'Menos de 20 pessoas ficaram feridas.', 'Menos de 20', 'fewer_than', null, null, 20, false],
    ['pt', 'Até 300 soldados poderão ser enviados.', 'Até 300', 'at_most', null, null, 300, false],
    ['pt', 'Entre 150 mil e 200 mil pessoas marcharam.', 'Entre 150 mil e 200 mil', 'between', null, 150_000, 200_000, false],
    ['es', 'Más de 50 países reconocen a Guaidó.', 'Más de 50', 'more_than', null, 50, null, false],
    ['es', 'Al menos 47 personas murieron.', 'Al menos 47', 'at_least', null, 47, null, false],
    ['es', 'Unos cien guardias desertaron.', 'Unos cien', 'about', 100, null, null, true],
    ['es', 'Casi 40.000 aficionados llenaron el estadio.', 'Casi 40.000', 'about', 40_000, null, null, true],
    ['es', 'Hasta 500 soldados serán desplegados.', 'Hasta 500', 'at_most', null, null, 500, false],
    ['es', 'Entre 2.000 y 3.000 migrantes cruzan la selva.', 'Entre 2.000 y 3.000', 'between', null, 2000, 3000, false],
    ['bg', 'Около 104 войници са избягали.', 'Около 104', 'about', 104, null, null, true],
    ['bg', 'Най-малко 12 души загинаха.', 'Най-малко 12', 'at_least', null, 12, null, false],
    ['bg', 'Поне петима души бяха ранени.', 'Поне петима', 'at_least', null, 5, null, false],
    ['bg', 'Над 60 души бяха ранени.', 'Над 60', 'more_than', null, 60, null, false],
    ['bg', 'Повече от сто военни поискаха закрила.', 'Повече от сто', 'more_than', null, 100, null, false],
    ['bg', 'До 800 войници ще бъдат разположени.', 'До 800', 'at_most', null, null, 800, false],
    ['bg', 'Между 300 и 400 мигранти са задържани.', 'Между 300 и 400', 'between', null, 300, 400, false],
    ['ar', 'قتل ما لا يقل عن ٣٨ شخصاً.', 'ما لا يقل عن ٣٨', 'at_least', null, 38, null, false],
    ['ar', 'أصيب أكثر من ٢٠٠ شخص.', 'أكثر من ٢٠٠', 'more_than', null, 200, null, false],
    ['ar', 'فر حوالي 100 جندي.', 'حوالي 100', 'about', 100, null, null, true],
    ['ar', 'تعترف نحو 50 دولة بغوايدو.', 'نحو 50', 'about', 50, null, null, true],
    ['ar', 'كان على متن القارب بين 200 و300 شخص.', 'بين 200 و300', 'between', null, 200, 300, false],
  ])('%s: %s', (language, text, surface, qualifier, value, min, max, approximate) => {
    expect(one(text, language)).toEqual({ text: surface, qualifier, value, min, max, approximate });
  });

  it('reads "to" after a verb of change as the value reached, not a ceiling', () => {
    expect(seen('Инфлацията се забави до 3,7% през октомври.', 'bg')).toMatchObject([{ text: '3,7%', qualifier: 'exact', value: 3.7 }]);
    expect(seen('O número de mortos subiu até 60.', 'pt')).toMatchObject([{ qualifier: 'exact', value: 60 }]);
  });

  it('keeps "from … to" after a rise as two figures', () => {
    expect(seen('The toll rose from 23 to 60 soldiers.', 'en').map((f) => f.value)).toEqual([23, 60]);
  });

  it.each([
    ['es', 'El número de muertos superó este jueves los 4.000.', 'los 4.000', 'more_than'],
    ['ar', 'وتجاوز عدد الجرحى ١٢ ألفا.', '١٢ ألفا', 'more_than'],
    ['pl', 'Straty mogą sięgnąć 2 mld złotych.', 'mogą sięgnąć 2 mld', 'at_most'],
    ['pl', 'Bez dachu nad głową zostało nawet 20 tys. osób.', 'nawet 20 tys.', 'at_most'],
    ['fr', 'Les dégâts pourraient atteindre 3 milliards d’euros.', 'pourraient atteindre 3 milliards', 'at_most'],
  ])('%s: an exceeding verb or a ceiling a few words off: %s', (language, text, span, qualifier) => {
    const f = figures(text, language)[0];
    expect(f && text.slice(f.spanStart, f.spanEnd)).toBe(span);
    expect(f?.qualifier).toBe(qualifier);
  });
});
