import 'server-only';
import type { NumberWordsSource } from './types';

export const EN: NumberWordsSource = {
  language: 'en',
  kinds: {
    unit: 'one 1 two 2 three 3 four 4 five 5 six 6 seven 7 eight 8 nine 9',
    teen: 'ten 10 eleven 11 twelve 12 thirteen 13 fourteen 14 fifteen 15 sixteen 16 seventeen 17 eighteen 18 nineteen 19',
    ten: 'twenty 20 thirty 30 forty 40 fourty 40 fifty 50 sixty 60 seventy 70 eighty 80 ninety 90',
    hundred: 'hundred 100',
    scale: 'thousand 1000 million 1000000 billion 1000000000 trillion 1000000000000',
    collective: 'dozen 12',
    approx: 'dozens 12 hundreds 100 thousands 1000 millions 1000000 billions 1000000000 tens 10',
    half: 'half 0.5',
    article: 'a 1 an 1',
  },
  connectors: ['and'],
};
