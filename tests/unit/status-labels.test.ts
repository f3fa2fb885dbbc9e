// A claim status has one word for people (lib/utils/status-labels.ts): the
// badge, the verdict form, the filters, the exports and the audit wording use
// it, so relabelling a status cannot reach some screens and miss others.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeEvent } from '../../lib/utils/describe-event';
import { STATUS_LABELS, statusWord } from '../../lib/utils/status-labels';
import { CLAIM_STATUSES } from '../../lib/validation/claims';

const ROOT = path.resolve(import.meta.dirname, '../..');
const HOME = path.join('lib', 'utils', 'status-labels.ts');

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    if (name === 'generated') return [];
    if (statSync(path.join(ROOT, rel)).isDirectory()) return sources(rel);
    return /\.tsx?$/.test(name) ? [rel] : [];
  });
}

describe('status labels', () => {
  it('name every status, and the in-sentence word is the label in lower case', () => {
    expect(Object.keys(STATUS_LABELS).sort()).toEqual([...CLAIM_STATUSES].sort());
    expect(CLAIM_STATUSES.map(statusWord)).toEqual(['unreviewed', 'verified', 'disputed', 'outdated']);
  });

  it('are written out in one module only', () => {
    const labels = Object.values(STATUS_LABELS);
    const copies = ['app', 'components', 'lib', 'server']
      .flatMap(sources)
      .filter((f) => f !== HOME)
      .flatMap((f) => {
        const text = readFileSync(path.join(ROOT, f), 'utf8');
        return labels.filter((l) => new RegExp(`['"\`>]${l}['"\`<]`).test(text)).map((l) => `${f}: ${l}`);
      });
    expect(copies).toEqual([]);
  });

  it('word the audit history as before', () => {
    const e: Parameters<typeof describeEvent>[0] = {
      seq: 1,
      at: '2026-12-01T00:00:00.000Z',
      action: 'claim.verdict_set',
      actorId: null,
      actorLabel: 'x',
      claimId: '0b6f3c2e-8a4d-4e1f-9c3b-2d5a6e7f8091',
      reason: 'r',
      before: { status: 'unreviewed', reason: null, evidence: [], reReviewAt: null, version: 1, decidedById: null },
      after: { status: 'verified', reason: 'r', evidence: [], reReviewAt: null, version: 2, decidedById: null },
    };
    expect(describeEvent(e, 'Rita')).toBe('Rita marked it verified (was unreviewed)');
  });
});
