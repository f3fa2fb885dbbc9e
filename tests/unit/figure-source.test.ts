// A figure's attributed source as the Claim's author in ClaimReview (lib/exports/figure-source.ts).
import { describe, expect, it } from 'vitest';
import { sourceNode } from '../../lib/exports/figure-source';

const of = (source: string | null, text: string | null = source) => sourceNode({ source, text });

describe('sourceNode', () => {
  it.each([
    ['Migración Colombia', 'Organization'],
    ["Colombia's migration agency", 'Organization'],
    ['Marco Rubio', 'Person'],
    ['Juan Manuel Caicedo', 'Person'],
    ['Hugo Parra', 'Person'],
    ['AFP', 'Organization'],
    ['EVTV Miami', 'Organization'],
    ['Министерството на отбраната', 'Organization'],
    ['Майк Помпео', 'Person'],
    ['السلطات الكولومبية', 'Organization'],
    ['ماركو روبيو', 'Thing'],
    ['a witness', 'Thing'],
  ])('%s → %s', (name, type) => {
    expect(of(name)).toEqual({ '@type': type, name });
  });

  it('gives several sources one node each', () => {
    expect(of('CNN en Español and AFP')).toEqual([
      { '@type': 'Organization', name: 'CNN en Español' },
      { '@type': 'Organization', name: 'AFP' },
    ]);
    expect(of('CNN en Español и AFP')).toEqual([
      { '@type': 'Organization', name: 'CNN en Español' },
      { '@type': 'Organization', name: 'AFP' },
    ]);
  });

  it('falls back to the attribution as written, as a Thing, and to nothing', () => {
    expect(of(null, 'according to a statement')).toEqual({ '@type': 'Thing', name: 'according to a statement' });
    expect(of(null, null)).toBeUndefined();
    expect(of('  ', null)).toBeUndefined();
  });
});
