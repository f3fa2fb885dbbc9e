// How the figures desk keeps spans right when a seed's text changes
// (lib/figures/desk/shift-spans.ts) and where an added figure's sentence is
// (lib/figures/desk/sentence-bounds.ts).
import { describe, expect, it } from 'vitest';
import { editShift } from '../../lib/figures/desk/shift-spans';
import { sentenceBounds } from '../../lib/figures/desk/sentence-bounds';

describe('editShift', () => {
  const before = 'First paragraph.\n\nThey counted 567 soldiers. Then 156 more.';
  it('moves what follows an insertion by its length, from where the shared end starts', () => {
    const after = before.replace('\n\n', '\n\nA new sentence.\n\n');
    const shift = editShift(before, after)!;
    expect(shift.delta).toBe('A new sentence.\n\n'.length);
    const at = before.indexOf('567');
    expect(at).toBeGreaterThanOrEqual(shift.from);
    expect(after.slice(at + shift.delta, at + shift.delta + 3)).toBe('567');
  });

  it('moves text back after a deletion', () => {
    const after = before.replace('First paragraph.', 'First.');
    const shift = editShift(before, after)!;
    const at = before.indexOf('156');
    expect(after.slice(at + shift.delta, at + shift.delta + 3)).toBe('156');
  });

  it('moves nothing when the text after the edit is not shared, the lengths match, or nothing changed', () => {
    expect(editShift(before, `${before} Appended.`)).toBeNull();
    expect(editShift(before, before.replace('567', '568'))).toBeNull();
    expect(editShift(before, before)).toBeNull();
  });
});

describe('sentenceBounds', () => {
  const body = 'Gen. Padrino spoke. Then 156 soldiers deserted, he said.\nA new line.';
  it('is the sentence holding the span, abbreviations not ending one', () => {
    const at = body.indexOf('156');
    const { start, end } = sentenceBounds(body, at, at + 3);
    expect(body.slice(start, end)).toBe('Then 156 soldiers deserted, he said.');
    const gen = sentenceBounds(body, 0, 3);
    expect(body.slice(gen.start, gen.end)).toBe('Gen. Padrino spoke.');
  });

  it('widens to a selection that runs across a sentence end', () => {
    const from = body.indexOf('spoke');
    const to = body.indexOf('Then') + 4;
    const { start, end } = sentenceBounds(body, from, to);
    expect(body.slice(start, end)).toBe('Gen. Padrino spoke. Then 156 soldiers deserted, he said.');
  });
});
