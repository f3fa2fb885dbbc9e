import 'server-only';
import type { NumberWordsSource } from './types';

const UNITS: ReadonlyArray<readonly [string, number]> = [
  ['ein', 1],
  ['zwei', 2],
  ['drei', 3],
  ['vier', 4],
  ['fünf', 5],
  ['sechs', 6],
  ['sieben', 7],
  ['acht', 8],
  ['neun', 9],
];
const TENS: ReadonlyArray<readonly [string, number]> = [
  ['zwanzig', 20],
  ['dreißig', 30],
  ['vierzig', 40],
  ['fünfzig', 50],
  ['sechzig', 60],
  ['siebzig', 70],
  ['achtzig', 80],
  ['neunzig', 90],
];
// German writes 21–99 as one word, units first: "dreiundzwanzig".
const COMPOUNDS = TENS.flatMap(([t, tv]) => UNITS.map(([u, uv]) => `${u}und${t} ${tv + uv}`)).join(' ');
const HUNDREDS = UNITS.map(([u, uv]) => `${u}hundert ${uv * 100}`).join(' ');

export const DE: NumberWordsSource = {
  language: 'de',
  kinds: {
    unit: 'eins 1 ein 1 eine 1 einen 1 einem 1 zwei 2 drei 3 vier 4 fünf 5 sechs 6 sieben 7 acht 8 neun 9',
    teen: 'zehn 10 elf 11 zwölf 12 dreizehn 13 vierzehn 14 fünfzehn 15 sechzehn 16 siebzehn 17 achtzehn 18 neunzehn 19',
    ten: `${TENS.map(([t, v]) => `${t} ${v}`).join(' ')} ${COMPOUNDS}`,
    hundred: `hundert 100 ${HUNDREDS}`,
    scale: 'tausend 1000 million 1000000 millionen 1000000 milliarde 1000000000 milliarden 1000000000',
    collective: 'dutzend 12',
    approx: 'dutzende 12 hunderte 100 tausende 1000 millionen 1000000',
    half: 'halbe 0.5',
    article: 'ein 1 eine 1',
  },
  connectors: ['und'],
};
