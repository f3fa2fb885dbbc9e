// Word lists the evidence extractor needs per language (en, pt, es, bg, ru, ar):
// function words, titles and cue words around names, month and weekday names.
// Every list is stored folded (lowercase, accents dropped: see foldWord).
import 'server-only';

/** Lowercase and drop accents, keeping the script: "Según" → "segun", "Мадуро" → "мадуро". */
export function foldWord(word: string): string {
  let folded = folds.get(word);
  if (folded === undefined) {
    folded = word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
    if (folds.size >= FOLD_CACHE_LIMIT) folds.clear();
    folds.set(word, folded);
  }
  return folded;
}

// Articles repeat their words: folding each once saves most of the extraction time.
const folds = new Map<string, string>();
const FOLD_CACHE_LIMIT = 100_000;

const set = (...lists: string[]) => new Set(lists.flatMap((l) => l.split(/\s+/).filter(Boolean)).map(foldWord));

/**
 * Function words and everyday words of the Latin- and Cyrillic-script languages.
 * Capitalised at the start of a sentence they are not names; lowercase they
 * carry no story. One set for all languages: articles quote each other.
 */
export const FUNCTION_WORDS = set(
  // English
  `a an the and or but nor so yet if then than that this these those there here it its he she they them their his her
   him we us our you your i me my who whom whose which what when where while whilst why how all any both each every few
   more most other some such no not only own same too very can could will would shall should may might must do does did
   done is are was were be been being has have had having of in on at to from by for with about against between into
   through during before after above below up down out off over under again further once as also just still even
   however meanwhile currently according later earlier today yesterday tomorrow last next first second third one two
   three four five six seven eight nine ten hundred thousand million dozens several many much another since until
   unless although though because whether within without across along among around behind beyond despite towards upon
   via per new old said says say told asked added mr mrs ms dr st`,
  // Portuguese
  `o a os as um uma uns umas e ou mas nem se que de do da dos das em no na nos nas num numa por pelo pela pelos pelas
   para com sem sob sobre entre ate apos ante desde contra segundo conforme durante ao aos ele ela eles elas lhe lhes
   seu sua seus suas nosso nossa este esta estes estas esse essa esses essas isto isso aquele aquela aquilo quem qual
   quais quando onde como porque pois tambem ja ainda mais menos muito muitos muita muitas pouco todos todas tudo
   outro outra outros outras foi foram era eram ser sido estar esta estao estava tem ter tinha havia ha sera seria
   nao sim no entanto porem contudo enquanto depois antes hoje ontem amanha cada mesmo mesma haverá havera reconheco`,
  // Spanish
  `el la lo los las un una unos unas y o pero ni si que de del al en por para con sin sobre entre hasta tras desde
   contra segun durante ante bajo el ella ellos ellas le les su sus nuestro nuestra este esta estos estas ese esa
   esos esas esto eso aquel aquella quien cual cuales cuando donde como porque pues tambien ya aun mas menos muy mucho
   muchos mucha muchas poco todos todas todo otro otra otros otras fue fueron era eran ser sido estar esta estan
   estaba tiene tener tenia habia hay sera seria no sin embargo mientras despues antes hoy ayer manana cada mismo
   misma asi luego ademas entonces`,
  // Bulgarian
  `и или но а ако че да не ни на в във с със от до за по при през след преди между над под около без към срещу
   според като когато където как защо който която което които кой коя кое кои чий този тази това тези онзи онова
   той тя то те ние вие аз ти го я ги му й им си се е са бе беше бяха бил била било били ще има няма също още вече
   само много малко всеки всяка всички друг друга други същия същата днес вчера утре междувременно обаче докато
   тогава сега тук там преди след неговите неговия неговата нейните техните`,
  // Russian
  `и или но а если что чтобы да не ни на в во с со от до за по при через после перед между над под около без к ко
   против согласно как когда где почему который которая которое которые кто что чей этот эта это эти тот та то те
   он она оно они мы вы я ты его ее их ему ей им себя свой своя свое свои был была было были будет будут есть нет
   также тоже еще уже только много мало каждый каждая все всё весь вся другой другая другие сегодня вчера завтра
   между тем однако пока тогда сейчас здесь там более менее`,
);

/**
 * Titles and roles: they end a name ("President Nicolás Maduro" → "Nicolás Maduro")
 * and tell that the name after them is a person's.
 */
