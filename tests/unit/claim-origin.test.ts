// The list and the claim page say where an article came from, not its opaque source key.
import { describe, expect, it } from 'vitest';
import { describeOrigin } from '../../lib/utils/claim-origin';

describe('describeOrigin', () => {
  it('names an uploaded file by its file name', () => {
    expect(describeOrigin({ kind: 'upload', name: 'budget-2024.html', outlet: null, articleUrl: null }, 'upload-cda76348')).toEqual({
      label: 'budget-2024.html',
      href: null,
    });
  });

  it('names a fetched article by outlet and host, linking to it', () => {
    const origin = { kind: 'url', name: 'https://www.folha.uol.com.br/a/1', outlet: 'Folha de S.Paulo', articleUrl: 'https://www.folha.uol.com.br/a/1' };
    expect(describeOrigin(origin, 'url-1f2e')).toEqual({ label: 'Folha de S.Paulo · folha.uol.com.br', href: 'https://www.folha.uol.com.br/a/1' });
  });

  it('uses the host when the page named no outlet', () => {
    expect(describeOrigin({ kind: 'url', name: 'https://bta.bg/x', outlet: null, articleUrl: null }, 'url-9')).toEqual({
      label: 'bta.bg',
      href: 'https://bta.bg/x',
    });
  });

  it('says a paste was pasted', () => {
    expect(describeOrigin({ kind: 'paste', name: null, outlet: null, articleUrl: null }, 'paste-77aa').label).toBe('Pasted text');
  });

  it('never links an address that is not http(s)', () => {
    expect(describeOrigin({ kind: 'upload', name: 'javascript:alert(1)', outlet: null, articleUrl: 'javascript:alert(1)' }, 'k').href).toBeNull();
  });

  it('falls back to the source key only when nothing else is known', () => {
    expect(describeOrigin(undefined, '000_552dc560a453afa8')).toEqual({ label: '000_552dc560a453afa8', href: null });
  });
});
