// The words that turn a number into a bound or an estimate, per language:
// "more than one hundred" → more_than 100, "Около 104" → about 104, "just over
// a hundred" → more_than 100 (approximate), "pelo menos" → at_least, "up to" →
// at_most, "between 50 and 60" → between. Phrases are matched on folded
// tokens right before the number (a few, like "or more", right after it).
import 'server-only';
import type { FigureQualifier } from '../../validation/figures';
import { foldKey } from './fold';
import { adjacent, type Token } from './tokens';

type Rule = { qualifier: FigureQualifier; approximate: boolean };
type Phrase = { words: readonly string[]; rule: Rule };

// "*" marks a hedged bound (approximate): "just over", "pouco mais de".
const BEFORE: Readonly<Record<Exclude<FigureQualifier, 'exact' | 'between'>, string>> = {
  more_than: `more than | over | upwards of | in excess of | above | well over | well above | just over* | just more than* |
    a little over* | a little more than* | slightly more than* | slightly over* | mais de | mais do que | acima de |
    bem mais de | pouco mais de* | um pouco mais de* | más de | mas de | por encima de | poco más de* | algo más de* |
    un poco más de* | над | повече от | малко над* | малко повече от* | أكثر من | ما يزيد عن | ما يزيد على | يزيد عن |
    يزيد على | ما يربو على | أكثر قليلا من* |
    mehr als | über | weit über | knapp über* | plus de | plus d | bien plus de | un peu plus de* | più di | oltre |
    ben oltre | poco più di* | более | более чем | больше | свыше | понад | більше ніж | більш ніж | більше за | більше |
    ponad | więcej niż | przeszło |
    exceeded | exceeds | exceeding | surpassed | topped | supera | superan | superó | superaron | supera los | superan los |
    superó los | superaron los | supera las | superan las | ultrapassa | ultrapassou | ultrapassam | ultrapassaram | ultrapassa os |
    ultrapassou os | dépasse | dépassé | dépassait | dépassent | a dépassé | ont dépassé | supera i | superato | superano |
    übersteigt | überstieg | überschritten | überschritt | надхвърли | надхвърлиха | надхвърля | надминава | превысило |
    превысила | превысил | превышает | перевищила | перевищило | перевищив | перевищує | przekroczyła | przekroczył |
    przekroczyło | przekracza | تجاوز | تجاوزت | تخطى | تخطت | يتجاوز | تتجاوز`,
  at_least: `at least | no fewer than | no less than | a minimum of | pelo menos | no mínimo | ao menos | al menos |
    por lo menos | como mínimo | най-малко | поне | не по-малко от | минимум | ما لا يقل عن | لا يقل عن | على الأقل |
    mindestens | wenigstens | zumindest | au moins | au minimum | almeno | come minimo | non meno di | не менее |
    по меньшей мере | по крайней мере | как минимум | щонайменше | принаймні | не менше ніж | не менше | щонайменш |
    en az | co najmniej | przynajmniej | nie mniej niż | minimum`,
  about: `about | around | nearly | almost | some | roughly | approximately | an estimated | estimated | close to | circa |
    nigh on | cerca de | quase | aproximadamente | por volta de | perto de | em torno de | à volta de | uns | umas |
    casi | alrededor de | unos | unas | en torno a | около | близо | близо до | приблизително | почти | към |
    حوالي | حوالى | نحو | قرابة | زهاء | ما يقرب من | ما يقارب | تقريبا |
    rund | etwa | ungefähr | circa | ca | fast | nahezu | beinahe | annähernd | schätzungsweise | knapp |
    environ | près de | pres d | circa il | circa l | environ le | rund um | quelque | quelques | presque | autour de | approximativement | quasi | intorno a |
    attorno a | all incirca | около | почти | примерно | приблизительно | порядка | близько | майже | приблизно |
    орієнтовно | yaklaşık | yaklasik | neredeyse | około | ok | blisko | prawie | niemal | mniej więcej`,
  fewer_than: `fewer than | less than | under | below | just under* | menos de | pouco menos de* | poco menos de* |
    по-малко от | под | малко под* | أقل من | weniger als | moins de | moins d | meno di | менее | меньше | менше ніж |
    менш ніж | менше | mniej niż | poniżej`,
  at_most: `up to | at most | no more than | a maximum of | as many as | até | no máximo | não mais de | não mais do que |
    hasta | como máximo | a lo sumo | no más de | до | най-много | максимум | не повече от | ما يصل إلى | على الأكثر |
    bis zu | höchstens | maximal | jusqu à | au plus | au maximum | pas plus de | fino a | al massimo | non più di |
    не более | не больше | не більше | en fazla | maksymalnie | nie więcej niż | nawet | could reach | may reach | might reach |
    pourrait atteindre | pourraient atteindre | podría alcanzar | podrían alcanzar | pode chegar a | podem chegar a |
    potrebbe raggiungere | potrebbero raggiungere | может достичь | могут достичь | може сягнути | можуть сягнути |
    może sięgnąć | mogą sięgnąć | może wynieść | mogą wynieść`,
};
const AFTER: Readonly<Record<string, string>> = {
  at_least: 'or more | ou mais | o más | или повече | и повече | على الأقل | أو أكثر | ou plus | o più | oder mehr | и более | і більше | ve üzeri',
  about: 'or so | tal | تقريبا | civarında | kadar',
  // Turkish puts "more than" after the number and its case ending: "60'tan fazla", "100'den fazla kişi".
  more_than: `tan fazla | dan fazla | ten fazla | den fazla | tan fazlası | dan fazlası | ten fazlası | den fazlası | aşkın |
    aştı | üzerinde | in üzerinde | ın üzerinde | ün üzerinde | un üzerinde | i aştı | ı aştı | ü aştı | u aştı | i geçti | ı geçti | fazla | fazlası | ü aşkın | u aşkın | i aşkın | ı aşkın | yi aşkın | yı aşkın`,
  fewer_than: 'tan az | dan az | ten az | den az',
};
// "between" words, with the connectors they take; "from … to", "de … a", "от … до", "من … إلى".
const BETWEEN_OPENERS = new Set(['between', 'entre', 'между', 'بين', 'zwischen', 'tra', 'fra', 'между', 'між', 'pomiędzy', 'między'].map(foldKey));
const BETWEEN_JOINS = new Set(['and', 'e', 'y', 'и', 'و', 'to', '-', 'und', 'et', 'і', 'та', 'a'].map(foldKey));
const RANGE_OPENERS = new Set(['from', 'de', 'от', 'من', 'von', 'da', 'від', 'od'].map(foldKey));
const RANGE_JOINS = new Set(['to', 'a', 'até', 'до', 'إلى', 'الى', 'bis', 'à', 'do'].map(foldKey));

