// The phrase banks bench/support/figure-articles.ts writes news articles from,
// one per language (pt, en, es, bg, ar): how each writes a figure (qualifier,
// number words, grouped digits, decimals with a scale word), what it counts,
// who says it, when, and the sentences around it (filler, and traps an
// extractor must not take for figures: dates, clock times, phone numbers,
// years, "one of them", "the first defections"). In a counted template
// `{fig}` is the figure and `[…]` the counted noun as written; in a time
// phrase the text after `|` is the time expression as written.
import type { FigureCounted } from '../../lib/validation/figures';

export type TimeKind = 'weekday' | 'night' | 'lastDays' | 'yesterday' | 'date';
export type HedgedQualifier = 'about' | 'more_than' | 'more_than~' | 'at_least' | 'fewer_than' | 'fewer_than~' | 'at_most';

export type Lexicon = {
  /** Thousands separators and the decimal mark, as the language's press writes them. */
  group: string;
  decimal: string;
  /** "1.6 million", "2,5 milhões": [singular, plural]. */
  million: [string, string];
  /** What joins a scale word to its noun, outside the figure's span ("milhões de dólares"). */
  millionOf?: string;
  /** Number words the generator may use instead of digits ("four", "meia centena"). */
  words: Readonly<Record<number, string>>;
  /** Words for counting people where the language declines them (bg "четирима"). */
  personWords?: Readonly<Record<number, string>>;
  /** Eastern Arabic digits (and ٬ ٫) for some of the figures. */
  easternDigits?: boolean;
  /** Prefixes by qualifier; a `~` marks a hedged bound ("just over", "nearly"). */
  qualifiers: Readonly<Record<HedgedQualifier, readonly string[]>>;
  between: string;
  counted: Readonly<Partial<Record<FigureCounted, readonly string[]>>>;
  /** Attribution before the clause ("According to {src},") or after it (", {src} said"). */
  lead: readonly string[];
  tail: readonly string[];
  times: ReadonlyArray<readonly [TimeKind, string]>;
  /** Sunday first, as Date.getUTCDay(); a `|` may split off a preposition, as in `times`. */
  weekdays: readonly string[];
  months: readonly string[];
  /** "{d} {month}" as the language writes a day. */
  day: string;
  sources: readonly string[];
  relays: readonly string[];
  places: readonly string[];
  people: readonly string[];
  outlets: readonly string[];
  headlines: readonly string[];
  fillers: readonly string[];
  traps: readonly string[];
};

