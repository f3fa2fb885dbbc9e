// The README's configuration table and lib/env.ts's schema name the same
// variables, with the same defaults: a variable added to one must reach the other.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildConfig, configSchema, parseSettings } from '../../lib/env';

type Row = { name: string; defaultCell: string };

function configurationTable(): Row[] {
  const readme = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^##+ /m)[0];
  if (!section) throw new Error('README.md has no "## Configuration" section');
  // The first table of the section; the tools' own table follows a blank line and prose.
  const table = section.slice(section.indexOf('| variable |')).split(/\n\s*\n/)[0]!;
  return table
    .split('\n')
    .slice(2)
    .map((line) => line.split('|').map((c) => c.trim()))
    .map(([, name, defaultCell]) => {
      const match = /^`([A-Z][A-Z0-9_]*)`$/.exec(name ?? '');
      if (!match) throw new Error(`README configuration row does not start with one \`VARIABLE\`: ${name}`);
      return { name: match[1]!, defaultCell: defaultCell ?? '' };
    });
}

const rows = configurationTable();
const schemaNames = Object.keys(configSchema.shape);
const defaults: Record<string, unknown> = parseSettings({});
// Defaults the config object works out rather than the schema (outside the test runner).
const DERIVED_DEFAULTS: Record<string, unknown> = { LOG_LEVEL: buildConfig(parseSettings({ NODE_ENV: 'production' })).logLevel };

describe('README configuration table', () => {
  it('has rows (the parser found the table)', () => {
    expect(rows.length).toBeGreaterThan(10);
  });

  it('documents every variable in the schema', () => {
    const documented = new Set(rows.map((r) => r.name));
    expect(schemaNames.filter((n) => !documented.has(n))).toEqual([]);
  });

  it('lists only variables the schema reads, each once', () => {
    const names = rows.map((r) => r.name);
    expect(names.filter((n) => !schemaNames.includes(n))).toEqual([]);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it.each(rows.map((r) => [r.name, r] as const))('%s: the default column says what the schema defaults to', (name, row) => {
    const value = DERIVED_DEFAULTS[name] ?? defaults[name];
    if (typeof value === 'boolean') expect(row.defaultCell).toBe(value ? 'on' : 'off');
    else if (typeof value === 'number' || typeof value === 'string') expect(row.defaultCell.startsWith(`\`${value}\``), row.defaultCell).toBe(true);
    // Unset in the schema: a dash, what it derives from (`NEXTAUTH_URL`), or words; never a literal value.
    else expect(row.defaultCell, row.defaultCell).toMatch(/^(—|`[A-Z][A-Z0-9_]*[`/]|[a-z])/);
  });
});