const compile = (table: Readonly<Record<string, string>>): Phrase[] =>
  Object.entries(table)
    .flatMap(([qualifier, list]) =>
      list
        .split('|')
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => ({
          words: foldKey(p.replace(/\*$/u, ''))
            .split(/[\s-]+/u)
            .filter(Boolean),
          rule: { qualifier: qualifier as FigureQualifier, approximate: qualifier === 'about' || p.endsWith('*') },
        })),
    )
    .sort((a, b) => b.words.length - a.words.length);

const BEFORE_PHRASES = compile(BEFORE);
const AFTER_PHRASES = compile(AFTER);

const TO_WORDS = new Set(['до', 'até', 'hasta', 'حتى', 'do'].map(foldKey));
// Multi-word "to" phrases that are also plain "to" after a verb of change: "è salito fino a 39", "est passé jusqu'à 40".
const TO_PHRASES = new Set(['bis zu', 'jusqu a', 'fino a'].map(foldKey));
// Verbs of change before "to": the number is where a quantity went.
const CHANGE =
  /^(?:rose|fell|slowed|climbed|dropped|jumped|grew|increased|decreased|subiu|caiu|baixou|desceu|aumentou|diminuiu|abrandou|cresceu|subio|bajo|cayo|aumento|disminuyo|crecio|descendio|забави|спадна|падна|нарасна|покачи|увеличи|намаля|поскъпна|ارتفع|انخفض|تراجع|زاد|وصل|stieg|gestiegen|erhoht|kletterte|wuchs|gesunken|sank|grimpe|monte|augmente|passe|atteint|eleve|sali|aument|cresciut|arrivat|giunt|sces|возрос|вырос|увеличил|достиг|поднял|снизил|зрос|зріс|збільшил|сягнул|досягл|зменшил|wzros|zwiekszyl|siegn|spadl|spadla)/u;

/** A verb of change within two words before `from`, or right after the number ("Do 39 wzrosła liczba…"). */
function changeVerbNear(tokens: readonly Token[], from: number, first: number): boolean {
  for (let k = from - 1; k >= Math.max(0, from - 2); k--) if (CHANGE.test((tokens[k] as Token).f)) return true;
  const after = tokens[first + 1];
  return after !== undefined && CHANGE.test(after.f);
}

/** Arabic joins و ب ل to the word: "وأكثر من", "بنحو". */
const tokenIs = (tok: Token, word: string, first: boolean) => tok.f === word || (first && /^[وبلف]/u.test(tok.f) && tok.f.slice(1) === word);

