// Invisible format characters in imported text are shown, never applied
// (issue 29, finding 7): "\u202e021\u202c" must read "[RLO]021[PDF]" on every
// page, not "120", while the stored text keeps the characters.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HiddenCharactersBadge, VisibleText } from '@/components/visible-text';
import { hasInvisibleCharacters, revealInvisible, splitInvisible } from '@/lib/utils/invisible-characters';

const RLO_CLAIM = '\u202e021\u202c Venezuelan soldiers';

describe('splitInvisible', () => {
  it('splits the right-to-left override reproduction into chips around the digits as stored', () => {
    expect(splitInvisible(RLO_CLAIM)).toEqual([
      { kind: 'invisible', code: 'RLO', label: 'right-to-left override, U+202E', codePoint: 0x202e, start: 0, length: 1 },
      { kind: 'text', text: '021', start: 1 },
      { kind: 'invisible', code: 'PDF', label: 'pop directional formatting, U+202C', codePoint: 0x202c, start: 4, length: 1 },
      { kind: 'text', text: ' Venezuelan soldiers', start: 5 },
    ]);
    expect(revealInvisible(RLO_CLAIM)).toBe('[RLO]021[PDF] Venezuelan soldiers');
  });

  it('names every category Cf character, known or not, and keeps offsets into the text', () => {
    const text = 'a\u200bb\u00adc\u2066d\u2069e\ufeff\u{e0001}f';
    const chips = splitInvisible(text, 100).filter((s) => s.kind === 'invisible');
    expect(chips.map((s) => s.code)).toEqual(['ZWSP', 'SHY', 'LRI', 'PDI', 'BOM', 'U+E0001']);
    expect(chips.map((s) => s.start - 100)).toEqual([1, 3, 5, 7, 9, 10]);
    expect(chips.at(-1)).toMatchObject({ length: 2, label: 'invisible format character, U+E0001' });
    // Pieces put back together are the text as given.
    const rebuilt = splitInvisible(text)
      .map((s) => (s.kind === 'text' ? s.text : String.fromCodePoint(s.codePoint)))
      .join('');
    expect(rebuilt).toBe(text);
  });

  it('leaves ordinary text, including right-to-left scripts, as one piece', () => {
    for (const text of ['Four Venezuelan soldiers', 'أربعة جنود فنزويليين', '']) {
      expect(hasInvisibleCharacters(text)).toBe(false);
      expect(splitInvisible(text)).toEqual([{ kind: 'text', text, start: 0 }]);
    }
  });
});

describe('VisibleText', () => {
  it('emits chips with their names and never the control itself', () => {
    const html = renderToStaticMarkup(createElement(VisibleText, { text: RLO_CLAIM }));
    expect(html).not.toMatch(/\p{Cf}/u);
    expect(html).toContain('aria-label="right-to-left override, U+202E"');
    expect(html.replace(/<[^>]+>/g, '')).toBe('RLO021PDF Venezuelan soldiers');
  });

  it('carries body offsets and the length each chip stands for, for the figure selection', () => {
    const html = renderToStaticMarkup(createElement(VisibleText, { text: RLO_CLAIM, offset: 40 }));
    expect(html).toContain('data-o="40" data-len="1"');
    expect(html).toContain('<span data-o="41">021</span>');
  });

  it('flags a claim whose title or text holds them, and only such a claim', () => {
    const flag = (title: string, body?: string) => renderToStaticMarkup(createElement(HiddenCharactersBadge, { title, body }));
    expect(flag(RLO_CLAIM)).toContain('Hidden characters');
    expect(flag('Clean title', `Body with a zero\u200bwidth space`)).toContain('data-testid="hidden-characters"');
    expect(flag('Clean title', 'Clean body')).toBe('');
  });
});
