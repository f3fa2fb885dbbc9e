// What a figure counts: nouns ("soldiers", "militares", "войници", "جنود")
// and the events around them ("defected", "desertaram", "загинаха", "قتل"),
// per language, folded at load. A trailing * matches any ending
// ("desert*" → deserted, desertaram, desertores); Arabic words also match
// with a و ب ل ف or ال prefix. One table for all languages: articles quote
// one another, and the words rarely collide.
import 'server-only';

/** Noun classes. */
export type NounClass =
  | 'military' // soldiers, troops, police, guards, members of the armed forces
  | 'person' // people, civilians, residents, members (until "of the armed forces")
  | 'defector'
  | 'dead'
  | 'injured'
  | 'detainee'
  | 'displaced' // refugees, migrants, evacuees
  | 'protester'
  | 'case' // disease cases, hospitalisations, the missing: people_other
  | 'country'
  | 'tonne'
  | 'shipment'
  | 'money'
  | 'time' // days, hours, years: a duration or an age, never a figure
  | 'thing'; // seats, jobs, buildings, hectares, villages: other

export type EventClass = 'defect' | 'flee' | 'kill' | 'injure' | 'detain' | 'displace' | 'protest' | 'size';

export const NOUNS: Readonly<Record<NounClass, string>> = {
  military: `soldier* troop* military militaries militiam* militia* guardsm* guardsw* officer* police policem* policew* policiais
    personnel servicem* sergeant* colonel* marines sailors airmen fighters reservist* conscript* combatants
    soldad* militar* efetivo* polícia* policia* guarda guardas agentes oficiais sargento* combatentes tropa* milician*
    efectivos policías guardias oficiales sargentos uniformados tropas combatientes reservistas
    войни* военн* военнослужещ* полицаи полицай* гвардейц* гвардеец офицер* сержант* бойци войск* милиционер*
    جنود جندي جنديا عسكري* ضباط ضابط عناصر شرطي* مقاتل* جنودا افراد_الجيش`,
  person: `people persons person civilians civilian men women children kids residents citizens volunteers workers
    journalists members individuals inhabitants survivors rescuers patients passengers spectators fans runners voters students others
    pessoas pessoa civis homens mulheres crianças moradores habitantes cidadãos voluntários trabalhadores jornalistas
    membros indivíduos sobreviventes doentes passageiros adeptos espectadores eleitores estudantes outros outras
    personas civiles hombres mujeres niños residentes ciudadanos voluntarios trabajadores periodistas miembros
    individuos supervivientes sobrevivientes pasajeros aficionados espectadores votantes estudiantes otros otras integrantes
    души хора човека цивилни мъже жени деца жители граждани доброволци работници журналисти членове зрители
    пътници избиратели студенти други оцелели пациенти
    اشخاص شخص شخصا مدنيين مدنيا مدني رجال نساء اطفال سكان مواطن* متطوع* صحفي* افراد اعضاء مشجع* ركاب اخرين اخرون ناجين ناجيا`,
  defector: 'defector* deserter* desertor* desertores дезертьор* منشق* منشقا',
  dead: `dead deaths fatalities bodies mortos mortes óbitos corpos muertos muertes fallecidos cadáveres загинали загинал*
    жертви мъртви قتلى قتيل قتيلا وفاه وفيات جثث`,
  injured: 'injured wounded feridos feridas heridos heridas lesionados ранени ранен* пострадали جرحى جريح مصاب* مصابين',
  detainee: 'detainees prisoners inmates arrests detidos presos detentos prisioneiros detenidos arrestados задържан* арестуван* معتقل* محتجز* موقوف* سجناء',
  displaced: `refugees migrants evacuees displaced immigrants asylum-seekers refugiados migrantes deslocados desalojados
    desabrigados evacuados imigrantes desplazados damnificados inmigrantes бежанци мигранти разселени евакуирани
    لاجئ* مهاجر* نازح* مشرد*`,
  protester: 'protesters protestors demonstrators marchers manifestantes протестиращ* демонстранти متظاهر* محتج*',
  case: `cases infections hospitalisations hospitalizations missing casos internamentos hospitalizações desaparecidos
    hospitalizaciones случаи случая заразени изчезнали حاله حالات اصابه اصابات`,
  country: 'countries nations governments países nações governos naciones gobiernos страни държави нации دول دوله بلدان بلدا',
  tonne: 'tonnes tons tonne ton toneladas тона тон طن اطنان طنا',
  shipment:
    'trucks lorries shipments containers convoys truckloads camiões caminhões carregamentos contentores camiones cargamentos contenedores камиона камиони пратки شاحنات شاحنه شحنات',
  money: 'dollars euros reais pesos bolivars dólares bolívares долара евро лева دولار* يورو',
  time: `seconds minutes hours days weeks months years decades year-old years-old segundos minutos horas dias semanas meses
    anos décadas días años секунди минути часа часове дни дена седмици месеца месеци години годишен годишна
    ساعات ساعه ايام يوما اسابيع اشهر شهور سنوات سنه عاما اعوام دقائق`,
  thing: `seats jobs buildings homes houses hectares villages votes schools hospitals vehicles cars tanks assentos lugares
    empregos edifícios casas hectares aldeias votos escolas veículos escaños empleos edificios viviendas hectáreas
    aldeas pueblos vehículos места депутати работни сгради къщи хектара села гласа مقعدا مقعد* وظيف* مبان* منازل هكتار* قرى`,
};