const en: Lexicon = {
  group: ',',
  decimal: '.',
  million: ['million', 'million'],
  words: {
    2: 'two',
    3: 'three',
    4: 'four',
    5: 'five',
    6: 'six',
    10: 'ten',
    12: 'a dozen',
    20: 'twenty',
    50: 'half a hundred',
    100: 'one hundred',
    1000: 'a thousand',
  },
  qualifiers: {
    about: ['about ', 'around ', 'some ', 'roughly '],
    more_than: ['more than ', 'over '],
    'more_than~': ['just over ', 'a little more than '],
    at_least: ['at least '],
    fewer_than: ['fewer than ', 'less than '],
    'fewer_than~': ['nearly ', 'almost '],
    at_most: ['up to ', 'at most '],
  },
  between: 'between {a} and {b}',
  counted: {
    people_defected: ['{fig} [soldiers] had defected', '{fig} [members of the security forces] deserted', '{fig} [Venezuelan troops] crossed over to Colombia'],
    people_killed: ['{fig} [people] were killed in the clashes'],
    people_injured: ['{fig} [protesters] were injured'],
    people_detained: ['{fig} [people] had been detained'],
    people_displaced: ['{fig} [migrants] crossed the bridge into Cúcuta', '{fig} [Venezuelans] have left the country'],
    people_protesting: ['{fig} [demonstrators] marched through the capital'],
    troops_total: ['the armed forces number {fig} [soldiers]'],
    aid_tonnes: ['{fig} [tonnes] of food and medicine were waiting at the border'],
    aid_shipments: ['{fig} [trucks] of aid were stopped at the bridge'],
    money: ['Washington has pledged {fig} [dollars] in aid'],
    countries: ['{fig} [countries] have recognised Guaidó as interim president'],
    share_percent: ['{fig} [per cent] of residents have no running water'],
  },
  lead: ['According to {src}, ', 'Figures from {src} show that '],
  tail: [', {src} said', ', {src} told {relay}', ', according to {src}', ', {src} said on Twitter, as quoted by {relay}'],
  times: [
    ['weekday', 'on |{weekday}'],
    ['night', '|during the night'],
    ['lastDays', '|in the last five days'],
    ['yesterday', '|yesterday'],
    ['date', 'on |{date}'],
  ],
  weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  day: '{d} {month}',
  sources: [
    'Migración Colombia',
    "Colombia's migration agency",
    'Marco Rubio',
    'the UN refugee agency',
    'the Red Cross',
    'the Venezuelan defence ministry',
    'Juan Guaidó',
    'the Lima Group',
  ],
  relays: ['AFP', 'Reuters', 'CNN en Español', 'the Associated Press', 'EFE'],
  places: ['Cúcuta', 'Caracas', 'Bogotá', 'Táchira', 'Ureña', 'San Antonio', 'Norte de Santander'],
  people: ['Nicolás Maduro', 'Juan Guaidó', 'Iván Duque', 'Marco Rubio', 'Vladimir Padrino'],
  outlets: ['Reuters', 'AP', 'The Guardian', 'BBC News', 'Miami Herald'],
  headlines: [
    'Defections mount at the {place} border',
    'Aid convoy stalls at {place} as troops hold the bridge',
    '{person} vows to keep the border closed',
    'Tension in {place} as soldiers cross over',
  ],
  fillers: [
    'The situation at the border remained tense as crowds gathered on both sides of the bridge in {place}.',
    '{person} has repeatedly rejected the aid as a pretext for a foreign intervention.',
    'Local officials in {place} said shelters were struggling to cope with the new arrivals.',
    'The government in Caracas did not respond to a request for comment.',
    'Witnesses described scenes of confusion as security forces fired tear gas near the crossing.',
    'Humanitarian groups have warned that shortages of food and medicine are worsening across the country.',
    'Talks between the two sides have stalled, diplomats in {place} said.',
    '{person} urged the military to let the convoys through, calling it a matter of life and death.',
    'Residents of {place} said they had not seen such a crowd since the crossings reopened.',
    'Opposition lawmakers accused the government of blocking medicine from reaching hospitals.',
    'The bridge has been blocked by shipping containers and a tanker since the start of the month.',
    'Several of the soldiers were seen removing their insignia before walking across.',
  ],
  traps: [
    'The crossings were closed at 4:56 pm on 23 February 2019, officials said.',
    'One of them said he had not been paid in months.',
    'The first defections were reported shortly after dawn.',
    'Relatives can call the hotline on +57 601 555 0199 for information.',
    'Article 233 of the constitution was cited by the opposition.',
    'The crisis deepened in 2019 after the disputed election of 2018.',
  ],
};

