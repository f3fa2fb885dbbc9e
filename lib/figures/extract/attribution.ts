// Who says a figure, as written: "according to Migración Colombia", "segundo
// a Proteção Civil", "según Médicos Sin Fronteras", "според CNN en Español и
// AFP", "وفقاً للجهاز المركزي للإحصاء"; a subject before a speech verb ("the
// interior ministry said", "Colombian immigration authorities reported"); a
// speaker after one ("informou a Defesa Civil", "съобщи губернаторът Олег
// Синегубов", "قال السيناتور ماركو روبيو"). A pronoun ("he said") is the
// last name given before it in the paragraph. News agencies and outlets that
// carry someone else's words are `relayedBy` ("told AFP", "according to EFE").
import 'server-only';
import { foldKey } from './fold';
import type { Sentence } from './sentences';

export type Attribution = { text: string; source: string | null; relayedBy: string | null };

const alt = (words: readonly string[]) =>
  [...words]
    .map((w) => foldKey(w).replace(/[.*+?^${}()|[\]\\]/gu, (c) => `\\${c}`))
    .sort((a, b) => b.length - a.length)
    .join('|');

const PREPOSITIONS = alt([
  'according to',
  'as reported by',
  'citing',
  'segundo',
  'de acordo com',
  'conforme',
  'según',
  'de acuerdo con',
  'citando',
  'според',
  'по данни на',
  'по информация на',
  'съгласно',
  'وفقا ل',
  'وفقا لـ',
  'وفقاً ل',
  'وفق',
  'بحسب',
  'حسب',
  'نقلا عن',
  'طبقا ل',
]);
const PREPOSITION_RE = new RegExp(`(?<![\\p{L}])(${PREPOSITIONS})\\s*`, 'gu');

const VERBS = alt(
  `said says say told tells reported reports announced announces indicated indicates added stated confirmed confirms estimated
   counted wrote tweeted declared noted explained echoed informed updated put
   disse dizem diz disseram afirmou afirmaram informou informaram declarou anunciou indicou acrescentou confirmou estimou
   contabilizou contou contaram escreveu atualizou revelou adiantou referiu admitiu garante garantiu avançou observou
   dijo dicen afirmó informó informaron declaró anunció indicó añadió confirmó estimó contabilizó escribió actualizó reveló
   señaló aseguró cifró explicó reportó contó contaron
   каза казаха заяви заявиха съобщи съобщиха обяви обявиха посочи посочиха добави потвърди написа отчетоха отчете
   информира сочат твърди коментира
   قال قالت أعلن أعلنت أفاد أفادت ذكر ذكرت أكد أكدت أضاف أضافت أحصت أحصى صرح كتب نقلت أوضح وقال وقالت وأعلن وأعلنت وأضاف`
    .split(/\s+/u)
    .filter(Boolean),
);
const VERB_RE = new RegExp(`(?<![\\p{L}])(${VERBS})(?![\\p{L}])`, 'gu');

// Words a subject may hold besides capitalised ones: "the interior ministry", "Colombian immigration authorities".
const SUBJECT_WORDS = new Set(
  `the a an of de da do das dos del la las los el o a en и на الـ s 's and e y
   authorities authority officials official ministry minister agency agencies service services police government army office
   spokesman spokeswoman spokesperson secretary governor mayor director organisers organizers sources source senator
   president commission council department health interior defence defense migration immigration regional local state
   federal national civil protection military press media
   autoridades autoridade ministério ministro governo polícia exército gabinete porta-voz secretário governador fontes fonte
   organização organizadores diretor presidente proteção defesa saúde migração imigração oposição
   autoridad ministerio gobierno policía ejército vocero portavoz secretario gobernador fuentes fuente organización
   organizadores director migración
   власти властите министерство министерството правителството полицията армията говорител губернаторът кметът
   организаторите службата миграционната колумбийските`
    .split(/\s+/u)
    .filter(Boolean)
    .map(foldKey),
);
const PRONOUNS = new Set('he she they it ele ela eles elas él ella ellos ellas той тя те وهو هو هي'.split(' ').map(foldKey));
const GENERIC = new Set(
  'comunicado statement a statement reports report sources the statement data dados datos данните figures official figures'.split(' ').map(foldKey),
);
const OUTLETS =
  /^(?:AFP|EFE|AP|Reuters|Lusa|CNN(?: en Español)?|BBC|EVTV(?: Miami)?|Al Jazeera|ANSA|DPA|TASS|Xinhua|Bloomberg|Telemundo|Univision|NTN24|Caracol|RCN|БТА|БНР|bTV|Nova|Sputnik|رويترز|الجزيرة|فرانس برس|Twitter|Туитър|the press|media|journalists|reporters|jornalistas|periodistas|журналисти)$/iu;