export const EVENTS: Readonly<Record<EventClass, string>> = {
  defect: `defect* desert* broke_with break_with broken_with switched_sides abandoned_their abandoned_his turned_against
    handed_themselves surrendered
    desertaram desertou romper_com romperam rompido abandonaram abandonou passaram_para_o_lado mudaram_de_lado
    entregaram-se renderam-se
    desertaron desertó romper_con rompieron abandonaron abandonó se_pasaron cambiaron_de_bando se_entregaron entregaron
    дезертир* дезерт* преминаха_на_страната минаха_на_страната обърнаха_гръб предадоха_се
    انشق* انشقاق* الانشقاق*`,
  flee: `fled flee* escap* crossed cross* sought_refuge sought_asylum seek* asylum refuge protection welcomed left
    fugiram fugir fug* escaparam cruzaram atravessaram pediram_refúgio refúgio asilo proteção acolhidos chegaram
    huyeron huy* escaparon cruzaron atravesaron refugio asilo protección se_refugiaron llegaron
    избягаха избяга* бягат преминаха пресякоха убежище закрила
    فر فروا هرب* عبروا لجا لجاوا لجوء`,
  kill: `kill* dead died die dying deaths death slain murder* lost_their_lives perish* fatalities
    morreram morreu morrer mortos mortas morte* mataram matou matar assassinad* faleceram perderam_a_vida vítimas_mortais
    murieron murió muertos muertas muerte* mataron mató asesinad* fallecieron fallecidos perdieron_la_vida
    убит* убиха загинаха загина загинали загинал* смърт* мъртви починаха
    قتل* قتلى مقتل* لقي لقوا مصرع* توفي* وفاه وفيات`,
  injure: `injur* wound* hurt feridos feridas ferido ferida ferir feriram lesionad* heridos heridas herido herida hirió
    hirieron ранен* ранени пострада* جرح* جرحى اصيب* اصابه اصابات مصاب*`,
  detain: `arrest* detain* jailed imprison* captur* custody presos detidos detid* deteve detiveram prender* prenderam
    detenidos detuvo detuvieron arrestad* capturad* задържа* арестува* арест* اعتقل* معتقل* احتجز* اوقف* القبض`,
  displace: `displac* evacuat* homeless forced_from forced_to_leave from_their_homes from_their_home deixar_as_suas_casas deixar_suas_casas deixaram_o_país
    desaloj* desabrig* deslocad* evacuad* retirada retirados retiradas desplaz* evacu* damnific* евакуира* разселен* напуснат_домовете напуснаха
    نزح* نازح* اجلاء تهجير مشرد*`,
  protest: `protest* demonstrat* marched rall* manifest* marcha participado participaron протест* демонстр* участваха
    تظاهر* متظاهر* احتج* المسيره المشاركين`,
  size: `has have numbers number strong army_of force_of deployed deploy* mobilis* mobiliz* tem conta_com contava_com
    enviados enviar destacad* tiene cuenta_con desplegad* desplegar* movilizó moviliz* наброява разполага разположени
    изпратени يضم قوامه يبلغ_عدد نشر عدد_افراد`,
};

/** Words that make "members" / "membros" / "أفراد" military: "members of the Venezuelan armed forces". */
export const MILITARY_CONTEXT = `forces force army armed guard military police navy security gnb fanb militia forças força exército guarda
  polícia armada militares segurança milícia fuerzas fuerza ejército guardia policía seguridad milicia сили армия армията
  гвардия гвардията полиция полицията милиция милицията военните قوات الجيش جيش الحرس الشرطه الامن الميليشيا ميليشيا`;

/** "two of them", "dois deles", "dos de ellos", "двама от тях", "اثنان منهم": counted like the noun before. */
export const PARTITIVES = ['of them', 'of those', 'deles', 'delas', 'de ellos', 'de ellas', 'от тях', 'منهم'];

/** Heads that take their class from what follows: "members of the National Guard". */
export const MEMBER_HEADS = 'members membros miembros integrantes членове اعضاء افراد عناصر';
