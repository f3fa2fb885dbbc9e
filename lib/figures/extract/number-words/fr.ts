import 'server-only';
import type { NumberWordsSource } from './types';

// "une soixantaine", "une centaine", "un millier": about that many (roughly).
export const FR: NumberWordsSource = {
  language: 'fr',
  kinds: {
    unit: 'un 1 une 1 deux 2 trois 3 quatre 4 cinq 5 six 6 sept 7 huit 8 neuf 9',
    teen: 'dix 10 onze 11 douze 12 treize 13 quatorze 14 quinze 15 seize 16',
    ten: 'vingt 20 trente 30 quarante 40 cinquante 50 soixante 60',
    hundred: 'cent 100 cents 100',
    scale: 'mille 1000 million 1000000 millions 1000000 milliard 1000000000 milliards 1000000000',
    roughly: `dizaine 10 douzaine 12 quinzaine 15 vingtaine 20 trentaine 30 quarantaine 40 cinquantaine 50 soixantaine 60
      centaine 100 millier 1000`,
    approx: 'dizaines 10 douzaines 12 centaines 100 milliers 1000 millions 1000000',
    half: 'demi 0.5 demie 0.5',
    article: 'un 1 une 1',
  },
  connectors: ['et'],
};
