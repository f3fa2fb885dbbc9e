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
    .map((w) =>
      foldKey(w.replace(/_/gu, ' '))
        .replace(/[.*+?^${}()|[\]\\]/gu, (c) => `\\${c}`)
        .replace(/ /gu, '\\s+'),
    )
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
  // de fr it
  'laut',
  'nach angaben von',
  'nach angaben des',
  'nach angaben der',
  'nach angaben',
  'nach informationen von',
  'nach informationen des',
  'nach informationen der',
  'selon',
  "d'apres",
  'de source',
  'secondo',
  'stando a',
  'a detta di',
  'secondo quanto riferito da',
  'secondo quanto reso noto da',
  // ru uk pl
  'по данным',
  'по словам',
  'по информации',
  'по сведениям',
  'по оценке',
  'по оценкам',
  'по подсчетам',
  'по подсчётам',
  'согласно данным',
  'согласно',
  'со ссылкой на',
  'за даними',
  'за словами',
  'за інформацією',
  'за оцінками',
  'за оцінкою',
  'за підрахунками',
  'згідно з даними',
  'згідно з',
  'з посиланням на',
  'według',
  'wg',
  'zdaniem',
  'powołując się na',
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
   قال قالت أعلن أعلنت أفاد أفادت ذكر ذكرت أكد أكدت أضاف أضافت أحصت أحصى صرح كتب نقلت أوضح وقال وقالت وأعلن وأعلنت وأضاف
   وأفاد وأفادت وذكر وذكرت وأكد وأكدت وأوضح وصرح
   sagte sagten teilte teilten mitteilte mitteilten erklärte erklärten berichtete berichteten meldete meldeten bestätigte
   bestätigten zählte zählten schätzte schätzten sprach sprachen angab angaben hieß
   indiqué annoncé précisé déclaré affirmé ajouté expliqué rapporté confirmé compté recensé dénombré estimé indique annonce
   précise affirme rapporte déclare dit
   detto dichiarato annunciato riferito riferisce riferiscono comunicato spiegato aggiunto confermato precisato contati
   contato stimato reso_noto fa_sapere fanno_sapere
   сообщил сообщила сообщило сообщили сообщает сообщают заявил заявила заявило заявили заявляет сказал сказала сказали
   рассказал рассказала уточнил уточнила уточнили добавил добавила подтвердил подтвердила подтвердили объявил объявила
   объявили доложил доложила передает передают называло называл назвал
   повідомив повідомила повідомило повідомили повідомляє повідомляють заявив заявила заявило заявили сказав сказала
   розповів розповіла уточнив уточнила додав додала підтвердив підтвердила оголосив оголосила передає передають
   podał podała podało podali podaje podają poinformował poinformowała poinformowało poinformowali przekazał przekazała
   przekazało przekazali oświadczył oświadczyła powiedział powiedziała ogłosił ogłosiła ogłosiło dodał dodała potwierdził
   potwierdziła naliczyła naliczył naliczyło`
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
   организаторите службата миграционната колумбийските
   der die des dem den behörde behörden ministerium polizei regierung armee sprecher sprecherin gewerkschaft
   le les du l autorités ministère ministre gouvernement armée préfecture porte-parole syndicat syndicats
   il lo gli le dell della delle autorità ministero ministro governo polizia esercito portavoce sindacato sindacati
   власти министерство минздрав мвд полиция ведомство служба правительство армия глава директор пресс-секретарь
   влада міністерство моз мвс поліція відомство служба уряд армія речник речниця
   władze ministerstwo resort policja rząd wojsko rzecznik rzeczniczka służba agencja`
    .split(/\s+/u)
    .filter(Boolean)
    .map(foldKey),
);
const PRONOUNS = new Set(
  'he she they it ele ela eles elas él ella ellos ellas той тя те وهو هو هي er sie il elle ils elles lui lei он она они він вона вони on ona oni'
    .split(' ')
    .map(foldKey),
);
const GENERIC = new Set(
  [
    ...'comunicado statement reports report sources data dados datos данните figures informations données dati cui quale lequel laquelle which whom'.split(' '),
    'a statement',
    'the statement',
    'official figures',
    'premiers éléments',
    'les premiers éléments',
    'первым данным',
    'предварительным данным',
    'попередніми даними',
    'wstępnych danych',
  ].map(foldKey),
);
// "segundo os últimos balanços oficiais": what was counted, with no one named.
const REPORT_ONLY =
  /^(?:(?:the|os|as|o|a|los|las|el|la|les|le|i|gli|il)\s+)?(?:\p{Ll}+\s+){0,2}(?:balanços?|balances?|bilans?|bilanci|bilancio|figures|data|dados|datos|données|dati|estimates|estimativas|estimaciones|números|numbers|reports?|informes?|relatórios?|tallies|tally|counts?)(?![\p{L}])/u;
// "secondo cui", "selon lequel", "según el cual": a relative pointing back at the subject, not a source.
const RELATIVE_AFTER =
  /^\s*(?:cui|quale|quali|lequel|laquelle|lesquels|lesquelles|qui|el cual|la cual|los cuales|las cuales|o qual|a qual|which|whom|whose|которому|которой|которым|яким|якою|якими|którym|której|których)(?![\p{L}])/iu;