/** A qualifier phrase ending right before token `first`: its rule and the token it starts at. */
export function qualifierBefore(
  tokens: readonly Token[],
  folded: string,
  first: number,
  spanStart: number,
  percent: boolean,
): { rule: Rule; start: number } | null {
  for (const phrase of BEFORE_PHRASES) {
    const n = phrase.words.length;
    const from = first - n;
    if (from < 0) continue;
    let ok = true;
    for (let k = 0; k < n && ok; k++) {
      const tok = tokens[from + k] as Token;
      ok = tokenIs(tok, phrase.words[k] as string, k === 0);
      if (ok && k > 0) ok = adjacent(folded, (tokens[from + k - 1] as Token).end, tok.start);
    }
    if (!ok) continue;
    const lastTok = tokens[first - 1] as Token;
    // Only spaces (or a currency sign, an elision's apostrophe, or an abbreviation's period: "ok. 5", "ca. 300") between the phrase and the number.
    const gap = folded.slice(lastTok.end, spanStart);
    if (!/^[\s$€£]*(?:us\$|r\$)?\s*$|^'$/u.test(gap) && !(lastTok.f.length <= 3 && /^\.\s+$/u.test(gap))) continue;
    // "до", "até", "hasta", "حتى", "fino a" are also plain "to": "slowed to 3.7%", "subiu até 60", "зросла до 133" name a value reached, not a ceiling.
    const toPhrase = phrase.words.length === 1 ? TO_WORDS.has(phrase.words[0] as string) : TO_PHRASES.has(phrase.words.join(' '));
    if (toPhrase && (percent || changeVerbNear(tokens, from, first))) return null;
    return { rule: phrase.rule, start: (tokens[from] as Token).start };
  }
  return exceededBefore(tokens, folded, first);
}

// "superó este miércoles los 11.000", "تجاوز عدد المصابين ٣٤ ألفا": an exceeding verb a few words before the number.
const EXCEED = new Set(
  `supera superan superó superaron ultrapassa ultrapassou ultrapassam ultrapassaram dépasse dépassé dépassait dépassent exceeded
   exceeds surpassed topped superato superano übersteigt überstieg überschritten надхвърли надхвърлиха превысило превысила
   превысил превышает перевищила перевищило перевищив przekroczyła przekroczył przekroczyło تجاوز تجاوزت تخطى تخطت يتجاوز`
    .split(/\s+/u)
    .filter(Boolean)
    .map(foldKey),
);
const EXCEED_ARTICLES = new Set(['los', 'las', 'os', 'as', 'les', 'the', 'i', 'gli', 'le'].map(foldKey));
const COUNT_NOUNS = new Set(
  ['عدد', 'حصيله', 'число', 'количество', 'кількість', 'число', 'liczba', 'number', 'número', 'nombre', 'zahl', 'numero', 'броят', 'sayısı'].map(foldKey),
);

function exceededBefore(tokens: readonly Token[], folded: string, first: number): { rule: Rule; start: number } | null {
  const prev = tokens[first - 1];
  if (!prev) return null;
  const article = EXCEED_ARTICLES.has(prev.f);
  for (let k = first - 1; k >= Math.max(0, first - 5); k--) {
    const tok = tokens[k] as Token;
    if (tok.kind === 'n') return null;
    if (/[,.;:!?()]/u.test(folded.slice(tok.end, (tokens[k + 1] as Token).start))) return null;
    if (!EXCEED.has(tok.f) && !EXCEED.has(tok.f.replace(/^و/u, ''))) continue;
    const counted = COUNT_NOUNS.has(tokens[k + 1]?.f ?? '');
    if (!article && !counted) return null;
    return { rule: { qualifier: 'more_than', approximate: false }, start: article ? prev.start : (tokens[first] as Token).start };
  }
  return null;
}

/** "or more", "ou mais", "على الأقل" right after the number (or after its noun, up to `limit` tokens on). */
export function qualifierAfter(tokens: readonly Token[], folded: string, last: number, limit: number): { rule: Rule; end: number } | null {
  for (let offset = 1; offset <= limit + 1; offset++) {
    for (const phrase of AFTER_PHRASES) {
      const from = last + offset;
      let ok = from + phrase.words.length <= tokens.length;
      for (let k = 0; k < phrase.words.length && ok; k++) ok = tokenIs(tokens[from + k] as Token, phrase.words[k] as string, k === 0);
      if (ok && offset === 1 && !adjacent(folded, (tokens[last] as Token).end, (tokens[from] as Token).start)) ok = false;
      if (ok) return { rule: phrase.rule, end: (tokens[from + phrase.words.length - 1] as Token).end };
    }
  }
  return null;
}

/** Is token `first` opened by "between"/"entre" (→ "and"), or by "from"/"de" (→ "to"/"a")? The join words allowed. */
export function rangeOpener(tokens: readonly Token[], first: number): { joins: ReadonlySet<string>; start: number } | null {
  const prev = tokens[first - 1];
  if (!prev) return null;
  if (BETWEEN_OPENERS.has(prev.f)) return { joins: BETWEEN_JOINS, start: prev.start };
  if (RANGE_OPENERS.has(prev.f)) return { joins: RANGE_JOINS, start: prev.start };
  return null;
}