const pt: Lexicon = {
  group: '.',
  decimal: ',',
  million: ['milhão', 'milhões'],
  millionOf: ' de',
  words: { 2: 'dois', 3: 'três', 4: 'quatro', 5: 'cinco', 6: 'seis', 10: 'dez', 20: 'vinte', 50: 'meia centena', 100: 'cem', 1000: 'mil' },
  qualifiers: {
    about: ['cerca de ', 'aproximadamente ', 'por volta de '],
    more_than: ['mais de '],
    'more_than~': ['pouco mais de '],
    at_least: ['pelo menos ', 'no mínimo '],
    fewer_than: ['menos de '],
    'fewer_than~': ['quase '],
    at_most: ['até '],
  },
  between: 'entre {a} e {b}',
  counted: {
    people_defected: ['{fig} [militares] desertaram', '{fig} [militares venezuelanos] cruzaram a fronteira', '{fig} [policiais] abandonaram os postos'],
    people_killed: ['{fig} [pessoas] morreram nos confrontos'],
    people_injured: ['{fig} [manifestantes] ficaram feridos'],
    people_detained: ['{fig} [pessoas] foram detidas'],
    people_displaced: ['{fig} [migrantes] atravessaram a ponte para Cúcuta', '{fig} [venezuelanos] deixaram o país'],
    people_protesting: ['{fig} [pessoas] protestaram na capital'],
    troops_total: ['as Forças Armadas contam com {fig} [militares]'],
    aid_tonnes: ['{fig} [toneladas] de ajuda aguardam na fronteira'],
    aid_shipments: ['{fig} [caminhões] de ajuda foram retidos na ponte'],
    money: ['os Estados Unidos prometeram {fig} [dólares] em ajuda'],
    countries: ['{fig} [países] reconheceram Guaidó como presidente interino'],
    share_percent: ['{fig} [por cento] dos moradores não têm água encanada'],
  },
  lead: ['Segundo {src}, ', 'De acordo com {src}, '],
  tail: [', disse {src}', ', segundo {src}', ', informou {src} à {relay}', ', afirmou {src} no Twitter, citado pela {relay}'],
  times: [
    ['weekday', '{weekday}'],
    ['night', '|durante a noite'],
    ['lastDays', '|nos últimos cinco dias'],
    ['yesterday', '|ontem'],
    ['date', 'em |{date}'],
  ],
  // With their article: "na quinta-feira", "no sábado".
  weekdays: ['no |domingo', 'na |segunda-feira', 'na |terça-feira', 'na |quarta-feira', 'na |quinta-feira', 'na |sexta-feira', 'no |sábado'],
  months: ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'],
  day: '{d} de {month}',
  sources: [
    'a Migração Colômbia',
    'o governo colombiano',
    'Marco Rubio',
    'a ONU',
    'a Cruz Vermelha',
    'o Ministério da Defesa venezuelano',
    'Juan Guaidó',
    'o Grupo de Lima',
  ],
  relays: ['AFP', 'Reuters', 'Agência Brasil', 'EFE', 'Folha'],
  places: ['Cúcuta', 'Caracas', 'Pacaraima', 'Roraima', 'Boa Vista', 'Santa Elena de Uairén'],
  people: ['Nicolás Maduro', 'Juan Guaidó', 'Jair Bolsonaro', 'Ernesto Araújo', 'Vladimir Padrino'],
  outlets: ['Folha de S.Paulo', 'G1', 'Agência Brasil', 'Público', 'UOL'],
  headlines: [
    'Deserções aumentam na fronteira de {place}',
    'Ajuda humanitária fica retida em {place}',
    '{person} mantém a fronteira fechada',
    'Tensão em {place} com a chegada de militares',
  ],
  fillers: [
    'A situação na fronteira continuava tensa, com multidões dos dois lados da ponte em {place}.',
    '{person} voltou a rejeitar a ajuda como pretexto para uma intervenção estrangeira.',
    'Autoridades locais de {place} disseram que os abrigos estão lotados.',
    'O governo de Caracas não respondeu aos pedidos de comentário.',
    'Testemunhas relataram momentos de confusão quando as forças de segurança lançaram gás lacrimogêneo.',
    'Organizações humanitárias alertam que a falta de alimentos e remédios se agrava em todo o país.',
    'As negociações entre os dois lados estão paradas, segundo diplomatas em {place}.',
    '{person} pediu aos militares que deixem passar os comboios.',
    'Moradores de {place} disseram nunca ter visto tanta gente na fronteira.',
    'Deputados da oposição acusaram o governo de impedir a chegada de remédios aos hospitais.',
    'A ponte está bloqueada por contêineres e um caminhão-tanque desde o início do mês.',
    'Vários militares tiraram as insígnias antes de atravessar.',
  ],
  traps: [
    'A fronteira foi fechada às 16h56 de 23 de fevereiro de 2019.',
    'Um deles disse que não recebia salário havia meses.',
    'As primeiras deserções foram registradas logo ao amanhecer.',
    'Familiares podem ligar para o telefone (95) 3621-0199.',
    'A oposição citou o artigo 233 da Constituição.',
    'A crise se agravou em 2019, depois da eleição contestada de 2018.',
  ],
};