/** News agencies and outlets, as written in the twelve languages, with their short canonical name. */
const AGENCIES: readonly [string, RegExp][] = [
  ['AFP', /^(?:(?:agence\s+)?france[-\s]?presse|afp|аfp|афп|франс[-\s]?пресс?|франс[-\s]?прес|(?:وكاله\s+)?فرانس\s*برس|(?:وكاله\s+)?الانباء\s+الفرنسيه)$/iu],
  ['Reuters', /^(?:reuters|рейтер|рейтерс|ройтерс|ройтерс|(?:وكاله\s+)?رويترز)$/iu],
  ['AP', /^(?:ap|associated\s+press|асошиейтед\s+прес|ассошиэйтед\s+пресс|(?:وكاله\s+)?اسوشيتد\s+برس)$/iu],
  ['EFE', /^(?:efe|ефе|إفي|افي)$/iu],
  ['Lusa', /^lusa$/iu],
  ['ANSA', /^ansa$/iu],
  ['dpa', /^(?:dpa|дпа)$/iu],
  ['PAP', /^pap$/iu],
  ['TASS', /^(?:tass|тасс|тасс|тас|(?:وكاله\s+)?تاس)$/iu],
  ['RIA Novosti', /^(?:ria\s+novosti|риа\s+новости|ріа\s+новини)$/iu],
  ['Interfax', /^(?:interfax|интерфакс|інтерфакс)$/iu],
  ['Ukrinform', /^(?:ukrinform|укрінформ|укринформ)$/iu],
  ['UNIAN', /^(?:unian|уніан|униан)$/iu],
  ['BTA', /^(?:bta|бта)$/iu],
  ['Anadolu', /^(?:anadolu(?:\s+ajansı)?|aa|الاناضول|(?:وكاله\s+)?الاناضول)$/iu],
  ['Xinhua', /^(?:xinhua|синьхуа|(?:وكاله\s+)?شينخوا)$/iu],
  ['Al Jazeera', /^(?:al\s+jazeera|аль-джазира|аль-джазіра|الجزيره|قناه\s+الجزيره)$/iu],
  ['Al Arabiya', /^(?:al\s+arabiya|العربيه)$/iu],
  ['Bloomberg', /^bloomberg$/iu],
  ['Sputnik', /^(?:sputnik|спутник)$/iu],
  ['Europa Press', /^europa\s+press$/iu],
];
const OUTLETS =
  /^(?:AFP|EFE|AP|Reuters|Lusa|CNN(?: en Español)?|BBC|EVTV(?: Miami)?|Al Jazeera|ANSA|DPA|TASS|Xinhua|Bloomberg|Telemundo|Univision|NTN24|Caracol|RCN|БТА|БНР|bTV|Nova|Sputnik|رويترز|الجزيرة|فرانس برس|Twitter|Туитър|the press|media|journalists|reporters|jornalistas|periodistas|журналисти|журналистам|журналістам|dziennikarzom|giornalisti|journalistes|Journalisten)$/iu;
// "російські ЗМІ", "российские СМИ", "les médias", "вата медии", "وسائل الإعلام": the press in general.
const MEDIA = /(?:^|\s)(?:змі|сми|медии|médias|medien|media|medios|mídia|medya|الاعلام)$/iu;

