// Issue 15's pure rules: the password rule (length, never truncated, the
// estimator, a password made of one's own name), the link token format, the
// sign-in page's query values, and the plain words for a session's device.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPasswordStrength } from '../../lib/auth/password-strength';
import { hashInvitationToken, newInvitationToken, sameTokenHash } from '../../lib/users/invitation-token';
import { acceptInvitationSchema, invitationTokenSchema, signOutSessionsSchema } from '../../lib/validation/users';
import { deviceName } from '../../components/account/device-name';
import { loginPath, loginSearchSchema } from '../../components/login-link';

const ME = ['lucia.ramos@paper.example', 'Lúcia Ramos'];

describe('the password rule', () => {
  it('refuses fewer than 12 characters, counted as characters, not UTF-16 units', () => {
    expect(checkPasswordStrength('short')).toEqual({ ok: false, reason: 'Passwords need at least 12 characters.' });
    // 6 emoji are 12 UTF-16 units but 6 characters.
    expect(checkPasswordStrength('🚢🌊🐟🦀🐙🐬')).toMatchObject({ ok: false, reason: 'Passwords need at least 12 characters.' });
  });

  it('refuses common and keyboard passwords with the estimator’s reason', () => {
    for (const weak of ['password1234', 'qwertyuiop123', '123456789012', 'aaaaaaaaaaaa']) {
      const verdict = checkPasswordStrength(weak);
      expect(verdict.ok, weak).toBe(false);
      if (!verdict.ok) expect(verdict.reason).toMatch(/^This password is too easy to guess\. .+ Try a longer phrase of unrelated words\.$/);
    }
  });

  it('refuses a password made only of the person’s own name and address, however it is written', () => {
    for (const own of ['Lúcia Ramos lucia.ramos@paper.example', 'LUCIA-RAMOS-PAPER-EXAMPLE', 'ramos.lucia.ramos.lucia']) {
      expect(checkPasswordStrength(own, ME), own).toMatchObject({ ok: false, reason: expect.stringMatching(/your name, your email address/) as string });
    }
    // The same words are fine for someone else, and a phrase that only mentions the name is fine.
    expect(checkPasswordStrength('lucia quiet orange ferry', ME).ok).toBe(true);
  });

  it('accepts long phrases in any script, kept whole; the estimator reads the first 100 characters', () => {
    expect(checkPasswordStrength('quiet orange ferry at dawn').ok).toBe(true);
    expect(checkPasswordStrength('ночной паром через залив').ok).toBe(true);
    // Repetition is refused however long; 300 characters of a real phrase pass.
    expect(checkPasswordStrength(`${'x'.repeat(200)} harbour lanterns ${'y'.repeat(200)}`).ok).toBe(false);
    expect(checkPasswordStrength('seven lanterns over the harbour, '.repeat(10)).ok).toBe(true);
    expect(checkPasswordStrength('x'.repeat(1025))).toEqual({ ok: false, reason: 'Passwords have at most 1024 characters.' });
    expect(acceptInvitationSchema.safeParse({ password: 'x'.repeat(1024) }).success).toBe(true);
    expect(acceptInvitationSchema.safeParse({ password: ' padded with spaces ' })).toMatchObject({ data: { password: ' padded with spaces ' } });
  });
});

describe('link tokens', () => {
  it('are 256 random bits in base64url, and only their hash is compared', () => {
    const tokens = new Set(Array.from({ length: 200 }, newInvitationToken));
    expect(tokens.size).toBe(200);
    for (const t of tokens) expect(invitationTokenSchema.safeParse(t).success).toBe(true);
    const token = newInvitationToken();
    expect(sameTokenHash(hashInvitationToken(token), token)).toBe(true);
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }), (other) => {
        if (other !== token) expect(sameTokenHash(hashInvitationToken(token), other)).toBe(false);
      }),
    );
  });

  it('refuses anything that is not a token before any lookup', () => {
    for (const bad of ['', 'x'.repeat(42), 'x'.repeat(44), `${'x'.repeat(42)}=`, `${'x'.repeat(42)}/`])
      expect(invitationTokenSchema.safeParse(bad).success).toBe(false);
  });
});

describe('signing out sessions', () => {
  it('takes one session by id, the others, or all, and nothing else', () => {
    expect(signOutSessionsSchema.safeParse({ scope: 'one', sessionId: crypto.randomUUID() }).success).toBe(true);
    expect(signOutSessionsSchema.safeParse({ scope: 'others' }).success).toBe(true);
    expect(signOutSessionsSchema.safeParse({ scope: 'one' }).success).toBe(false);
    expect(signOutSessionsSchema.safeParse({ scope: 'all', sessionId: crypto.randomUUID() }).success).toBe(false);
    expect(signOutSessionsSchema.safeParse({ scope: 'everyone' }).success).toBe(false);
  });
});

describe('the sign-in page’s query', () => {
  it('keeps a known notice and a valid email, and drops anything else', () => {
    expect(loginSearchSchema.parse({ notice: 'password-changed', email: 'Rita@Paper.example' })).toEqual({
      notice: 'password-changed',
      email: 'rita@paper.example',
    });
    expect(loginSearchSchema.parse({ notice: '<script>', email: 'not an email' })).toEqual({});
    expect(loginSearchSchema.parse({ notice: ['password-changed', 'x'] })).toEqual({});
    expect(loginPath({ notice: 'password-changed', email: 'a+b@paper.example' })).toBe('/login?notice=password-changed&email=a%2Bb%40paper.example');
    expect(loginPath({})).toBe('/login');
  });
});

describe('device names', () => {
  it('name the browser and system in plain words', () => {
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(deviceName('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15')).toBe(
      'Safari on macOS',
    );
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0')).toBe(
      'Edge on Windows',
    );
    expect(
      deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1'),
    ).toBe('Chrome on iOS');
    expect(deviceName('Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0')).toBe('Firefox on Android');
    expect(deviceName('curl/8.5.0')).toBe('Unknown browser');
    expect(deviceName(null)).toBe('Unknown browser');
  });
});