const es: Lexicon = {
  group: '.',
  decimal: ',',
  million: ['millón', 'millones'],
  millionOf: ' de',
  words: { 2: 'dos', 3: 'tres', 4: 'cuatro', 5: 'cinco', 6: 'seis', 10: 'diez', 20: 'veinte', 50: 'medio centenar', 100: 'cien', 1000: 'mil' },
  qualifiers: {
    about: ['alrededor de ', 'unos ', 'cerca de '],
    more_than: ['más de '],
    'more_than~': ['poco más de '],
    at_least: ['al menos ', 'por lo menos '],
    fewer_than: ['menos de '],
    'fewer_than~': ['casi '],
    at_most: ['hasta '],
  },
  between: 'entre {a} y {b}',
  counted: {
    people_defected: [
      '{fig} [militares] desertaron',
      '{fig} [uniformados venezolanos] cruzaron la frontera',
      '{fig} [efectivos de la Guardia Nacional] abandonaron sus puestos',
    ],
    people_killed: ['{fig} [personas] murieron en los enfrentamientos'],
    people_injured: ['{fig} [manifestantes] resultaron heridos'],
    people_detained: ['{fig} [personas] fueron detenidas'],
    people_displaced: ['{fig} [migrantes] cruzaron el puente hacia Cúcuta', '{fig} [venezolanos] han salido del país'],
    people_protesting: ['{fig} [personas] marcharon en la capital'],
    troops_total: ['las Fuerzas Armadas cuentan con {fig} [efectivos]'],
    aid_tonnes: ['{fig} [toneladas] de ayuda esperan en la frontera'],
    aid_shipments: ['{fig} [camiones] de ayuda fueron retenidos en el puente'],
    money: ['Washington prometió {fig} [dólares] en ayuda'],
    countries: ['{fig} [países] reconocieron a Guaidó como presidente encargado'],
    share_percent: ['{fig} [por ciento] de los vecinos no tiene agua corriente'],
  },
  lead: ['Según {src}, ', 'De acuerdo con {src}, '],
  tail: [', dijo {src}', ', según {src}', ', informó {src} a {relay}', ', escribió {src} en Twitter, citado por {relay}'],
  times: [
    ['weekday', 'el |{weekday}'],
    ['night', '|durante la noche'],
    ['lastDays', '|en los últimos cinco días'],
    ['yesterday', '|ayer'],
    ['date', 'el |{date}'],
  ],
  weekdays: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
  months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  day: '{d} de {month}',
  sources: [
    'Migración Colombia',
    'la Cancillería colombiana',
    'Marco Rubio',
    'la ONU',
    'la Cruz Roja',
    'el Ministerio de Defensa venezolano',
    'Juan Guaidó',
    'el Grupo de Lima',
  ],
  relays: ['AFP', 'EFE', 'CNN en Español', 'El Tiempo', 'Reuters'],
  places: ['Cúcuta', 'Caracas', 'Ureña', 'San Antonio del Táchira', 'Villa del Rosario', 'Norte de Santander'],
  people: ['Nicolás Maduro', 'Juan Guaidó', 'Iván Duque', 'Diosdado Cabello', 'Vladimir Padrino'],
  outlets: ['El País', 'EFE', 'El Tiempo', 'El Nacional', 'Infobae'],
  headlines: [
    'Aumentan las deserciones en la frontera de {place}',
    'La ayuda humanitaria sigue retenida en {place}',
    '{person} mantiene cerrada la frontera',
    'Tensión en {place} por el paso de militares',
  ],
  fillers: [
    'La situación en la frontera seguía tensa, con multitudes a ambos lados del puente en {place}.',
    '{person} volvió a rechazar la ayuda como pretexto para una intervención extranjera.',
    'Las autoridades locales de {place} dijeron que los albergues están desbordados.',
    'El gobierno de Caracas no respondió a las solicitudes de comentarios.',
    'Testigos describieron escenas de confusión cuando las fuerzas de seguridad lanzaron gases lacrimógenos.',
    'Las organizaciones humanitarias advierten que la escasez de alimentos y medicinas empeora en todo el país.',
    'Las conversaciones entre ambas partes están estancadas, según diplomáticos en {place}.',
    '{person} pidió a los militares que dejen pasar los convoyes.',
    'Vecinos de {place} dijeron que nunca habían visto tanta gente en el paso fronterizo.',
    'Diputados opositores acusaron al gobierno de impedir que las medicinas lleguen a los hospitales.',
    'El puente está bloqueado por contenedores y una cisterna desde principios de mes.',
    'Varios de los militares se quitaron las insignias antes de cruzar.',
  ],
  traps: [
    'El paso se cerró a las 4:56 de la tarde del 23 de febrero de 2019.',
    'Uno de ellos dijo que no cobraba desde hacía meses.',
    'Las primeras deserciones se registraron al amanecer.',
    'Los familiares pueden llamar al +57 601 555 0199.',
    'La oposición invocó el artículo 233 de la Constitución.',
    'La crisis se agravó en 2019, tras la cuestionada elección de 2018.',
  ],
};