/** The canonical short name of an agency or outlet ("وكالة فرانس برس" → "AFP"), or null when it is none. */
export function outletName(text: string): string | null {
  const list = text.trim().split(/\s+(?:and|e|y|и|і|і|und|et|i|ve|و)\s+|,\s*/u);
  if (list.length > 1) return list.every((part) => outletName(part) !== null) ? text.trim() : null;
  const t = foldKey(
    text.trim().replace(/^(?:the|la|el|l'|le|il|die|der|agencia|agência|agenzia|agence|agentur|агенция|агентство|агенство|agencja|ajansı)\s+/iu, ''),
  );
  for (const [name, re] of AGENCIES) if (re.test(t)) return name;
  if (OUTLETS.test(text.trim())) return text.trim();
  if (MEDIA.test(t) && t.split(/\s+/u).length <= 3) return text.trim();
  return null;
}

const TITLE_WORDS = new Set(
  `republican democrat senator sen president minister secretary governor mayor general gen colonel director spokesman
   spokeswoman spokesperson head chief commander prime
   regional state florida us senador senadora presidente ministro ministra secretário governador general diretor director
   gobernador alcalde prefeito portavoz vocero porta-voz
   сенатор сенаторът губернаторът губернатор президентът министърът генералът министър говорител кметът
   السيناتور الرئيس الوزير المتحدث وزير محافظ مدير رئيس المتحدث_باسم
   präsident minister ministerin sprecher sprecherin bürgermeister gouverneur direktor chef kremlchef innenminister
   président ministre porte-parole maire préfet directeur gouverneur premier
   presidente ministro portavoce sindaco prefetto direttore governatore premier
   президент министр пресс-секретарь мэр губернатор директор глава представитель официальный
   президент міністр речник речниця мер губернатор директор голова очільник прессекретар пресс-секретар
   prezydent minister rzecznik rzeczniczka burmistrz wojewoda gubernator dyrektor szef premier
   bakanı bakan başkanı başkan sözcüsü sözcü valisi vali müdürü genel_müdürü cumhurbaşkanı`
    .split(/\s+/u)
    .filter(Boolean)
    .map((w) => foldKey(w.replace(/_/gu, ' '))),
);
const STOP_AFTER = new Set(
  `that que in on at en em no na to à ao a aos às on his her their su sua seu в във че от за с إن أن ان في على عن إلى الى
   after before during while when where whose who which whilst because as after
   dass in im am um auf bei nach mit zum zur qu qui dans lors pendant depuis che nel nella durante
   что о об про после во що у після że w we o po który która które którzy`
    .split(/\s+/u)
    .filter(Boolean)
    .map(foldKey),
);
// Between an inverted verb and its speaker: '…", said Tuesday the director', 'disse ontem o comandante', 'podało w czwartek'.
const SKIP_AFTER_VERB = new Set(
  `on yesterday today monday tuesday wednesday thursday friday saturday sunday ontem hoje segunda-feira terça-feira quarta-feira
   quinta-feira sexta-feira sábado domingo ayer hoy lunes martes miércoles jueves viernes вчера днес понеделник вторник
   сряда четвъртък петък събота неделя أمس اليوم ليلا مساء صباحا
   gestern heute montag dienstag mittwoch donnerstag freitag samstag sonntag am
   hier aujourd'hui lundi mardi mercredi jeudi vendredi samedi dimanche mercredi
   ieri oggi lunedì martedì mercoledì giovedì venerdì sabato domenica
   вчера сегодня утром вечером днем ночью понедельник вторник среду четверг пятницу субботу воскресенье
   вчора сьогодні вранці ввечері вдень вночі понеділок вівторок середу четвер п'ятницю суботу неділю
   wczoraj dziś dzisiaj rano wieczorem poniedziałek wtorek środę czwartek piątek sobotę niedzielę w we в во у`
    .split(/\s+/u)
    .filter(Boolean)
    .map(foldKey),
);
const PLATFORM =
  /^\s*(?:on|in|en|em|no|na|в|على|عبر)\s+(?:(?:his|her|their|its|su|sua|seu|the|o|a)\s+)?(?:official\s+)?(?:(?:cuenta|conta|perfil|account)\s+(?:de|no|en)\s+|account\s+on\s+)?(?:twitter|facebook|telegram|instagram|туитър|телеграм|фейсбук|تويتر|فيسبوك)(?:\s+account)?/iu;
// A sentence that attributes the one before it: "Про це повідомив …", "Об этом сообщил …", "Das teilte … mit", "Lo ha reso noto …".
const ANAPHOR = /^\s*(?:про\s+це|об\s+этом|это|das|dies|lo|l'|cela|c'est\s+ce\s+qu'|това|так|o\s+tym|bunu)\s*$/iu;
// Arabic words that open what was said, never who said it ("أعلن ارتفاع الحصيلة", "أعلنت ليلا سقوط 73 قتيلا").
const ARABIC_NOT_SPEAKER = new Set('ارتفاع سقوط مقتل وفاه اصابه حصيله عن ان إن انه انها عدد تسجيل حاله وصول نحو اكثر'.split(' ').map(foldKey));
// Turkish speech verbs close the sentence: "AFAD, … açıkladı", "Sezer, … belirtti".
const TURKISH_FINAL = /(?:açıkladı|duyurdu|bildirdi|söyledi|belirtti|kaydetti|dedi|aktardı|ifade\s+etti|açıklama\s+yaptı|iletti)\s*[.!]?\s*$/iu;
const TURKISH_BEFORE_GORE = new Set(
  'açıklamasına açıklamaya açıklamalarına yapılan verilerine verilere bilgilere bilgiye tahminlerine raporuna göre son'.split(' ').map(foldKey),
);
const COUNTRY_ACRONYMS = new Set('РФ США US USA UK EU ЕС UE ABD AB RF США СССР UAE'.split(' '));

type Word = { text: string; f: string; start: number; end: number };
const WORD = /[\p{L}\p{M}\u0640'’.-]+|\d+/gu;

/** The attribution of a sentence (offsets on the body), or null. */
export type LocatedAttribution = Attribution & { start: number; end: number; anaphoric?: boolean };

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
    if (!/[\p{L}\d]/u.test(written)) continue;
    const start = s.start + m.index;
    words.push({ text: written, f: folded.slice(start, start + written.length).replace(/\u0640/gu, ''), start, end: start + written.length });
  }
  let relay: string | null = null;
  const found: LocatedAttribution[] = [];
  // 1. "according to X".
  for (const m of text.matchAll(PREPOSITION_RE)) {
    const at = s.start + m.index + m[0].length;
    if (m[1] === 'segundo' && !/^(?:a|o|os|as|\p{Lu})/u.test(body.slice(at, at + 2))) continue; // "o segundo trimestre"
    if (m[1] === 'secondo' && !/^(?:il|lo|la|l'|i|gli|le|\p{Lu})/u.test(body.slice(at, at + 3))) continue;
    if (RELATIVE_AFTER.test(body.slice(at, at + 20))) continue; // "secondo cui", "selon lequel"
    const phrase = phraseAfter(body, words, at, 9);
    if (phrase && REPORT_ONLY.test(phrase.text) && !/\p{Lu}/u.test(phrase.text)) continue;
    if (!phrase || GENERIC.has(foldKey(phrase.text)) || GENERIC.has(foldKey(phrase.text.replace(/^(?:les|the|los|las|i|gli)\s+/iu, '')))) continue;
    // "وفق ما نقلته وكالات روسية عن لجنة التحقيق": the agencies relay, the committee is the source.
    const relayed = /^ما\s+(?:نقلته|نقلت|اوردته|اوردت|ذكرته|ذكرت)\s+(.+?)\s+عن\s+(.+)$/u.exec(foldKey(phrase.text));
    if (relayed?.[1] && relayed[2]) {
      const cut = phrase.text.length - relayed[2].length;
      relay ??=
        outletName(
          phrase.text
            .slice(0, cut)
            .replace(/^\S+\s+\S+\s+/u, '')
            .replace(/\s+عن\s*$/u, ''),
        ) ??
        phrase.text
          .slice(0, cut)
          .replace(/^\S+\s+\S+\s+/u, '')
          .replace(/\s+عن\s*$/u, '');
      found.push({
        text: body.slice(s.start + m.index, phrase.end).trim(),
        source: cleanSource(phrase.text.slice(cut)),
        relayedBy: null,
        start: s.start + m.index,
        end: phrase.end,
      });
      continue;
    }
    const outlet = outletName(phrase.text);
    if (outlet) relay ??= outlet;
    else {
      const source = cleanSource(phrase.text, /^(?:وفق|طبق)/u.test(m[1] ?? ''));
      found.push({ text: body.slice(s.start + m.index, phrase.end).trim(), source, relayedBy: null, start: s.start + m.index, end: phrase.end });
    }
  }
  // "plus de 2 millions pour la CGT", "per la Cgt erano invece oltre 3 milioni": a named counter after pour/per/para.
  for (const m of body
    .slice(s.start, s.end)
    .matchAll(
      /(?<![\p{L}])(?:pour|per|para)\s+(?:la|le|les|l'|il|el|a|o)\s*(\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*){0,3})(?=\s*(?:[,.;)»]|$|erano|étaient|eran|eram|sono|sont))/gu,
    )) {
    const start = s.start + m.index;
    if (!found.some((f) => start < f.end && f.start < start + m[0].length)) {
      const outlet = outletName(m[1] ?? '');
      if (outlet) relay ??= outlet;
      else found.push({ text: m[0], source: m[1] ?? null, relayedBy: null, start, end: start + m[0].length });
    }
  }
  // German "nach Polizeiangaben", "der Behörde zufolge"; Turkish "BM'ye göre", "AFAD'ın açıklamasına göre".
  for (const m of body.slice(s.start, s.end).matchAll(/(?<![\p{L}])nach\s+(\p{Lu}\p{Ll}+?)(?:n|en)?angaben(?![\p{L}])/gu)) {
    const start = s.start + m.index;
    found.push({ text: m[0], source: m[1] ?? null, relayedBy: null, start, end: start + m[0].length });
  }
  for (const m of text.matchAll(/(?<![\p{L}])(zufolge|gore)(?![\p{L}])/gu)) {
    const at = s.start + m.index;
    const got = m[1] === 'gore' ? beforeGore(body, words, at) : beforeZufolge(body, words, at);
    if (got && !found.some((f) => got.start < f.end && f.start < at)) {
      const outlet = outletName(got.source);
      if (outlet) relay ??= outlet;
      else found.push({ text: body.slice(got.start, at + m[0].length), source: got.source, relayedBy: null, start: got.start, end: at + m[0].length });
    }
  }
  // Turkish: "Rusya Soruşturma Komitesi, … bildirdi.": the subject before the first comma of a sentence closed by a speech verb.
  if (TURKISH_FINAL.test(body.slice(s.start, s.end))) {
    const comma = body.slice(s.start, s.end).indexOf(',');
    const lead = comma > 0 ? body.slice(s.start, s.start + comma) : '';
    if (lead && lead.split(/\s+/u).length <= 8 && /^\p{Lu}/u.test(lead.trim())) {
      if (!found.some((f) => f.start < s.start + comma)) {
        found.push({ text: lead.trim(), source: cleanSource(lead.trim().replace(/['’]\p{L}+$/u, '')), relayedBy: null, start: s.start, end: s.start + comma });
      }
    }
  }
  // 2. A speech verb with its subject before it or its speaker after it.
  {
    for (const m of text.matchAll(VERB_RE)) {
      let verbStart = s.start + m.index;
      const verbEnd = verbStart + m[0].length;
      // "a annoncé", "ha reso noto", "hat mitgeteilt": the auxiliary belongs to the verb.
      const aux = /(?:^|\s)((?:ne\s+)?(?:a|ont|avait|avaient|ha|hanno|aveva|avevano|hat|haben|hatte|hatten))\s+$/u.exec(folded.slice(s.start, verbStart));
      if (aux?.[1]) verbStart -= aux[1].length + (folded.slice(s.start, verbStart).length - (aux.index + aux[0].length)) + 1;
      verbStart = Math.max(s.start, verbStart);
      const lead = body.slice(s.start, verbStart);
      const anaphoric = ANAPHOR.test(lead);
      const before = anaphoric ? null : subjectBefore(body, words, verbStart, s.start);
      const inverted = anaphoric || /[,"”»“„\-–—]\s*$|^\s*$/u.test(body.slice(Math.max(s.start, verbStart - 3), verbStart)) || /^\p{Script=Arabic}/u.test(m[0]);
      let who: { text: string; start: number; end: number } | null = null;
      let skippedOutlet: string | null = null;
      if (before && !inverted) who = before;
      else if (inverted) {
        const after = speakerAfter(body, words, verbEnd, s.end);
        skippedOutlet = after?.outlet ?? null;
        who = after?.who ?? before;
      }
      if (skippedOutlet) relay ??= skippedOutlet;
      if (!who) continue;
      if (PRONOUNS.has(foldKey(who.text))) {
        const named = lastNameBefore(body, paragraph, s.start);
        if (!named) continue;
        who = { text: named, start: who.start, end: who.end };
      }
      const told = /^\s*(?:to|à|ao|a|на|ل)\s*(\p{Lu}[\p{L}]+(?:\s\p{Lu}[\p{L}]+)?)/u.exec(body.slice(who.end > verbEnd ? who.end : verbEnd, s.end));
      if (told?.[1] && outletName(told[1])) relay ??= outletName(told[1]);
      const told2 = /^\s*(\p{Lu}[\p{L}]+)/u.exec(body.slice(verbEnd, s.end));
      if (/^(?:told|disse|dijo|каза)$/u.test(foldKey(m[0])) && told2?.[1] && outletName(told2[1])) relay ??= outletName(told2[1]);
      const platform = PLATFORM.exec(body.slice(Math.max(who.end, verbEnd), s.end));
      const end = platform ? Math.max(who.end, verbEnd) + platform[0].length : Math.max(who.end, verbEnd);
      const start = Math.min(who.start, verbStart);
      const outlet = outletName(who.text);
      if (outlet) {
        relay ??= outlet;
        continue;
      }
      if (found.some((f) => start < f.end && f.start < end)) continue;
      found.push({ text: body.slice(start, end).trim(), source: cleanSource(who.text), relayedBy: null, start, end, ...(anaphoric ? { anaphoric } : {}) });
    }
  }
  if (found.length) return found.map((f) => ({ ...f, relayedBy: relay && relay !== f.source ? relay : null }));
  if (relay) return [{ text: relay, source: null, relayedBy: relay, start: s.start, end: s.end }];
  return [];
}

/** "BM'ye göre" → BM; "Rusya Olağanüstü Durumlar Bakanlığından yapılan açıklamaya göre" → "Rusya Olağanüstü Durumlar Bakanlığı". */
function beforeGore(body: string, words: readonly Word[], at: number): { source: string; start: number } | null {
  let i = words.findIndex((w) => w.start >= at) - 1;
  if (i < 0) i = words.length - 1;
  while (i >= 0 && TURKISH_BEFORE_GORE.has((words[i] as Word).f.replace(/['’].*$/u, ''))) i--;
  const last = i;
  let first = -1;
  for (let taken = 0; i >= 0 && taken < 6; i--, taken++) {
    const w = words[i] as Word;
    if (/[,;:!?()"“”«»]/u.test(body.slice(w.end, words[i + 1]?.start ?? at))) break;
    if (!/^\p{Lu}/u.test(w.text)) break;
    first = i;
  }
  if (first < 0) return null;
  const a = words[first] as Word;
  let text = body.slice(a.start, (words[last] as Word).end).replace(/['’]\p{L}+$/u, '');
  text = text.replace(/(?<=[ıiuü])(?:ndan|nden|nın|nin|nun|nün)$/u, '');
  return { source: stripTitles(text), start: a.start };
}

/** "dem Innenministerium zufolge" → "Innenministerium". */
function beforeZufolge(body: string, words: readonly Word[], at: number): { source: string; start: number } | null {
  let i = words.findIndex((w) => w.start >= at) - 1;
  if (i < 0) i = words.length - 1;
  const last = i;
  let first = -1;
  for (let taken = 0; i >= 0 && taken < 6; i--, taken++) {
    const w = words[i] as Word;
    if (/[,;:!?()"“”«»]/u.test(body.slice(w.end, words[i + 1]?.start ?? at))) break;
    if (/^(?:dem|der|den|des)$/u.test(w.f)) {
      first = i;
      break;
    }
    if (!/^\p{Lu}/u.test(w.text) && !/^(?:des|der)$/u.test(w.f) && taken > 0 && !/^\p{Ll}+(?:en|er|es|e)$/u.test(w.text)) break;
    first = i;
  }
  if (first < 0 || last < first) return null;
  const a = words[first] as Word;
  return { source: cleanSource(body.slice(a.start, (words[last] as Word).end)), start: a.start };
}

/** Up to `max` words after `at`, to the clause's end. */
function phraseAfter(body: string, words: readonly Word[], at: number, max: number): { text: string; end: number } | null {
  const from = words.findIndex((w) => w.start >= at);
  if (from < 0) return null;
  let end = -1;
  for (let i = from; i < words.length && i < from + max; i++) {
    const w = words[i] as Word;
    if (i > from && /[,;:!?()"“”«»]|\.\s|\s[-–—]\s/u.test(body.slice((words[i - 1] as Word).end, w.start))) break;
    if (i > from && /^(?:that|que|while|whilst|when|mientras|enquanto|докато|когато|بينما|فيما|إن|أن|che|dass|что|що|że|qui|которые|які)$/u.test(w.f)) break;
    if (/^\d/u.test(w.text)) break;
    // "według władz wzięło udział", "ponad 38 tys.": a verb or a qualifier before a number ends the name.
    const nextWord = words[i + 1];
    if (i > from && /^\p{Ll}/u.test(w.text) && nextWord && /^\d/u.test(nextWord.text) && /^\s+$/u.test(body.slice(w.end, nextWord.start))) break;
    // "агенция за бедствия АФАД жертвите в Турция": an acronym, then a lowercase word opening the clause.
    if (i > from && /^\p{Ll}/u.test(w.text) && /^\p{Lu}{2,7}$/u.test((words[i - 1] as Word).text) && !/^(?:en|de|of|for|na|za|и|and)$/u.test(w.f)) break;
    if (i > from && /^\p{Ll}+(?:ło|ła|li|ły)$/u.test(w.text)) break;
    if (i > from + 1 && /^(?:bez|przez|podczas|po|na)$/u.test(w.f)) break;
    // "Secondo il ministero dell'Interno i manifestanti…": an article after a name opens the clause.
    if (i > from + 1 && /^(?:i|il|la|le|les|los|las|the|die|der|das|gli)$/u.test(w.f) && /^\p{Lu}|'\p{Lu}/u.test((words[i - 1] as Word).text)) break;
    end = w.end;
  }
  if (end < 0) return null;
  // "según la Policía y": a trailing conjunction or preposition is no part of the name.
  let text = body.slice((words[from] as Word).start, end);
  const trail = /\s+(?:y|e|i|и|і|та|and|et|und|ve|و|de|of|da|do|del)$/u.exec(text);
  if (trail) {
    text = text.slice(0, trail.index);
    end = (words[from] as Word).start + text.length;
  }
  return { text, end };
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
    // "Władze wschodniej Libii": a lowercase word between a head and a name.
    const prev = words[i - 1];
    if (
      next &&
      prev &&
      (/^\p{Lu}/u.test(next.text) || /^(?:de|of|della|del|des|du|der)$/u.test(next.f)) &&
      (SUBJECT_WORDS.has(prev.f) || /^\p{Lu}\p{Ll}/u.test(prev.text)) &&
      prev.start >= sentenceStart
    ) {
      first = i;
      continue;
    }
    break;
  }
  if (first < 0 || last < 0) return null;
  // Drop leading function words ("of", "and") and a sentence-initial connective.
  while (first <= last && (/^(?:of|de|and|e|y|и|s|und|et|i)$/u.test((words[first] as Word).f) || SKIP_AFTER_VERB.has((words[first] as Word).f))) first++;
  // "Nella capitale la polizia", "W samym Paryżu policja": a place phrase before the subject is no part of it.
  if (first < last && /^(?:nella|nel|in|im|dans|en|em|no|na|w|we|в|во|у|a)$/u.test((words[first] as Word).f)) {
    let k = first + 1;
    while (k <= last && !SUBJECT_WORDS.has((words[k] as Word).f)) k++;
    if (k <= last) first = k;
  }
  if (first > last) return null;
  const a = words[first] as Word;
  const b = words[last] as Word;
  if (a.start < sentenceStart) return null;
  const text = body.slice(a.start, b.end);
  // A lone sentence-initial word that is not a name or an organisation ("However said") is no subject.
  if (first === last && !/^\p{Lu}/u.test(a.text) && !SUBJECT_WORDS.has(a.f) && !PRONOUNS.has(a.f)) return null;
  if (first === last && /^(?:the|a|an|o|el|la|os|as|le|les|il|der|die|das)$/u.test(a.f)) return null;
  return { text, start: a.start, end: b.end };
}

/** The speaker after an inverted verb: '…", said Tuesday the director', 'informou a Defesa Civil', 'قال السيناتور ماركو روبيو إن'. */
function speakerAfter(
  body: string,
  words: readonly Word[],
  verbEnd: number,
  sentenceEnd: number,
): { who: { text: string; start: number; end: number } | null; outlet: string | null } | null {
  let i = words.findIndex((w) => w.start >= verbEnd);
  if (i < 0) return null;
  let outlet: string | null = null;
  // Skip a weekday, "to AFP", "сообщил РИА Новости".
  for (;;) {
    const w = words[i];
    if (!w) break;
    if (/^(?:à|ao|a|to)$/u.test(w.f)) {
      if (words[i + 1] && outletName((words[i + 1] as Word).text)) {
        outlet ??= outletName((words[i + 1] as Word).text);
        i += 2;
      } else i++;
      continue;
    }
    if (SKIP_AFTER_VERB.has(w.f)) {
      // "в Следственном комитете": a place preposition before a capitalised name is where the speaker sits, kept.
      if (/^(?:в|во|у|w|we)$/u.test(w.f) && words[i + 1] && /^\p{Lu}/u.test((words[i + 1] as Word).text) && !SKIP_AFTER_VERB.has((words[i + 1] as Word).f)) {
        i++;
        break;
      }
      if (/^(?:в|во|у|w|we|am)$/u.test(w.f) && !(words[i + 1] && SKIP_AFTER_VERB.has((words[i + 1] as Word).f))) break;
      i++;
      continue;
    }
    const two = words[i + 1] ? `${w.text} ${(words[i + 1] as Word).text}` : '';
    if (two && outletName(two) && !/[,.]/u.test(body.slice(w.end, (words[i + 1] as Word).start))) {
      outlet ??= outletName(two);
      i += 2;
      continue;
    }
    if (outletName(w.text) && words[i + 1] && !/[,.;]/u.test(body.slice(w.end, (words[i + 1] as Word).start))) {
      outlet ??= outletName(w.text);
      i++;
      continue;
    }
    break;
  }
  if (i >= words.length) return { who: null, outlet };
  const arabic = /^\p{Script=Arabic}/u.test((words[i] as Word).text);
  let last = -1;
  const first = i;
  let names = 0;
  let titled = false;
  for (let k = i; k < words.length && k < i + 8; k++) {
    const w = words[k] as Word;
    const prevWord = words[k - 1];
    const gap = prevWord ? body.slice(prevWord.end, w.start) : '';
    const abbreviation = prevWord !== undefined && /^\.\s*$/u.test(gap) && /^\p{Ll}{1,3}$/u.test(prevWord.text);
    if (k > i && !abbreviation && /[,;:!?()"“”«».]|\s[-–—]\s/u.test(gap)) break;
    if (k > i && STOP_AFTER.has(w.f)) break;
    if (arabic) {
      // An Arabic speaker is a head noun and its definite complements ("الصليب الأحمر اللبناني"), or a title and a name.
      if (ARABIC_NOT_SPEAKER.has(w.f)) break;
      const definite = /^(?:و|ب|ل|ف)?(?:ال|لل)/u.test(w.f);
      const particle = /^(?:عبد|ابو|ابن|بن)$/u.test(words[k - 1]?.f ?? '');
      if (k === i) titled = TITLE_WORDS.has(w.f) || TITLE_WORDS.has(w.f.replace(/^و/u, ''));
      else if (particle && names > 0) names++;
      else if (!definite) {
        if (!titled || names >= 3) break;
        names++;
      } else if (names > 0) break;
    }
    last = k;
  }
  if (last < first) return { who: null, outlet };
  // "estimated at 30,000 by police": a speaker starts with a name or an article, not a preposition or a number.
  if (STOP_AFTER.has((words[first] as Word).f) || /^\d/u.test((words[first] as Word).text)) return { who: null, outlet };
  const a = words[first] as Word;
  const b = words[last] as Word;
  let end = b.end;
  // "a annoncé le ministre de la Santé, Hamad Hassan, qui…": a title, then the name in apposition.
  const phrase = body.slice(a.start, b.end);
  if (phrase.split(/\s+/u).some((t) => TITLE_WORDS.has(foldKey(t)))) {
    const appos = /^,\s*(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,3})(?=\s*(?:[,.;]|$))/u.exec(body.slice(b.end, sentenceEnd));
    if (appos) end = b.end + appos[0].length;
  }
  return { who: { text: body.slice(a.start, end), start: a.start, end }, outlet };
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
  while (parts.length > 2 && TITLE_WORDS.has(foldKey(parts[0] as string)) && /^\p{Lu}/u.test(parts[1] as string)) parts.shift();
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
// "último balance del Ministerio de Salud", "the latest toll from the Health Ministry", "données du ministère": what the source gave, before it.
const REPORT_HEAD =
  /^(?:(?:el|la|the|le|les|il|o|a)\s+)?(?:\p{Ll}+\s+){0,2}?(?:balance|balanço|bilan|bilancio|toll|tally|figures|data|count|datos|dados|données|dati|cifras|números|numbers|report|informe|relatório|rapport|comunicado|statement|communiqué)\s+(?:del|de\s+la|de|do|da|dos|das|du|de\s+l'|des|della|dell'|dello|dei|from|of|by)\s+(?:(?:the|el|la|le|les|o|a)\s+)?(?=\p{Lu})/u;

const AGENCY_HEADS =
  /^(?:agency|agencja|agenzia|agence|agentur|агентство|агенция|агентство|служба|service|servizio|dienst|organizacja|organization|organisation|organizzazione|ajans|ajansı|ajansi|behorde|behörde)$/u;
const caselessText = (t: string) => /^\p{Script=Arabic}/u.test(t);

/** The source without a leading article or title: "a Proteção Civil" → "Proteção Civil", "regional governor Oleh Syniehubov" → "Oleh Syniehubov". */
function cleanSource(text: string, arabicLam = false): string {
  let t = text
    .replace(/^(?:the|a|o|os|as|el|la|los|las|al|ال|le|les|il|lo|gli|der|die|das|dem|den|в|во|у|w|we)\s+/iu, '')
    .replace(/^l['’](?=\p{L})/iu, '')
    .trim();
  const report = REPORT_HEAD.exec(t);
  if (report && report[0].length < t.length) t = t.slice(report[0].length).trim();
  // "gabinete de Migração da Colômbia", "Um jornalista da AFP", "a spokesman for the Interior Ministry": the head
  // says who in the organisation spoke; the source is the name after it (the attribution keeps the whole).
  const head = OFFICE_HEAD.exec(t.charAt(0).toLowerCase() + t.slice(1));
  if (head && head[0].length < t.length) t = t.slice(head[0].length).trim();
  // "وفقاً لوزارة الصحة": the preposition's ل is written on the name ("للجهاز" is ل + الجهاز).
  if (arabicLam && /^ل\p{Script=Arabic}{3,}/u.test(t)) t = t.startsWith('لل') ? `ال${t.slice(2)}` : t.slice(1);
  const agency = outletName(t);
  if (agency) return agency;
  const parts = t.split(/\s+/u);
  // A title, then a person's name: "ministre de la Santé, Hamad Hassan", "Директор ФСБ Александр Бортников",
  // "Kremlin Sözcüsü Dmitriy Peskov", "وزير الصحة عثمان عبد الجليل" → the name.
  let titleAt = -1;
  parts.forEach((p, k) => {
    if (TITLE_WORDS.has(foldKey(p.replace(/[,]$/u, '')))) titleAt = k;
  });
  const appos = /,\s*(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){1,3})$/u.exec(t);
  if (titleAt >= 0 && appos?.[1]) return appos[1];
  if (titleAt >= 0) {
    const tail = parts.slice(titleAt + 1).map((p) => p.replace(/^,|,$/gu, ''));
    let run = 0;
    for (let k = tail.length - 1; k >= 0; k--) {
      const p = tail[k] as string;
      const caseless = /^\p{Script=Arabic}/u.test(p);
      const particle = /^(?:el|al|ad|as|an|ar|at|az|ash)-\p{Lu}/u.test(p) || (caseless && /^ال/u.test(p) && /^(?:عبد|ابو)$/u.test(foldKey(tail[k - 1] ?? '')));
      if (!particle && (caseless ? /^(?:ال|لل)/u.test(p) : !/^\p{Lu}\p{Ll}/u.test(p) || TITLE_WORDS.has(foldKey(p)))) break;
      run++;
    }
    // "міністр охорони здоров'я Лівану Хамад Хасан": a capitalised genitive before the name belongs to the title.
    if (run >= 3 && !caselessText(t) && tail.length > run) run = 2;
    if (run >= 2 && run <= 4) return tail.slice(tail.length - run).join(' ');
  }
  // "l'agenzia turca per le emergenze Afad", "турецьке агентство AFAD": an agency described, then named.
  if (
    parts.length >= 2 &&
    /^\p{Lu}/u.test(parts[parts.length - 1] ?? '') &&
    parts.slice(0, -1).every((p) => /^\p{Ll}/u.test(p)) &&
    parts.slice(0, -1).some((p) => AGENCY_HEADS.test(foldKey(p)))
  )
    return parts[parts.length - 1] as string;
  // "turecka agencja ds. sytuacji kryzysowych AFAD", "centrali związkowej CGT": a description, then the acronym it names.
  const lastPart = parts[parts.length - 1] ?? '';
  if (
    parts.length >= 2 &&
    /^[\p{Lu}]{2,7}$/u.test(lastPart) &&
    !COUNTRY_ACRONYMS.has(lastPart) &&
    parts.slice(1, -1).every((p) => !/^\p{Lu}/u.test(p) || /^\p{Lu}\p{Ll}+$/u.test(p)) &&
    !/^\p{Lu}/u.test(parts[parts.length - 2] ?? '')
  )
    return lastPart;
  const name = /(?:^|\s)(\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)+)$/u.exec(t);
  if (name?.[1] && name.index > 0 && /^[\p{Ll}\s]+$/u.test(t.slice(0, name.index))) t = name[1];
  return stripTitles(t);
}
