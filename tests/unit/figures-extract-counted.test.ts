// What is counted: the noun and the event around the number, per language.
import { describe, expect, it } from 'vitest';
import { seen } from './figures-extract-support';

const counted = (text: string, language: string) => seen(text, language).map((f) => [f.text, f.counted]);

describe('what is counted', () => {
  it.each([
    ['en', '567 members of the Venezuelan armed forces defected.', '567', 'people_defected'],
    ['en', 'Colombia said 567 defected over the weekend, all of them soldiers.', '567', 'people_defected'],
    ['en', 'Venezuela has 365,315 soldiers.', '365,315', 'troops_total'],
    ['en', 'Guaidó is recognised by 50 countries.', '50', 'countries'],
    ['en', 'The shelling killed nine civilians and wounded 23.', 'nine', 'people_killed'],
    ['en', 'The shelling killed nine civilians and wounded 23.', '23', 'people_injured'],
    ['en', 'Police arrested 57 people outside the embassy.', '57', 'people_detained'],
    ['en', 'About 1,500 demonstrators remained in the square.', 'About 1,500', 'people_protesting'],
    ['en', 'The agency delivered 600 tonnes of food in 32 trucks.', '600', 'aid_tonnes'],
    ['en', 'The agency delivered 600 tonnes of food in 32 trucks.', '32', 'aid_shipments'],
    ['en', 'Floods forced 40,000 residents from their homes.', '40,000', 'people_displaced'],
    ['en', 'Up to 1,200 troops will be deployed.', 'Up to 1,200', 'troops_total'],
    ['en', 'The quake, of magnitude 6.8, destroyed 300 buildings.', '300', 'other'],
    ['pt', '20 militares e três polícias desertaram para a Colômbia.', '20', 'people_defected'],
    ['pt', '20 militares e três polícias desertaram para a Colômbia.', 'três', 'people_defected'],
    ['pt', 'Quatro membros das forças de segurança passaram para o lado colombiano.', 'Quatro', 'people_defected'],
    ['pt', 'O Exército conta com 365.315 efetivos.', '365.315', 'troops_total'],
    ['pt', 'O sismo fez 38 mortos e 200 feridos.', '38', 'people_killed'],
    ['pt', 'O sismo fez 38 mortos e 200 feridos.', '200', 'people_injured'],
    ['pt', 'Mais de 7,7 milhões de venezuelanos deixaram o país.', 'Mais de 7,7 milhões', 'people_displaced'],
    ['es', 'Cuatro militares venezolanos desertaron.', 'Cuatro', 'people_defected'],
    ['es', 'La policía detuvo a 23 personas durante las protestas.', '23', 'people_detained'],
    ['es', 'Cerca de 6.000 personas fueron evacuadas.', 'Cerca de 6.000', 'people_displaced'],
    ['es', 'El atentado dejó 16 muertos.', '16', 'people_killed'],
    ['es', 'Más de 50 países reconocen a Guaidó.', 'Más de 50', 'countries'],
    ['bg', 'Около 104 войници са избягали през границата.', 'Около 104', 'people_defected'],
    ['bg', 'Двама души бяха убити.', 'Двама', 'people_killed'],
    ['bg', '300 бяха ранени при сблъсъци.', '300', 'people_injured'],
    ['bg', 'Там са складирани 600 тона храна.', '600', 'aid_tonnes'],
    ['bg', 'Гуайдо е признат от 50 държави.', '50', 'countries'],
    ['bg', 'Четирима войници дезертираха.', 'Четирима', 'people_defected'],
    ['ar', 'انشق أربعة جنود من الحرس الوطني.', 'أربعة', 'people_defected'],
    ['ar', 'فر أكثر من مائة عسكري إلى كولومبيا.', 'أكثر من مائة', 'people_defected'],
    ['ar', 'قتل تسعة مدنيين في القصف.', 'تسعة', 'people_killed'],
    ['ar', 'اعتقلت الشرطة 45 متظاهراً.', '45', 'people_detained'],
    ['ar', 'تعترف 50 دولة بغوايدو.', '50', 'countries'],
    ['ar', 'وصلت 14 شاحنة إلى المعبر.', '14', 'aid_shipments'],
  ])('%s: %s → %s %s', (language, text, surface, what) => {
    expect(counted(text, language)).toContainEqual([surface, what]);
  });

  it('keeps percentages and money apart from counts', () => {
    expect(counted('The party won 33.1% of the vote and $2 million in funding.', 'en')).toEqual([
      ['33.1%', 'share_percent'],
      ['$2 million', 'money'],
    ]);
  });

  it('gives a number with no noun the counted of the one before it in the sentence', () => {
    expect(counted('Migration officials counted 23 defectors on Saturday, then 60 by Sunday.', 'en')).toEqual([
      ['23', 'people_defected'],
      ['60', 'people_defected'],
    ]);
    expect(counted('Vinte e três países votaram a favor, nove contra.', 'pt')).toEqual([
      ['Vinte e três', 'countries'],
      ['nove', 'countries'],
    ]);
  });

  it('records the counted noun phrase as written', () => {
    const [f] = seen('Foram 20 militares.', 'pt');
    expect(f?.text).toBe('20');
  });

  // Issue 31: general rules found on the wire set's tuning split, written here in new sentences.
  it.each([
    ['ru', 'На улицы Марселя вышли 200 тыс. человек.', '200 тыс.', 'people_protesting'],
    ['pl', 'Ok. 40 tys. osób demonstrowało w sobotę w Krakowie.', 'Ok. 40 tys.', 'people_protesting'],
    ['de', 'In Hamburg sind am Samstag 30.000 Menschen auf die Straße gegangen.', '30.000', 'people_protesting'],
    ['pl', 'W całym kraju odbyło się ponad 120 manifestacji.', 'ponad 120', 'other'],
    ['fr', 'Les manifestants ont été 5.000, a indiqué le préfet, qui avait mobilisé 2.000 policiers.', '2.000', 'troops_total'],
    ['uk', 'Кордон із Польщею перетнули 45 військових.', '45', 'people_defected'],
    ['bg', 'Над 30 войници са преминали границата с Румъния.', 'Над 30', 'people_defected'],
    ['en', 'Three more soldiers presented themselves to border officials.', 'Three', 'people_defected'],
    ['es', 'El Gobierno aprobó una partida de 500 millones de liras.', '500 millones', 'money'],
  ])('%s: %s → %s is %s', (language, text, figure, kind) => {
    expect(counted(text, language)).toContainEqual([figure, kind]);
  });

  it('reads Turkish thousands written apart from their units', () => {
    expect(seen("Ölü sayısı 3 bin 412'ye yükseldi, 9 bin 120 kişi yaralandı.", 'tr').map((f) => [f.text, f.value, f.counted])).toEqual([
      ['3 bin 412', 3412, 'people_killed'],
      ['9 bin 120', 9120, 'people_injured'],
    ]);
  });

  it('never reads a dateline’s abbreviated month as a figure', () => {
    expect(seen('Quito, 14 mar (EFE).- Al menos 12 personas murieron en un alud.', 'es').map((f) => f.text)).toEqual(['Al menos 12']);
    expect(seen('(ANSA) - ROMA, 03 NOV - Sono 7 i dispersi.', 'it').map((f) => f.value)).toEqual([7]);
    expect(seen('ATHENS, Feb 11 (Reuters) - Nine people died.', 'en').map((f) => f.value)).toEqual([9]);
  });

  it.each([
    ['en', 'The reform would push the minimum pension age to 64 from 62.', []],
    ['ru', 'Правительство намерено повысить пенсионный возраст с 62 до 64 лет.', []],
    ['en', 'Only around one in three trains ran on Tuesday.', []],
    ['it', 'Tra le vittime due fratelli di 12 e 14 anni.', ['due']],
  ])('%s: ages, ratios and measures are no figures: %s', (language, text, expected) => {
    expect(seen(text, language).map((f) => f.text)).toEqual(expected);
  });

  it.each([
    ['it', 'Il sisma di magnitudo 6 ha ucciso 40 persone.', '6', 'other'],
    ['en', 'The blast of 2,750 tonnes of ammonium nitrate destroyed the port.', '2,750', 'other'],
    ['ru', 'Были задействованы 9 тыс. сотрудников полиции, в Москве задержаны 40 человек.', '9 тыс.', 'troops_total'],
    ['es', 'Más de 3.000 socorristas trabajan en las cinco provincias afectadas.', 'cinco', 'other'],
  ])('%s: %s → %s is %s', (language, text, figure, kind) => {
    expect(counted(text, language)).toContainEqual([figure, kind]);
  });
});
