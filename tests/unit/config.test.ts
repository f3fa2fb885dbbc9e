// lib/env.ts: one schema for every variable, parsed once into a frozen object.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildConfig, ConfigError, configSchema, parseSettings } from '../../lib/env';

const refusal = (source: Record<string, string>) => {
  try {
    parseSettings(source);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(source)}`);
};

// Every on/off variable in the schema, found by what it parses to.
const FLAGS = Object.entries(parseSettings({}))
  .filter(([, v]) => typeof v === 'boolean')
  .map(([k]) => k);

describe('on/off variables', () => {
  it('are found in the schema (TRUST_PROXY and SEED_DEMO_USERS at least)', () => {
    expect(FLAGS).toEqual(expect.arrayContaining(['TRUST_PROXY', 'SEED_DEMO_USERS']));
  });

  it('TRUST_PROXY=true means on (it used to mean off)', () => {
    expect(parseSettings({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(buildConfig(parseSettings({ TRUST_PROXY: 'true' })).TRUST_PROXY).toBe(true);
  });

  it.each(FLAGS)('%s takes 1/true/yes and 0/false/no in any case; empty or unset is off', (name) => {
    for (const on of ['1', 'true', 'yes', 'TRUE', 'Yes', ' true '])
      expect(parseSettings({ [name]: on })[name as keyof typeof configSchema.shape], on).toBe(true);
    for (const off of ['0', 'false', 'no', 'FALSE', 'No', ' 0'])
      expect(parseSettings({ [name]: off })[name as keyof typeof configSchema.shape], off).toBe(false);
    expect(parseSettings({ [name]: '' })[name as keyof typeof configSchema.shape]).toBe(false);
    expect(parseSettings({})[name as keyof typeof configSchema.shape]).toBe(false);
  });

  it.each(FLAGS)('%s refuses any other word with a sentence naming the variable and the value', (name) => {
    for (const word of ['on', 'off', '2', 'y', 'enabled', 'truee', '-1']) {
      const message = refusal({ [name]: word });
      expect(message).toContain(`${name}: must be 1, true or yes (on) or 0, false or no (off), not "${word}"`);
    }
  });
});

describe('web addresses', () => {
  const URLS = ['NEXTAUTH_URL', 'ORG_URL', 'REPORT_BASE_URL'] as const;

  it.each(URLS)('%s takes http and https URLs', (name) => {
    for (const url of ['http://localhost:3000', 'https://desk.example.org', 'https://example.org/fact-checks/', 'http://10.0.0.5:8080', 'http://[::1]:3000']) {
      expect(parseSettings({ [name]: url })[name]).toBe(url);
    }
  });

  it.each(URLS)('%s refuses anything that is not an http(s) URL, naming the variable', (name) => {
    for (const bad of [
      'desk.example.org',
      'localhost:3000',
      'ftp://example.org',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'mailto:desk@example.org',
      'not a url',
      'http://',
    ]) {
      expect(refusal({ [name]: bad })).toContain(`${name}: must be an http:// or https:// URL`);
    }
  });

  it('ClaimReview publisher: ORG_URL and REPORT_BASE_URL default to NEXTAUTH_URL; no trailing slash on the report base', () => {
    expect(buildConfig(parseSettings({})).publisher).toEqual({ name: 'Factdesk', url: 'http://localhost:3000', reportBaseUrl: 'http://localhost:3000/claims' });
    expect(buildConfig(parseSettings({ PORT: '4000', NEXTAUTH_URL: 'https://desk.example.org/' })).publisher).toEqual({
      name: 'Factdesk',
      url: 'https://desk.example.org',
      reportBaseUrl: 'https://desk.example.org/claims',
    });
    expect(
      buildConfig(parseSettings({ ORG_NAME: 'Lupa', ORG_URL: 'https://lupa.example', REPORT_BASE_URL: 'https://lupa.example/checks/' })).publisher,
    ).toEqual({
      name: 'Lupa',
      url: 'https://lupa.example',
      reportBaseUrl: 'https://lupa.example/checks',
    });
  });
});

