// Numbers that are not figures: years, dates, clock times, phone numbers, addresses, ages, ordinals, scores, links.
import { describe, expect, it } from 'vitest';
import { values } from './figures-extract-support';

describe('traps', () => {
  it.each([
    ['en', 'The crisis began in 2019 and deepened in 2020.'],
    ['en', 'The minister will speak at 4:56 pm on 7 March in Room 12.'],
    ['en', 'The meeting is at 4 p.m. on March 7, 2019.'],
    ['en', 'Call the hotline on 0800 123 456 or +44 20 7946 0958.'],
    ['en', 'Visit the office at 221B Baker Street or https://example.org/page/12.'],
    ['en', 'One of them, a 24-year-old sergeant, said the first defections began weeks ago.'],
    ['en', 'Maduro, 56, rejected the aid.'],
    ['en', 'The winner finished in 2:05:37 and Real won 3-1.'],
    ['en', 'Follow @user123 and #G20 for updates; see COVID-19 figures from 12/03/2020.'],
    ['en', 'They were 30 or 40 years old.'],
    ['en', 'It happened on the fourth day, the 23rd of February.'],
    ['pt', 'O primeiro-ministro chegou a 7 de março de 2024, às 9h15.'],
    ['pt', 'Ligue para o número 213 456 789 ou escreva para a Rua do Século, 51.'],
    ['pt', 'Um dos detidos, de 27 anos, foi presente a tribunal.'],
    ['pt', 'As primeiras deserções ocorreram às 16h30.'],
    ['es', 'La rueda de prensa será el 23 de febrero a las 16:30, calle Ferraz 70.'],
    ['es', 'Para denuncias, llame al 900 123 456 o al teléfono 091.'],
    ['es', 'Uno de ellos, de 19 años, habló en el segundo trimestre.'],
    ['bg', 'Срещата ще се проведе на 23 февруари от 10:30 ч. в зала 3.'],
    ['bg', 'За контакт: тел. 02 987 65 43, ул. „Раковски“ 112, София.'],
    ['bg', 'Един от тях, 26-годишен сержант, говори на 1-ви март.'],
    ['ar', 'يعقد المؤتمر في تمام الساعة 16:30 يوم 7 مارس 2024 في القاعة رقم 5.'],
    ['ar', 'للاستفسار يرجى الاتصال على الرقم 0123456789 أو زيارة شارع 26 يوليو.'],
    ['ar', 'وقال أحدهم إن أولى الانشقاقات بدأت قبل أسابيع في عام ٢٠١٩.'],
  ])('%s: %s', (language, text) => {
    expect(values(text, language)).toEqual([]);
  });

  it('reads durations as time, not figures', () => {
    expect(values('In the last five days, 567 soldiers have left.', 'en')).toEqual([['567', 567]]);
    expect(values('Medio centenar de soldados se entregaron en las últimas 48 horas.', 'es')).toEqual([['Medio centenar', 50]]);
  });
});