export const PERSON_TITLES = set(
  `president vice-president vicepresident senator secretary minister prime general major sergeant colonel captain
   lieutenant director leader chief spokesman spokeswoman spokesperson ambassador governor mayor judge prosecutor
   commander envoy king queen prince pope archbishop bishop sir lord premier chancellor deputy acting interim former
   opposition state republican democrat mr mrs ms dr`,
  `presidente vice-presidente senador senadora secretario secretaria ministro ministra primeiro-ministro general
   major sargento coronel capitao tenente diretor diretora lider chefe porta-voz embaixador governador prefeito
   juiz procurador comandante rei rainha papa deputado deputada ex-presidente interino opositor`,
  `presidente senador secretario ministro general mayor sargento coronel capitan teniente director lider jefe
   vocero portavoz embajador gobernador alcalde juez fiscal comandante rey reina papa diputado diputada
   expresidente interino opositor canciller`,
  `президент президентът президента вицепрезидент вицепрезидентът сенатор сенаторът секретар секретарят министър
   министърът премиер премиерът генерал генералът майор сержант полковник капитан директор директорът лидер
   лидерът шеф говорител посланик губернатор кмет съдия прокурор командир крал кралица папа депутат бившият
   опозиционният държавният генералният`,
  `президент президента президентом вице-президент сенатор сенатора секретарь секретаря министр министра премьер
   генерал генерала майор сержант полковник капитан директор директора лидер лидера глава главы представитель
   посол губернатор мэр судья прокурор командующий король королева папа депутат бывший госсекретарь генсек`,
  // French, Italian, German, Polish, Turkish (with its possessive forms), Ukrainian
  `président présidente ministre premier sénateur secrétaire général maire gouverneur juge procureur porte-parole
   ambassadeur chef directeur dirigeant député commandant roi reine pape chancelier`,
  `presidente ministro premier senatore segretario generale sindaco governatore giudice procuratore portavoce
   ambasciatore capo direttore leader deputato comandante re regina papa cancelliere`,
  `präsident präsidentin präsidenten minister ministerin ministerpräsident premierminister kanzler kanzlerin
   bundeskanzler bürgermeister bürgermeisterin gouverneur richter staatsanwalt sprecher sprecherin botschafter
   chef chefin direktor leiter leiterin abgeordnete kommandeur könig königin papst kremlchef regierungschef
   staatschef innenminister außenminister generalsekretär`,
  `prezydent prezydenta prezydentowi premier premiera minister ministra senator sekretarz generał burmistrz
   gubernator sędzia prokurator rzecznik rzeczniczka ambasador szef dyrektor przywódca poseł dowódca król królowa papież kanclerz`,
  `cumhurbaşkanı cumhurbaşkanı başkan başkanı bakan bakanı başbakan vali valisi belediye sözcü sözcüsü büyükelçi
   genel müdür müdürü lider komutan komutanı kral kraliçe papa savcı savcısı hakim milletvekili`,
  `президент президента президентові міністр міністра прем'єр прем'єр-міністр генерал мер губернатор суддя прокурор
   речник посол голова директор лідер депутат командувач король королева папа канцлер`,
);

/** Words that make a name an organisation's: "Migración Colombia", "Bolivarian National Guard", "ООН". */
export const ORGANISATION_CUES = set(
  `agency authority ministry department office council assembly parliament congress senate court army navy force
   forces guard police party union commission committee bank company corporation airlines airline group service
   services university institute foundation news press agence network tv television radio times post migration
   organisation organization fund church cathedral`,
  `agencia agência autoridade ministerio ministério departamento gabinete conselho assembleia parlamento congresso
   senado tribunal exercito forca forças guarda policia partido uniao comissao banco empresa companhia servico
   universidade instituto fundacao migracao catedral igreja`,
  `agencia autoridad ministerio departamento oficina consejo asamblea parlamento congreso senado tribunal corte
   ejercito fuerza fuerzas guardia policia partido union comision banco empresa compania servicio universidad
   instituto fundacion migracion catedral iglesia`,
  `агенция министерство съвет събрание парламент конгрес сенат съд армия сили гвардия полиция партия съюз комисия
   банка компания служба университет институт фондация катедрала църква`,
  `агентство министерство совет собрание парламент конгресс сенат суд армия силы гвардия полиция партия союз
   комиссия банк компания служба университет институт фонд собор церковь`,
);

/**
 * Words that make the name beside them a place's ("the city of Cúcuta", "в град
 * Кукута", "Simón Bolívar bridge"), by kind: two names with different kinds of
 * place ("Bolívar state", "ponte Simón Bolívar") are not the same place.
 */
