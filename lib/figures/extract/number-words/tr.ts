import 'server-only';
import type { NumberWordsSource } from './types';

// Turkish numbers are written apart and larger first: "yirmi üç" (23), "iki yüz" (200), "on beş" (15, ten + unit).
export const TR: NumberWordsSource = {
  language: 'tr',
  kinds: {
    unit: 'bir 1 iki 2 üç 3 dört 4 beş 5 altı 6 yedi 7 sekiz 8 dokuz 9',
    ten: 'on 10 yirmi 20 otuz 30 kırk 40 elli 50 altmış 60 yetmiş 70 seksen 80 doksan 90',
    hundred: 'yüz 100',
    scale: 'bin 1000 milyon 1000000 milyar 1000000000',
    approx: 'onlarca 10 yüzlerce 100 binlerce 1000 milyonlarca 1000000',
    half: 'yarım 0.5',
    article: 'bir 1',
  },
  connectors: [],
};
