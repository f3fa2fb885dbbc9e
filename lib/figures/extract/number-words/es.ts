import 'server-only';
import type { NumberWordsSource } from './types';

export const ES: NumberWordsSource = {
  language: 'es',
  kinds: {
    unit: 'uno 1 un 1 una 1 dos 2 tres 3 cuatro 4 cinco 5 seis 6 siete 7 ocho 8 nueve 9',
    teen: `diez 10 once 11 doce 12 trece 13 catorce 14 quince 15 dieciséis 16 diecisiete 17 dieciocho 18 diecinueve 19`,
    ten: `veinte 20 treinta 30 cuarenta 40 cincuenta 50 sesenta 60 setenta 70 ochenta 80 noventa 90
      veintiuno 21 veintiún 21 veintiuna 21 veintidós 22 veintitrés 23 veinticuatro 24 veinticinco 25 veintiséis 26
      veintisiete 27 veintiocho 28 veintinueve 29`,
    hundred: `cien 100 ciento 100 doscientos 200 doscientas 200 trescientos 300 trescientas 300 cuatrocientos 400
      cuatrocientas 400 quinientos 500 quinientas 500 seiscientos 600 seiscientas 600 setecientos 700 setecientas 700
      ochocientos 800 ochocientas 800 novecientos 900 novecientas 900`,
    scale: 'mil 1000 millón 1000000 millones 1000000 billón 1000000000000',
    collective: 'decena 10 docena 12 centenar 100 millar 1000',
    approx: 'decenas 10 docenas 12 centenares 100 cientos 100 miles 1000 millares 1000 millones 1000000',
    half: 'medio 0.5 media 0.5',
    article: 'un 1 una 1',
  },
  connectors: ['y'],
};