const TITLE_WORDS = new Set(
  `republican democrat senator sen president minister secretary governor mayor general gen colonel director spokesman
   regional state florida us senador senadora presidente ministro ministra secretário governador general diretor director
   сенатор сенаторът губернаторът губернатор президентът министърът генералът السيناتور الرئيس الوزير المتحدث`
    .split(/\s+/u)
    .filter(Boolean)
    .map(foldKey),
);
const STOP_AFTER = new Set(
  `that que in on at en em no na to à ao a aos às on his her their su sua seu в във че от за с إن أن ان في على عن إلى الى
   after before during while when where whose who which whilst because as after`
    .split(/\s+/u)
    .filter(Boolean)
    .map(foldKey),
);
// Between an inverted verb and its speaker: '…", said Tuesday the director', 'disse ontem o comandante'.
const SKIP_AFTER_VERB = new Set(
  `on yesterday today monday tuesday wednesday thursday friday saturday sunday ontem hoje segunda-feira terça-feira quarta-feira
   quinta-feira sexta-feira sábado domingo ayer hoy lunes martes miércoles jueves viernes вчера днес понеделник вторник
   сряда четвъртък петък събота неделя أمس اليوم`
    .split(/\s+/u)
    .filter(Boolean)
    .map(foldKey),
);
const PLATFORM =
  /^\s*(?:on|in|en|em|no|na|в|على|عبر)\s+(?:(?:his|her|their|its|su|sua|seu|the|o|a)\s+)?(?:official\s+)?(?:(?:cuenta|conta|perfil|account)\s+(?:de|no|en)\s+|account\s+on\s+)?(?:twitter|facebook|telegram|instagram|туитър|телеграм|фейсбук|تويتر|فيسبوك)(?:\s+account)?/iu;

