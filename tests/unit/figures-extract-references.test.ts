// Numbers that point back (lib/figures/extract/references.ts): a definite article or demonstrative before a count
// the article already gave, and pronoun partitives of a group just counted, are not new figures.
import { describe, expect, it } from 'vitest';
import { seen } from './figures-extract-support';

const texts = (text: string, language: string) => seen(text, language).map((f) => f.text);

describe('back references', () => {
  it.each([
    ['en', 'Three soldiers defected to Colombia on Saturday. Witnesses said the three soldiers crossed in a tank.', ['Three']],
    ['en', 'Two soldiers sought refuge in Brazil. An official said these two asked for asylum.', ['Two']],
    ['pt', 'Quatro militares desertaram para a Colômbia. Os quatro militares entregaram-se à polícia.', ['Quatro']],
    ['es', 'Dos militares desertaron a Colombia. Los dos militares pidieron refugio.', ['Dos']],
    ['en', 'More than 100 soldiers defected, and 12 of them sought refuge in Brazil.', ['More than 100']],
    ['pt', 'Mais de 100 militares desertaram, e 12 deles pediram refúgio no Brasil.', ['Mais de 100']],
    ['es', 'Más de 100 militares desertaron y 12 de ellos pidieron refugio en Brasil.', ['Más de 100']],
  ])('%s: %s', (language, text, expected) => {
    expect(texts(text, language)).toEqual(expected);
  });

  it.each([
    // A definite article before a number the article never gave is a figure: "the 300 seats".
    ['en', 'The governing party took 142 of the 300 seats.', ['142', '300']],
    // A different number is a new count, not a restatement.
    ['en', 'Three soldiers defected on Friday. By Sunday the 60 soldiers who had crossed were in Cúcuta.', ['Three', '60']],
    // A relative partitive names the part outright, as the labelling guide has it.
    ['pt', 'A polícia deteve 112 pessoas durante os protestos, das quais 40 continuam sob custódia.', ['112', '40']],
    // A partitive with no counted group before it in its paragraph stays.
    ['en', 'Twelve of them sought refuge in Brazil, the agency said.', ['Twelve']],
  ])('%s keeps: %s', (language, text, expected) => {
    expect(texts(text, language)).toEqual(expected);
  });
});