const bg: Lexicon = {
  group: '\u00A0',
  decimal: ',',
  million: ['милион', 'милиона'],
  words: { 2: 'два', 3: 'три', 4: 'четири', 5: 'пет', 10: 'десет', 20: 'двадесет', 50: 'половин стотина', 100: 'сто', 1000: 'хиляда' },
  personWords: { 2: 'двама', 3: 'трима', 4: 'четирима', 5: 'петима', 6: 'шестима', 10: 'десет', 20: 'двадесет', 100: 'сто' },
  qualifiers: {
    about: ['около ', 'към ', 'приблизително '],
    more_than: ['над ', 'повече от '],
    'more_than~': ['малко над '],
    at_least: ['поне ', 'най-малко '],
    fewer_than: ['по-малко от ', 'под '],
    'fewer_than~': ['близо '],
    at_most: ['до '],
  },
  between: 'между {a} и {b}',
  counted: {
    people_defected: ['в Колумбия са избягали {fig} [военни]', 'дезертирали са {fig} [войници]', '{fig} [военнослужещи] са преминали границата'],
    people_killed: ['загинали са {fig} [души]'],
    people_injured: ['ранени са {fig} [протестиращи]'],
    people_detained: ['задържани са {fig} [души]'],
    people_displaced: ['{fig} [мигранти] са преминали моста към Кукута', '{fig} [венецуелци] са напуснали страната'],
    people_protesting: ['{fig} [души] са протестирали в столицата'],
    troops_total: ['въоръжените сили наброяват {fig} [военнослужещи]'],
    aid_tonnes: ['{fig} [тона] помощи чакат на границата'],
    aid_shipments: ['{fig} [камиона] с помощи са спрени на моста'],
    money: ['Вашингтон е обещал {fig} [долара] помощ'],
    countries: ['{fig} [държави] са признали Гуайдо за временен президент'],
    share_percent: ['{fig} [процента] от жителите нямат течаща вода'],
  },
  lead: ['Според {src} ', 'По данни на {src} '],
  tail: [', съобщи {src}', ', заяви {src} пред {relay}', ', според {src}', ', написа {src} в Туитър, цитиран от {relay}'],
  times: [
    ['weekday', '{weekday}'],
    ['night', '|през нощта'],
    ['lastDays', '|през последните пет дни'],
    ['yesterday', '|вчера'],
    ['date', 'на |{date}'],
  ],
  // With their preposition: "във вторник".
  weekdays: ['в |неделя', 'в |понеделник', 'във |вторник', 'в |сряда', 'в |четвъртък', 'в |петък', 'в |събота'],
  months: ['януари', 'февруари', 'март', 'април', 'май', 'юни', 'юли', 'август', 'септември', 'октомври', 'ноември', 'декември'],
  day: '{d} {month}',
  sources: [
    'колумбийската миграционна служба',
    'Марко Рубио',
    'ООН',
    'Червеният кръст',
    'венецуелското министерство на отбраната',
    'Хуан Гуайдо',
    'групата от Лима',
  ],
  relays: ['Си Ен Ен на испански', 'АФП', 'Ройтерс', 'БТА', 'Асошиейтед прес'],
  places: ['Кукута', 'Каракас', 'Богота', 'Тачира', 'Уреня', 'Сан Антонио'],
  people: ['Николас Мадуро', 'Хуан Гуайдо', 'Иван Дуке', 'Марко Рубио', 'Владимир Падрино'],
  outlets: ['БТА', 'Дневник', 'Mediapool', 'bTV Новините'],
  headlines: [
    'Нови дезертьори на границата при {place}',
    'Хуманитарната помощ остава блокирана в {place}',
    '{person} държи границата затворена',
    'Напрежение в {place} след бягството на военни',
  ],
  fillers: [
    'Положението на границата остава напрегнато, а от двете страни на моста в {place} се събират тълпи.',
    '{person} отново отхвърли помощта като претекст за чужда намеса.',
    'Местните власти в {place} съобщиха, че приютите са препълнени.',
    'Правителството в Каракас не отговори на запитване за коментар.',
    'Свидетели описаха сцени на объркване, когато силите за сигурност използваха сълзотворен газ.',
    'Хуманитарни организации предупреждават, че недостигът на храна и лекарства се задълбочава.',
    'Преговорите между двете страни са в застой, казаха дипломати в {place}.',
    '{person} призова военните да пропуснат конвоите.',
    'Жители на {place} казаха, че никога не са виждали толкова хора на прохода.',
    'Опозиционни депутати обвиниха правителството, че спира лекарствата за болниците.',
    'Мостът е блокиран с контейнери и цистерна от началото на месеца.',
    'Няколко от военните свалиха отличителните си знаци, преди да преминат.',
  ],
  traps: [
    'Проходът беше затворен в 16:56 ч. на 23 февруари 2019 г.',
    'Един от тях каза, че не е получавал заплата от месеци.',
    'Първите дезертьорства бяха съобщени призори.',
    'Близките могат да се обадят на телефон +57 601 555 0199.',
    'Опозицията се позова на член 233 от конституцията.',
    'Кризата се задълбочи през 2019 г. след оспорваните избори през 2018 г.',
  ],
};