type Word = { text: string; f: string; start: number; end: number };
const WORD = /[\p{L}\p{M}\u0640'’.-]+|\d+/gu;

/** The attribution of a sentence (offsets on the body), or null. */
export type LocatedAttribution = Attribution & { start: number; end: number };

/**
 * Every attribution of a sentence, where it sits (offsets on the body): a
 * sentence may give two ("…, police said, while organisers put the figure at
 * 250,000"); each figure takes the nearest one with no other figure between.
 */
export function attributionsIn(body: string, folded: string, s: Sentence, paragraph: readonly Sentence[]): LocatedAttribution[] {
  const text = folded.slice(s.start, s.end);
  const words: Word[] = [];
  for (const m of body.slice(s.start, s.end).matchAll(WORD)) {
    const written = m[0].replace(/[.]+$/u, '');
    const start = s.start + m.index;
    words.push({ text: written, f: folded.slice(start, start + written.length).replace(/\u0640/gu, ''), start, end: start + written.length });
  }
  let relay: string | null = null;
  const found: LocatedAttribution[] = [];
  // 1. "according to X".
  for (const m of text.matchAll(PREPOSITION_RE)) {
    const at = s.start + m.index + m[0].length;
    if (m[1] === 'segundo' && !/^(?:a|o|os|as|\p{Lu})/u.test(body.slice(at, at + 2))) continue; // "o segundo trimestre"
    const phrase = phraseAfter(body, words, at, 9);
    if (!phrase || GENERIC.has(foldKey(phrase.text))) continue;
    if (isOutlet(phrase.text)) relay ??= phrase.text;
    else {
      const source = cleanSource(phrase.text, /^(?:وفق|طبق)/u.test(m[1] ?? ''));
      found.push({ text: body.slice(s.start + m.index, phrase.end).trim(), source, relayedBy: null, start: s.start + m.index, end: phrase.end });
    }
  }
  // 2. A speech verb with its subject before it or its speaker after it.
  {
    for (const m of text.matchAll(VERB_RE)) {
      const verbStart = s.start + m.index;
      const verbEnd = verbStart + m[0].length;
      const before = subjectBefore(body, words, verbStart, s.start);
      const inverted = /[,"”»“„]\s*$|^\s*$/u.test(body.slice(Math.max(s.start, verbStart - 3), verbStart)) || /^\p{Script=Arabic}/u.test(m[0]);
      let who: { text: string; start: number; end: number } | null = null;
      if (before && !inverted) who = before;
      else if (inverted) who = speakerAfter(body, words, verbEnd) ?? before;
      if (!who) continue;
      if (PRONOUNS.has(foldKey(who.text))) {
        const named = lastNameBefore(body, paragraph, s.start);
        if (!named) continue;
        who = { text: named, start: who.start, end: who.end };
      }
      const told = /^\s*(?:to|à|ao|a|на|ل)\s*(\p{Lu}[\p{L}]+(?:\s\p{Lu}[\p{L}]+)?)/u.exec(body.slice(who.end > verbEnd ? who.end : verbEnd, s.end));
      if (told?.[1] && isOutlet(told[1])) relay ??= told[1];
      const told2 = /^\s*(\p{Lu}[\p{L}]+)/u.exec(body.slice(verbEnd, s.end));
      if (/^(?:told|disse|dijo|каза)$/u.test(foldKey(m[0])) && told2?.[1] && isOutlet(told2[1])) relay ??= told2[1];
      const platform = PLATFORM.exec(body.slice(Math.max(who.end, verbEnd), s.end));
      const end = platform ? Math.max(who.end, verbEnd) + platform[0].length : Math.max(who.end, verbEnd);
      const start = Math.min(who.start, verbStart);
      if (isOutlet(who.text)) {
        relay ??= who.text;
        continue;
      }
      if (found.some((f) => start < f.end && f.start < end)) continue;
      found.push({ text: body.slice(start, end).trim(), source: cleanSource(who.text), relayedBy: null, start, end });
    }
  }
  if (found.length) return found.map((f) => ({ ...f, relayedBy: relay }));
  if (relay) return [{ text: relay, source: null, relayedBy: relay, start: s.start, end: s.end }];
  return [];
}

function isOutlet(text: string): boolean {
  return text.split(/\s+(?:and|e|y|и|و)\s+|,\s*/u).every((part) => OUTLETS.test(part.trim()));
}

/** Up to `max` words after `at`, to the clause's end. */
function phraseAfter(body: string, words: readonly Word[], at: number, max: number): { text: string; end: number } | null {
  const from = words.findIndex((w) => w.start >= at);
  if (from < 0) return null;
  let end = -1;
  for (let i = from; i < words.length && i < from + max; i++) {
    const w = words[i] as Word;
    if (i > from && /[,;:!?()"“”«»]|\.\s/u.test(body.slice((words[i - 1] as Word).end, w.start))) break;
    if (i > from && /^(?:that|que|while|whilst|when|mientras|enquanto|докато|когато|بينما|فيما|إن|أن)$/u.test(w.f)) break;
    end = w.end;
  }
  if (end < 0) return null;
  return { text: body.slice((words[from] as Word).start, end), end };
}

/** The subject right before a speech verb: capitalised words, organisation words, "the", "of". */
function subjectBefore(body: string, words: readonly Word[], verbStart: number, sentenceStart: number): { text: string; start: number; end: number } | null {
  let i = words.findIndex((w) => w.start >= verbStart) - 1;
  if (i < -1) i = words.length - 1;
  let first = -1;
  const last = i;
  for (let taken = 0; i >= 0 && taken < 9; i--, taken++) {
    const w = words[i] as Word;
    const gap = body.slice(w.end, words[i + 1]?.start ?? verbStart);
    if (/[,;:!?()"“”«»–]/u.test(gap)) break;
    const capital = /^\p{Lu}/u.test(w.text);
    if (capital || SUBJECT_WORDS.has(w.f) || PRONOUNS.has(w.f)) {
      first = i;
      if (PRONOUNS.has(w.f)) break;
      continue;
    }
    // One lowercase adjective before an organisation word: "Colombian immigration authorities", "regional governor".
    const next = words[i + 1];
    if (next && SUBJECT_WORDS.has(next.f) && !/^(?:the|a|of|de)$/u.test(next.f) && taken <= 3) {
      first = i;
      continue;
    }
    break;
  }
  if (first < 0 || last < 0) return null;
  // Drop leading function words ("of", "and") and a sentence-initial connective.
  while (first <= last && /^(?:of|de|and|e|y|и|s)$/u.test((words[first] as Word).f)) first++;
  if (first > last) return null;
  const a = words[first] as Word;
  const b = words[last] as Word;
  if (a.start < sentenceStart) return null;
  const text = body.slice(a.start, b.end);
  // A lone sentence-initial word that is not a name or an organisation ("However said") is no subject.
  if (first === last && !/^\p{Lu}/u.test(a.text) && !SUBJECT_WORDS.has(a.f) && !PRONOUNS.has(a.f)) return null;
  if (first === last && /^(?:the|a|an|o|el|la|os|as)$/u.test(a.f)) return null;
  return { text, start: a.start, end: b.end };
}

/** The speaker after an inverted verb: '…", said Tuesday the director', 'informou a Defesa Civil', 'قال السيناتور ماركو روبيو إن'. */
function speakerAfter(body: string, words: readonly Word[], verbEnd: number): { text: string; start: number; end: number } | null {
  let i = words.findIndex((w) => w.start >= verbEnd);
  if (i < 0) return null;
  // Skip a weekday or "to AFP".
  while (i < words.length && (SKIP_AFTER_VERB.has((words[i] as Word).f) || /^(?:à|ao|a|to)$/u.test((words[i] as Word).f))) {
    const w = words[i] as Word;
    if (/^(?:à|ao|a|to)$/u.test(w.f) && words[i + 1] && OUTLETS.test((words[i + 1] as Word).text)) i += 2;
    else i++;
  }
  let last = -1;
  const first = i;
  for (let k = i; k < words.length && k < i + 8; k++) {
    const w = words[k] as Word;
    if (k > i && /[,;:!?()"“”«».]/u.test(body.slice((words[k - 1] as Word).end, w.start))) break;
    if (k > i && STOP_AFTER.has(w.f)) break;
    last = k;
  }
  if (last < first) return null;
  // "estimated at 30,000 by police": a speaker starts with a name or an article, not a preposition or a number.
  if (STOP_AFTER.has((words[first] as Word).f) || /^\d/u.test((words[first] as Word).text)) return null;
  const a = words[first] as Word;
  const b = words[last] as Word;
  return { text: body.slice(a.start, b.end), start: a.start, end: b.end };
}

/** The last capitalised name of two words or more said before `offset` in the paragraph ("Republican Senator Marco Rubio" → "Marco Rubio"). */
function lastNameBefore(body: string, paragraph: readonly Sentence[], offset: number): string | null {
  const from = paragraph[0]?.start ?? offset;
  const names = [...body.slice(from, offset).matchAll(/\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)+/gu)].map((m) => m[0]);
  for (let k = names.length - 1; k >= 0; k--) {
    const name = stripTitles(names[k] as string);
    if (name.split(/\s+/u).length >= 2) return name;
  }
  return null;
}

function stripTitles(name: string): string {
  const parts = name.split(/\s+/u);
  while (parts.length > 2 && TITLE_WORDS.has(foldKey(parts[0] as string))) parts.shift();
  return parts.join(' ');
}

const OFFICE_HEAD = new RegExp(
  `^(?:(?:an?|um|uma|un|una|o|a|el|la|the)\\s+)?(?:${alt(
    `gabinete office bureau spokesman spokeswoman spokesperson journalist reporter correspondent director head
     jornalista repórter correspondente porta-voz diretor diretora chefe
     periodista reportero corresponsal portavoz vocero directora jefe
     говорител говорителят журналист кореспондент директор директорът
     مراسل متحدث المتحدث مدير`
      .split(/\s+/u)
      .filter(Boolean),
  )})\\s+(?:d[aoe]s?|del|for|of|at|from|на|في|باسم)\\s+(?:(?:the|a|o|la|el)\\s+)?(?=\\p{Lu}|\\p{Script=Arabic})`,
  'u',
);

/** The source without a leading article or title: "a Proteção Civil" → "Proteção Civil", "regional governor Oleh Syniehubov" → "Oleh Syniehubov". */
function cleanSource(text: string, arabicLam = false): string {
  let t = text.replace(/^(?:the|a|o|os|as|el|la|los|las|al|ال)\s+/iu, '').trim();
  // "gabinete de Migração da Colômbia", "Um jornalista da AFP", "a spokesman for the Interior Ministry": the head
  // says who in the organisation spoke; the source is the name after it (the attribution keeps the whole).
  const head = OFFICE_HEAD.exec(t.charAt(0).toLowerCase() + t.slice(1));
  if (head && head[0].length < t.length) t = t.slice(head[0].length).trim();
  // "وفقاً لوزارة الصحة": the preposition's ل is written on the name ("للجهاز" is ل + الجهاز).
  if (arabicLam && /^ل\p{Script=Arabic}{3,}/u.test(t)) t = t.startsWith('لل') ? `ال${t.slice(2)}` : t.slice(1);
  const name = /(?:^|\s)(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)+)$/u.exec(t);
  if (name?.[1] && name.index > 0 && /^[\p{Ll}\s]+$/u.test(t.slice(0, name.index))) t = name[1];
  return stripTitles(t);
}
