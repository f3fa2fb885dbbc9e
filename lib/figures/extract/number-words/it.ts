import 'server-only';
import type { NumberWordsSource } from './types';

const UNITS: ReadonlyArray<readonly [string, number]> = [
  ['uno', 1],
  ['due', 2],
  ['tre', 3],
  ['quattro', 4],
  ['cinque', 5],
  ['sei', 6],
  ['sette', 7],
  ['otto', 8],
  ['nove', 9],
];
const TENS: ReadonlyArray<readonly [string, number]> = [
  ['venti', 20],
  ['trenta', 30],
  ['quaranta', 40],
  ['cinquanta', 50],
  ['sessanta', 60],
  ['settanta', 70],
  ['ottanta', 80],
  ['novanta', 90],
];
// Italian writes 21–99 as one word and drops the ten's vowel before "uno" and "otto": "ventuno", "trentotto", "ventitré".
const COMPOUNDS = TENS.flatMap(([t, tv]) => UNITS.map(([u, uv]) => `${u === 'uno' || u === 'otto' ? t.slice(0, -1) : t}${u} ${tv + uv}`)).join(' ');

// "una ventina", "un centinaio", "un migliaio": about that many (roughly).
export const IT: NumberWordsSource = {
  language: 'it',
  kinds: {
    unit: 'uno 1 una 1 un 1 due 2 tre 3 quattro 4 cinque 5 sei 6 sette 7 otto 8 nove 9',
    teen: 'dieci 10 undici 11 dodici 12 tredici 13 quattordici 14 quindici 15 sedici 16 diciassette 17 diciotto 18 diciannove 19',
    ten: `${TENS.map(([t, v]) => `${t} ${v}`).join(' ')} ${COMPOUNDS}`,
    hundred: 'cento 100 duecento 200 trecento 300 quattrocento 400 cinquecento 500 seicento 600 settecento 700 ottocento 800 novecento 900',
    scale: 'mille 1000 mila 1000 milione 1000000 milioni 1000000 miliardo 1000000000 miliardi 1000000000',
    roughly: `decina 10 dozzina 12 quindicina 15 ventina 20 trentina 30 quarantina 40 cinquantina 50 sessantina 60 settantina 70
      ottantina 80 novantina 90 centinaio 100 migliaio 1000`,
    approx: 'decine 10 dozzine 12 centinaia 100 migliaia 1000 milioni 1000000',
    half: 'mezzo 0.5 mezza 0.5',
    article: 'un 1 una 1 uno 1',
  },
  connectors: ['e'],
};