export const PLACE_CUE_KINDS: ReadonlyMap<string, string> = new Map(
  (
    [
      ['city', 'city town village cidade vila ciudad pueblo град село город'],
      ['state', 'state province region district estado provincia regiao region distrito провинция област регион щат штат'],
      ['border', 'border fronteira frontera граница'],
      ['capital', 'capital столица'],
      ['bridge', 'bridge ponte puente мост'],
      ['port', 'port porto puerto пристанище порт'],
      ['island', 'island ilha isla остров'],
      ['river', 'river rio река'],
      ['airport', 'airport aeroporto aeropuerto летище аэропорт'],
      ['dam', 'dam barragem represa presa язовир плотина'],
    ] as const
  ).flatMap(([kind, words]) => words.split(' ').map((w) => [foldWord(w), kind] as const)),
);
export const PLACE_CUES: ReadonlySet<string> = new Set(PLACE_CUE_KINDS.keys());

/** The kind of place a cue word names, Russian and Bulgarian case endings allowed ("мосту", "границе", "городе"). */
export function placeKindOf(word: string): string | undefined {
  const folded = foldWord(word);
  const exact = PLACE_CUE_KINDS.get(folded);
  if (exact || !/\p{Script=Cyrillic}/u.test(folded)) return exact;
  for (const cut of [1, 2]) {
    const kind = folded.length - cut >= 3 ? (PLACE_CUE_KINDS.get(folded.slice(0, -cut)) ?? PLACE_CUE_KINDS.get(`${folded.slice(0, -cut)}а`)) : undefined;
    if (kind) return kind;
  }
  return undefined;
}

/** Connectors allowed inside a multi-word name: "Norte de Santander", "Francisco de Paula Santander". */
export const NAME_CONNECTORS = set(`de da do das dos del la las los di van von der al bin ibn де да до дос дел ла лос ди ван фон ал бин ибн`);

/** Month names and their inflected forms, folded, with the month's number. */
export const MONTHS: ReadonlyMap<string, number> = monthTable([
  // en
  ['january jan', 1],
  ['february feb', 2],
  ['march mar', 3],
  ['april apr', 4],
  ['may', 5],
  ['june jun', 6],
  ['july jul', 7],
  ['august aug', 8],
  ['september sept sep', 9],
  ['october oct', 10],
  ['november nov', 11],
  ['december dec', 12],
  // pt, es
  ['janeiro enero', 1],
  ['fevereiro febrero', 2],
  ['marco marzo', 3],
  ['abril', 4],
  ['maio mayo', 5],
  ['junho junio', 6],
  ['julho julio', 7],
  ['agosto', 8],
  ['setembro septiembre setiembre', 9],
  ['outubro octubre', 10],
  ['novembro noviembre', 11],
  ['dezembro diciembre', 12],
  // bg, ru (nominative, genitive, prepositional)
  ['януари январь января январе', 1],
  ['февруари февраль февраля феврале', 2],
  ['март марта марте', 3],
  ['април апрель апреля апреле', 4],
  ['май мая мае', 5],
  ['юни июнь июня июне', 6],
  ['юли июль июля июле', 7],
  ['август августа августе', 8],
  ['септември сентябрь сентября сентябре', 9],
  ['октомври октябрь октября октябре', 10],
  ['ноември ноябрь ноября ноябре', 11],
  ['декември декабрь декабря декабре', 12],
  // ar: Egyptian/Gulf names, then the Levantine ones (one word each; تشرين/كانون take a second word below)
  ['يناير', 1],
  ['فبراير شباط', 2],
  ['مارس آذار اذار', 3],
  ['أبريل ابريل إبريل نيسان', 4],
  ['مايو أيار ايار', 5],
  ['يونيو يونيه حزيران', 6],
  ['يوليو يوليه تموز', 7],
  ['أغسطس اغسطس آب', 8],
  ['سبتمبر أيلول ايلول', 9],
  ['أكتوبر اكتوبر', 10],
  ['نوفمبر', 11],
  ['ديسمبر', 12],
]);

/** Levantine two-word month names: تشرين الأول (October), كانون الثاني (January)… */
export const ARABIC_TWO_WORD_MONTHS: ReadonlyMap<string, number> = new Map([
  ['كانون الثاني', 1],
  ['تشرين الأول', 10],
  ['تشرين الاول', 10],
  ['تشرين الثاني', 11],
  ['كانون الأول', 12],
  ['كانون الاول', 12],
]);

/** Month names that are also everyday words ("may", "mar", "март" is safe): only a date when a day or year stands beside them. */
export const AMBIGUOUS_MONTHS = set(`may mar jan jun jul aug sep sept oct nov dec feb apr mayo maio май аб آب`);

