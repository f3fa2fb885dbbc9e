// Who a figure's attribution names, as the schema.org node a ClaimReview's
// Claim gives as its author: an Organization (an agency, a ministry, a news
// agency), a Person (a capitalised name of two to four words), or, when
// simple rules cannot tell, a Thing with the name as written. Several
// sources ("CNN en Español and AFP") become one node each.

import 'server-only';

type SourceNode = { '@type': 'Organization' | 'Person' | 'Thing'; name: string };

// Words that make a name an organisation's, in the desk's languages (lower case, whole words).
// prettier-ignore
const ORGANISATION_WORDS = new Set([
  // en
  'agency', 'authority', 'authorities', 'ministry', 'government', 'office', 'department', 'service', 'services', 'police', 'army', 'guard',
  'forces', 'military', 'migration', 'immigration', 'council', 'commission', 'committee', 'un', 'nations', 'press', 'news', 'network',
  'television', 'radio', 'times', 'post', 'associated', 'reuters', 'bloomberg', 'twitter', 'state',
  // es / pt
  'migración', 'migração', 'gobierno', 'governo', 'ministerio', 'ministério', 'agencia', 'agência', 'gabinete', 'autoridad', 'autoridade',
  'autoridades', 'policía', 'polícia', 'ejército', 'exército', 'fuerza', 'força', 'forças', 'fuerzas', 'servicio', 'serviço', 'oficina',
  'prensa', 'imprensa',
  // bg
  'агенция', 'министерство', 'правителство', 'полиция', 'армия', 'служба', 'власти', 'властите', 'миграция', 'гвардия', 'сили', 'силите',
  // ar
  'وزارة', 'هيئة', 'سلطات', 'السلطات', 'وكالة', 'الشرطة', 'الجيش', 'الحكومة', 'الهجرة', 'مكتب', 'إدارة', 'قوات', 'الأمم',
]);
// Long words also match inflected ("министерството", "властите", "immigration's").
const ORGANISATION_STEMS = [...ORGANISATION_WORDS].filter((w) => w.length >= 5);
// An all-capitals acronym (AFP, EFE, CNN, GNB, ONU): an organisation.
const ACRONYM = /^\p{Lu}{2,6}$/u;
// Joins between several sources.
const SEVERAL = /\s+(?:and|e|y|и|و)\s+|\s*[,;/&]\s*/u;
const CAPITALISED = /^\p{Lu}[\p{L}'’.-]*$/u;
// Small words inside a person's name (Juan Manuel de la Cruz, bin Salman).
const NAME_PARTICLES = new Set(['de', 'da', 'do', 'dos', 'das', 'del', 'la', 'van', 'von', 'bin', 'al', 'ibn']);

function classify(name: string): SourceNode {
  const words = name.split(/\s+/u).filter(Boolean);
  const lower = words.map((w) => w.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''));
  if (
    words.some((w) => ACRONYM.test(w.replace(/[^\p{L}]/gu, ''))) ||
    lower.some((w) => ORGANISATION_WORDS.has(w) || ORGANISATION_STEMS.some((stem) => w.startsWith(stem)))
  ) {
    return { '@type': 'Organization', name };
  }
  const capitalised = words.filter((w, i) => CAPITALISED.test(w) || (i > 0 && NAME_PARTICLES.has(lower[i] ?? '')));
  if (words.length >= 2 && words.length <= 5 && capitalised.length === words.length) return { '@type': 'Person', name };
  return { '@type': 'Thing', name };
}

/** The Claim's author for a figure: its source, else the attribution as written; undefined when it has neither. */
export function sourceNode(attribution: { text: string | null; source: string | null }): SourceNode | SourceNode[] | undefined {
  const name = (attribution.source ?? attribution.text)?.trim();
  if (!name) return undefined;
  if (!attribution.source) return { '@type': 'Thing', name };
  const parts = name
    .split(SEVERAL)
    .map((p) => p.trim())
    .filter(Boolean);
  // "Migración Colombia y la Cancillería" is two; "Rio De Janeiro's migration service" stays one.
  if (parts.length > 1 && parts.every((p) => classify(p)['@type'] !== 'Thing')) return parts.map(classify);
  return classify(name);
}
