import 'server-only';
import type { NumberWordsSource } from './types';

// European and Brazilian spellings both (dezasseis/dezesseis, milhão/milhões, bilião/bilhão).
export const PT: NumberWordsSource = {
  language: 'pt',
  kinds: {
    unit: 'um 1 uma 1 dois 2 duas 2 três 3 quatro 4 cinco 5 seis 6 sete 7 oito 8 nove 9',
    teen: `dez 10 onze 11 doze 12 treze 13 catorze 14 quatorze 14 quinze 15 dezasseis 16 dezesseis 16 dezassete 17
      dezessete 17 dezoito 18 dezanove 19 dezenove 19`,
    ten: 'vinte 20 trinta 30 quarenta 40 cinquenta 50 cinqüenta 50 sessenta 60 setenta 70 oitenta 80 noventa 90',
    hundred: `cem 100 cento 100 duzentos 200 duzentas 200 trezentos 300 trezentas 300 quatrocentos 400 quatrocentas 400
      quinhentos 500 quinhentas 500 seiscentos 600 seiscentas 600 setecentos 700 setecentas 700 oitocentos 800
      oitocentas 800 novecentos 900 novecentas 900`,
    scale: 'mil 1000 milhão 1000000 milhões 1000000 milhao 1000000 bilhão 1000000000 bilhões 1000000000 bilião 1000000000000',
    collective: 'dezena 10 dúzia 12 centena 100 milhar 1000',
    approx: 'dezenas 10 dúzias 12 centenas 100 milhares 1000 milhões 1000000',
    half: 'meia 0.5 meio 0.5',
    article: 'um 1 uma 1',
  },
  connectors: ['e'],
};