describe('parsing', () => {
  it('an empty variable counts as unset', () => {
    const s = parseSettings({ PORT: '', HOST: '', DATABASE_URL: '', NEXTAUTH_URL: '', LOG_LEVEL: '' });
    expect(s).toMatchObject({ PORT: 3000, HOST: '127.0.0.1' });
    expect([s.DATABASE_URL, s.NEXTAUTH_URL, s.LOG_LEVEL]).toEqual([undefined, undefined, undefined]);
  });

  it('lists every bad variable, one line each, and never echoes the secret', () => {
    const message = refusal({ PORT: '70000', NEXTAUTH_SECRET: 'hunter2', DATABASE_URL: 'mysql://x', TRUST_PROXY: 'maybe' });
    expect(
      message
        .split('\n')
        .slice(1)
        .map((l) => l.trim().split(':')[0]),
    ).toEqual(['PORT', 'TRUST_PROXY', 'DATABASE_URL', 'NEXTAUTH_SECRET']);
    expect(message).not.toContain('hunter2');
  });

  it('ignores variables that are not its own', () => {
    const keys = Object.keys(parseSettings({ PATH: '/usr/bin', CI: 'true', PORT: '4000' }));
    expect(keys).toContain('PORT');
    expect(keys.filter((k) => !(k in configSchema.shape))).toEqual([]);
  });

  it('the log level is info, warn under the test runner, or LOG_LEVEL', () => {
    expect(buildConfig(parseSettings({ NODE_ENV: 'production' })).logLevel).toBe('info');
    expect(buildConfig(parseSettings({ NODE_ENV: 'test' })).logLevel).toBe('warn');
    expect(buildConfig(parseSettings({ NODE_ENV: 'test', LOG_LEVEL: 'debug' })).logLevel).toBe('debug');
    expect(refusal({ LOG_LEVEL: 'loud' })).toContain('LOG_LEVEL');
  });
});

describe('the config object', () => {
  it('is frozen all the way down', () => {
    const c = buildConfig(parseSettings({ ALLOWED_HOSTS: 'desk.lan', ALLOWED_ORIGINS: 'https://a.example' }));
    expect(Object.isFrozen(c)).toBe(true);
    expect(Object.isFrozen(c.ALLOWED_HOSTS)).toBe(true);
    expect(Object.isFrozen(c.ALLOWED_ORIGINS)).toBe(true);
    expect(Object.isFrozen(c.publisher)).toBe(true);
    // ES modules are strict: writing to a frozen object throws.
    expect(() => Object.assign(c, { PORT: 1 })).toThrow(TypeError);
    expect(() => (c.ALLOWED_HOSTS as string[]).push('evil.example')).toThrow(TypeError);
    expect(() => Object.assign(c.publisher, { url: 'https://evil.example' })).toThrow(TypeError);
  });

  it('carries what the process derived, falling back to the variables', () => {
    const s = parseSettings({ DATABASE_URL: 'postgresql://db/x', NEXTAUTH_SECRET: 'a-secret-of-sixteen+' });
    expect(buildConfig(s)).toMatchObject({ databaseUrl: 'postgresql://db/x', sessionSecret: 'a-secret-of-sixteen+' });
    expect(buildConfig(parseSettings({}))).toMatchObject({ databaseUrl: null, sessionSecret: null });
    const booted = buildConfig(parseSettings({}), { databaseUrl: 'postgresql://embedded/factdesk', sessionSecret: 'generated' });
    expect(booted).toMatchObject({ databaseUrl: 'postgresql://embedded/factdesk', sessionSecret: 'generated' });
    // What the operator set stays apart from what was derived (seeds: "embedded" means no DATABASE_URL).
    expect(booted.DATABASE_URL).toBeUndefined();
  });
});

describe('config(): one parse per process', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('reads the environment once; later changes to process.env are not seen', async () => {
    const { config } = await import('../../lib/env');
    const first = config();
    vi.stubEnv('PORT', '4321');
    expect(config()).toBe(first);
    expect(config().PORT).not.toBe(4321);
  });

  it('every copy of the module (custom server, Next bundle) sees the one config, with what bootstrap provided', async () => {
    const serverCopy = await import('../../lib/env');
    vi.resetModules();
    const nextCopy = await import('../../lib/env');
    expect(nextCopy).not.toBe(serverCopy);
    const provided = serverCopy.provideDerived({ databaseUrl: 'postgresql://127.0.0.1:54321/factdesk', sessionSecret: 'from-data-dir-secret' });
    expect(nextCopy.config()).toBe(provided);
    expect(nextCopy.config()).toMatchObject({ databaseUrl: 'postgresql://127.0.0.1:54321/factdesk', sessionSecret: 'from-data-dir-secret' });
    expect(Object.isFrozen(nextCopy.config())).toBe(true);
  });
});
