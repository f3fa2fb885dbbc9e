// Excerpts and page furniture: what the import preview shows a person judging an article.
import { describe, expect, it } from 'vitest';
import { deriveTitle } from '../../lib/articles/derive-title';
import { isFooterLine } from '../../lib/articles/page-footer';
import { splitBoilerplate } from '../../lib/articles/split-boilerplate';
import { excerptAfterTitle } from '../../lib/utils/excerpt';

const ARTICLE = [
  'O ministro anunciou hoje um novo plano para as escolas públicas do interior do país.',
  '',
  'O plano prevê obras em duzentas escolas e a contratação de professores até ao fim do ano.',
  '',
  'A oposição pediu mais detalhes sobre o financiamento e o calendário das obras.',
  '',
].join('\n');

describe('excerptAfterTitle', () => {
  it('does not start with a stray ". " when the title was the first sentence', () => {
    const text = 'The minister resigned on Monday. Her deputy takes over until May.\nMore follows.';
    const title = deriveTitle(text);
    expect(title).toBe('The minister resigned on Monday');
    expect(excerptAfterTitle(text, title)).toBe('Her deputy takes over until May.\nMore follows.');
  });

  it('skips the rest of a sentence the title shortened', () => {
    const sentence = `${'A very long opening sentence about the budget '.repeat(4)}ends here.`;
    const text = `${sentence} Then the second sentence.`;
    const title = deriveTitle(text);
    expect(title.endsWith('…')).toBe(true);
    expect(excerptAfterTitle(text, title)).toBe('Then the second sentence.');
  });

  it('drops a headline line and keeps an opening quote of the next paragraph', () => {
    expect(excerptAfterTitle('Floods in the north?\n"We lost everything," she said.', 'Floods in the north?')).toBe('"We lost everything," she said.');
  });

  it('leaves an excerpt that does not open with the title alone', () => {
    expect(excerptAfterTitle('Body text.', 'Edited title')).toBe('Body text.');
  });
});

describe('comment-form and share-bar footers', () => {
  it.each([
    ['Sem comentários:', true],
    ['Enviar um comentário', true],
    ['Share this:', true],
    ['Share this: Facebook, X', true],
    ['Поделиться', true],
    ['Kommentar schreiben', true],
    ['Partager', true],
    ['مشاركة', true],
    ['Comentários (3)', true],
    ['Share prices fell sharply on Monday', false],
    ['Comments from the minister were brief, and the vote went ahead as planned.', false],
  ])('%s → %s', (line, expected) => {
    expect(isFooterLine(line)).toBe(expected);
  });

  it('flags a Portuguese blog comment form as boilerplate, leaving the article whole', () => {
    const footer = 'Sem comentários:\n\nEnviar um comentário\n';
    const { body, boilerplate } = splitBoilerplate(ARTICLE + footer);
    expect(body).toBe(ARTICLE);
    expect(boilerplate).toBe(footer);
  });

  it('flags a share bar with its buttons below the label', () => {
    const footer = 'Поделиться:\nFacebook\nTelegram\n';
    expect(splitBoilerplate(ARTICLE + footer)).toEqual({ body: ARTICLE, boilerplate: footer });
  });

  it('leaves an article ending in network names without a label alone', () => {
    const text = `${ARTICLE}Telegram\n`;
    expect(splitBoilerplate(text)).toEqual({ body: text, boilerplate: null });
  });

  it('joins a footer to a headline widget above it', () => {
    const widget = ['Floods close three roads in the north...', 'Teachers strike for a second day…', 'Football: the final ends in a draw...'].join('\n');
    const text = `${ARTICLE}${widget}\nShare this:\n`;
    const { body, boilerplate } = splitBoilerplate(text);
    expect(body).toBe(ARTICLE);
    expect(boilerplate).toBe(`${widget}\nShare this:\n`);
  });
});
