// A first guess at the numbers of a text an editor selected ("more than 1,200",
// "cerca de 1,6 milhão", "около 104"), to prefill the "Add as figure" form.
// The editor checks and corrects it; the extractor proper lives on the server.
import { type FigureQualifier } from '@/lib/validation/vocabulary';

export type ParsedSelection = { qualifier: FigureQualifier; value: number | null; min: number | null; max: number | null };

const EASTERN = '٠١٢٣٤٥٦٧٨٩';
const SCALES: [RegExp, number][] = [
  [/^\s*(mil milhões|billion|bilh(ão|ões)|mil millones|милиард[аи]?)(?!\p{L})/iu, 1e9],
  [/^\s*(million|milh(ão|ões)|mill(ón|ones)|милион[аи]?|مليون)(?!\p{L})/iu, 1e6],
  [/^\s*(thousand|mil|хиляди|ألف|آلاف)(?!\p{L})/iu, 1e3],
];
const QUALIFIERS: [RegExp, FigureQualifier][] = [
  [/\b(more than|over|above|mais de|más de|над|повече от|أكثر من)\s*$/iu, 'more_than'],
  [/\b(at least|pelo menos|al menos|поне|على الأقل)\s*$/iu, 'at_least'],
  [/\b(fewer than|less than|under|menos de|под|по-малко от|أقل من)\s*$/iu, 'fewer_than'],
  [/\b(at most|no more than|up to|até|hasta|до)\s*$/iu, 'at_most'],
  [/(about|around|nearly|almost|some|roughly|cerca de|quase|alrededor de|casi|около|почти|نحو|حوالي)\s*$/iu, 'about'],
];

function toNumber(raw: string): number | null {
  const digits = raw.replace(/[٠-٩]/g, (d) => String(EASTERN.indexOf(d)));
  // "365,315" and "365.315" group thousands; "1,6" and "1.6" are decimals.
  const grouped = /^\d{1,3}([.,\s\u00a0])\d{3}(\1\d{3})*$/.exec(digits);
  const normal = grouped ? digits.replace(/[.,\s\u00a0]/g, '') : digits.replace(/[\s\u00a0]/g, '').replace(',', '.');
  const n = Number(normal);
  return Number.isFinite(n) ? n : null;
}

export function parseSelection(text: string): ParsedSelection {
  const found = /[\d٠-٩]{1,3}(?:[.,\s\u00a0][\d٠-٩]{3})+(?:[.,][\d٠-٩]+)?|[\d٠-٩]+(?:[.,][\d٠-٩]+)?/u.exec(text);
  if (!found) return { qualifier: 'exact', value: null, min: null, max: null };
  let n = toNumber(found[0]);
  const after = text.slice(found.index + found[0].length);
  for (const [re, scale] of SCALES) {
    if (n !== null && re.test(after)) {
      n = Math.round(n * scale);
      break;
    }
  }
  const before = text.slice(0, found.index);
  const qualifier = QUALIFIERS.find(([re]) => re.test(before))?.[1] ?? 'exact';
  if (qualifier === 'more_than' || qualifier === 'at_least') return { qualifier, value: null, min: n, max: null };
  if (qualifier === 'fewer_than' || qualifier === 'at_most') return { qualifier, value: null, min: null, max: n };
  return { qualifier, value: n, min: null, max: null };
}
