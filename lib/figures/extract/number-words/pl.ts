import 'server-only';
import type { NumberWordsSource } from './types';

// Nominative and the genitive/masculine-personal forms news copy uses ("zginęło pięciu", "dwóch policjantów").
export const PL: NumberWordsSource = {
  language: 'pl',
  kinds: {
    unit: `jeden 1 jedna 1 jedno 1 jednego 1 dwa 2 dwie 2 dwóch 2 dwaj 2 dwoje 2 trzy 3 trzech 3 trzej 3 troje 3 cztery 4
      czterech 4 czterej 4 pięć 5 pięciu 5 sześć 6 sześciu 6 siedem 7 siedmiu 7 osiem 8 ośmiu 8 dziewięć 9 dziewięciu 9`,
    teen: `dziesięć 10 dziesięciu 10 jedenaście 11 jedenastu 11 dwanaście 12 dwunastu 12 trzynaście 13 trzynastu 13
      czternaście 14 czternastu 14 piętnaście 15 piętnastu 15 szesnaście 16 szesnastu 16 siedemnaście 17 siedemnastu 17
      osiemnaście 18 osiemnastu 18 dziewiętnaście 19 dziewiętnastu 19`,
    ten: `dwadzieścia 20 dwudziestu 20 trzydzieści 30 trzydziestu 30 czterdzieści 40 czterdziestu 40 pięćdziesiąt 50
      pięćdziesięciu 50 sześćdziesiąt 60 sześćdziesięciu 60 siedemdziesiąt 70 siedemdziesięciu 70 osiemdziesiąt 80
      osiemdziesięciu 80 dziewięćdziesiąt 90 dziewięćdziesięciu 90`,
    hundred: `sto 100 stu 100 dwieście 200 dwustu 200 trzysta 300 trzystu 300 czterysta 400 pięćset 500 sześćset 600
      siedemset 700 osiemset 800 dziewięćset 900`,
    scale: `tysiąc 1000 tysiące 1000 tysięcy 1000 milion 1000000 miliony 1000000 milionów 1000000 miliard 1000000000
      miliardy 1000000000 miliardów 1000000000`,
    approx: 'dziesiątki 10 dziesiątek 10 setki 100 setek 100 tysiące 1000 tysięcy 1000 miliony 1000000',
    half: 'pół 0.5',
    article: '',
  },
  connectors: [],
};