const ar: Lexicon = {
  group: ',',
  decimal: '.',
  million: ['مليون', 'مليون'],
  words: { 3: 'ثلاثة', 4: 'أربعة', 5: 'خمسة', 10: 'عشرة', 20: 'عشرين', 100: 'مائة', 1000: 'ألف' },
  easternDigits: true,
  qualifiers: {
    about: ['نحو ', 'حوالي ', 'قرابة '],
    more_than: ['أكثر من '],
    'more_than~': ['ما يزيد قليلا على '],
    at_least: ['ما لا يقل عن '],
    fewer_than: ['أقل من '],
    'fewer_than~': ['أقل بقليل من '],
    at_most: ['حتى '],
  },
  between: 'بين {a} و{b}',
  counted: {
    people_defected: ['انشق {fig} [جنديا] عن الجيش', 'فر {fig} [عسكريا] إلى كولومبيا'],
    people_killed: ['قتل {fig} [أشخاص] في الاشتباكات'],
    people_injured: ['أصيب {fig} [متظاهرين] بجروح'],
    people_detained: ['اعتقل {fig} [شخصا]'],
    people_displaced: ['عبر {fig} [مهاجر] الجسر إلى كوكوتا', 'غادر {fig} [فنزويلي] البلاد'],
    people_protesting: ['تظاهر {fig} [شخص] في العاصمة'],
    troops_total: ['يبلغ عدد أفراد القوات المسلحة {fig} [جندي]'],
    aid_tonnes: ['تنتظر {fig} [طن] من المساعدات على الحدود'],
    aid_shipments: ['توقفت {fig} [شاحنة] محملة بالمساعدات عند الجسر'],
    money: ['تعهدت واشنطن بتقديم {fig} [دولار] من المساعدات'],
    countries: ['اعترفت {fig} [دولة] بغوايدو رئيسا مؤقتا'],
    share_percent: ['يفتقر {fig} [في المائة] من السكان إلى المياه'],
  },
  lead: ['بحسب {src}، ', 'وفق أرقام {src}، '],
  tail: ['، بحسب {src}', '، كما قال {src}', '، وفق ما نقلت {relay} عن {src}', '، كما كتب {src} على تويتر'],
  times: [
    ['weekday', 'يوم |{weekday}'],
    ['night', '|خلال الليل'],
    ['lastDays', '|في الأيام الخمسة الماضية'],
    ['yesterday', '|أمس'],
    ['date', 'في |{date}'],
  ],
  weekdays: ['الأحد', 'الإثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'],
  months: ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'],
  day: '{d} {month}',
  sources: ['دائرة الهجرة الكولومبية', 'ماركو روبيو', 'الأمم المتحدة', 'الصليب الأحمر', 'وزارة الدفاع الفنزويلية', 'خوان غوايدو', 'مجموعة ليما'],
  relays: ['وكالة فرانس برس', 'رويترز', 'سي إن إن بالإسبانية', 'أسوشيتد برس'],
  places: ['كوكوتا', 'كراكاس', 'بوغوتا', 'تاتشيرا', 'أورينيا'],
  people: ['نيكولاس مادورو', 'خوان غوايدو', 'إيفان دوكي', 'ماركو روبيو', 'فلاديمير بادرينو'],
  outlets: ['الجزيرة', 'العربية', 'سكاي نيوز عربية', 'فرانس 24'],
  headlines: ['تزايد الانشقاقات على حدود {place}', 'المساعدات الإنسانية عالقة في {place}', '{person} يبقي الحدود مغلقة', 'توتر في {place} بعد فرار عسكريين'],
  fillers: [
    'ولا يزال الوضع متوترا على الحدود، حيث تتجمع الحشود على جانبي الجسر في {place}.',
    'وجدد {person} رفضه للمساعدات معتبرا إياها ذريعة لتدخل أجنبي.',
    'وقالت السلطات المحلية في {place} إن الملاجئ مكتظة.',
    'ولم ترد الحكومة في كراكاس على طلبات التعليق.',
    'ووصف شهود مشاهد من الفوضى عندما أطلقت قوات الأمن الغاز المسيل للدموع.',
    'وتحذر المنظمات الإنسانية من تفاقم نقص الغذاء والدواء في أنحاء البلاد.',
    'وقال دبلوماسيون في {place} إن المحادثات بين الطرفين متعثرة.',
    'ودعا {person} الجيش إلى السماح بمرور القوافل.',
    'وقال سكان في {place} إنهم لم يروا مثل هذا الحشد من قبل.',
    'واتهم نواب المعارضة الحكومة بمنع وصول الأدوية إلى المستشفيات.',
    'والجسر مغلق بحاويات وصهريج منذ بداية الشهر.',
    'وشوهد عدد من العسكريين ينزعون شاراتهم قبل العبور.',
  ],
  traps: [
    'وأغلق المعبر في الساعة 4:56 مساء يوم 23 فبراير 2019.',
    'وقال أحدهم إنه لم يتقاض راتبه منذ أشهر.',
    'وسجلت أولى الانشقاقات عند الفجر.',
    'ويمكن للأقارب الاتصال بالرقم 0199 555 601 57+.',
    'واستندت المعارضة إلى المادة 233 من الدستور.',
    'وتفاقمت الأزمة في 2019 بعد الانتخابات المتنازع عليها في 2018.',
  ],
};

export const FIGURE_LANGUAGES = ['pt', 'en', 'es', 'bg', 'ar'] as const;
export type FigureLanguage = (typeof FIGURE_LANGUAGES)[number];
export const LEXICONS: Readonly<Record<FigureLanguage, Lexicon>> = { pt, en, es, bg, ar };
