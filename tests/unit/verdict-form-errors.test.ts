// Issue 32 items 7 and 8: a verdict form's errors are plain sentences beside
// their fields, on the row the reviewer typed them in; a verdict key pressed
// before the panel listened is taken once, and only while it is fresh.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../components/api-client';
import { holdVerdictKey, takeVerdictKey } from '../../components/early-verdict-key';
import { evidenceToSend } from '../../components/evidence-fields';
import { formErrorOf, verdictErrors } from '../../components/field-issues';

const invalid = (issues: { path: string; message: string }[]): ApiError => ({
  status: 400,
  code: 'invalid_input',
  message: `${issues[0]!.path}: ${issues[0]!.message}`,
  issues,
  body: {},
});

describe('verdict form errors', () => {
  it('field issues stay beside their fields, and the form says so in plain words', () => {
    const { message, fields } = verdictErrors(invalid([{ path: 'reason', message: 'Give a reason for this verdict.' }]), []);
    expect(message).toBe('Check the fields marked above.');
    expect(fields).toEqual({ reason: 'Give a reason for this verdict.' });
  });

  it('an evidence error lands on the row typed in, though empty rows are not sent', () => {
    const { links, rowOf } = evidenceToSend([
      { url: 'https://example.org/a', label: '' },
      { url: '  ', label: 'left empty' },
      { url: 'ftp://example.org/b', label: ' Report ' },
    ]);
    expect(links).toEqual([
      { url: 'https://example.org/a', label: null },
      { url: 'ftp://example.org/b', label: 'Report' },
    ]);
    const { message, fields } = verdictErrors(invalid([{ path: 'evidence.1.url', message: 'Evidence links must be http or https.' }]), rowOf);
    expect(fields).toEqual({ 'evidence.2.url': 'Evidence links must be http or https.' });
    expect(message).toBe('Check the fields marked above.');
  });

  it('an issue no field shows is its own sentence, never "path: message"', () => {
    const { message } = verdictErrors(invalid([{ path: 'evidence', message: 'At most 10 evidence links.' }]), []);
    expect(message).toBe('At most 10 evidence links.');
    expect(formErrorOf(invalid([{ path: 'displayName', message: 'Give a name.' }]), [])).toBe('Give a name.');
  });
});

describe('a verdict key pressed before the panel listens', () => {
  afterEach(() => vi.useRealTimers());

  it('is taken once', () => {
    holdVerdictKey('2');
    expect(takeVerdictKey()).toBe('2');
    expect(takeVerdictKey()).toBeNull();
  });

  it('is dropped when it is older than a page load', () => {
    vi.useFakeTimers();
    holdVerdictKey('1');
    vi.advanceTimersByTime(31_000);
    expect(takeVerdictKey()).toBeNull();
  });
});