/** Weekdays (Monday = 1), folded, with their inflected forms. */
export const WEEKDAYS: ReadonlyMap<string, number> = monthTable([
  ['monday segunda-feira lunes понеделник понедельник понедельника الاثنين الإثنين', 1],
  ['tuesday terca-feira martes вторник вторника الثلاثاء', 2],
  ['wednesday quarta-feira miercoles сряда среду الأربعاء الاربعاء', 3],
  ['thursday quinta-feira jueves четвъртък четверг четверга الخميس', 4],
  ['friday sexta-feira viernes петък пятница пятницу الجمعة', 5],
  ['saturday sabado събота суббота субботу السبت', 6],
  ['sunday domingo неделя воскресенье воскресенья الأحد الاحد', 7],
]);

/** Scale words after a figure: "1.6 million", "1,6 milhão", "600 тона" is not one. */
export const SCALES: ReadonlyMap<string, number> = monthTable([
  ['thousand mil mil. хиляди хил. тысяч тысячи тыс. ألف آلاف الف', 1e3],
  ['million millions milhao milhoes millon millones милиона милион млн. млн миллиона миллионов миллион مليون ملايين', 1e6],
  ['billion billions bilhao bilhoes милиарда милиард млрд. млрд миллиарда миллиардов миллиард مليار مليارات', 1e9],
]);

/**
 * Arabic function words and the commonest news words: never taken for names.
 * Arabic has no capitals, so every other word is a name candidate that counts
 * only when another article on the desk has it as a name (see extract-arabic.ts).
 */
export const ARABIC_STOPWORDS = new Set(
  `في من على إلى الى عن مع أن إن ان كان كانت يكون قال قالت وقال وقالت أكد وأكد أضاف وأضاف التي الذي الذين اللذين هذا
   هذه ذلك تلك هؤلاء بعد قبل منذ حتى أو او ثم لكن لم لن قد ما لا هو هي هم هن نحن كما بين عند خلال حيث أي كل بعض غير أيضا
   أيضاً وقد ولم وفي ومن وعلى يوم اليوم أمس غدا عام العام الماضي المقبل نحو أكثر أقل حوالي إلا الا إذا اذا لقد فقد وهو وهي
   التى عليه عليها إليه فيه فيها منه منها لها له لهم بها به كذلك ضد لدى أمام وراء فوق تحت دون إثر اثر وسط عبر بشأن حول
   مثل سوى جميع عدة عدد مليون ألف آلاف مئات عشرات أول ثاني ثالث أحد إحدى واحد اثنين ثلاثة أربعة خمسة ستة سبعة ثمانية
   تسعة عشرة الأول الثاني الثالث رئيس الرئيس رئيسة وزير الوزير وزيرة وزارة حكومة الحكومة دولة الدولة البلاد بلاد مدينة
   المدينة العاصمة قوات القوات الجيش جيش الشرطة شرطة مجلس المجلس حزب الحزب زعيم الزعيم المعارضة معارضة السلطات
   السلطة الأمن أمن الحدود حدود جسر الجسر مساعدات المساعدات الإنسانية إنسانية شخص أشخاص شخصا الناس الشعب شعب الولايات
   المتحدة الأمم وكالة الوكالة صحيفة بيان البيان تقرير مسؤول مسؤولون المسؤولين الذين يوم السبت الأحد الاثنين الثلاثاء
   الأربعاء الخميس الجمعة قرب بالقرب نحو بينما فيما حين عندما بعدما رغم ضمن إنه أنه إنها أنها عليهم وكان وكانت أيام
   ساعة ساعات رئيسا رئيساً رئاسة دول بلاده دولته مدينة العاصمة الحدودية الرسمي الرسمية الوطني الوطنية الدولي الدولية
   مجموعة جماعة منظمة اللجنة لجنة أعلن أعلنت وأعلن وأعلنت قالت وقالت يقول تقول إنهم أنهم أمس الماضية المقبلة الأولى
   حوالى قرابة نحوا ألفا مئة مائة آخرون آخرين أخرى جديد جديدة كبير كبيرة`
    .split(/\s+/)
    .filter(Boolean),
);

/** Arabic prefixes (conjunction, preposition, article) peeled off before a word is compared. */
export const ARABIC_PREFIXES = ['وبال', 'وال', 'بال', 'فال', 'كال', 'لل', 'ال', 'و', 'ب', 'ل', 'ف'];

function monthTable(rows: ReadonlyArray<readonly [string, number]>): Map<string, number> {
  const table = new Map<string, number>();
  for (const [names, value] of rows) for (const name of names.split(/\s+/)) if (name) table.set(foldWord(name), value);
  return table;
}
