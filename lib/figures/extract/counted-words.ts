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
  | 'case' // disease cases, hospitalisations: people_other
  | 'missing' // the missing: people_missing
  | 'country'
  | 'tonne'
  | 'shipment'
  | 'money'
  | 'time' // days, hours, years, kilometres, kilograms: a duration, an age or a measure, never a figure
  | 'thing'; // seats, jobs, buildings, hectares, villages: other

export type EventClass = 'defect' | 'flee' | 'kill' | 'injure' | 'detain' | 'displace' | 'protest' | 'vanish' | 'size';

export const NOUNS: Readonly<Record<NounClass, string>> = {
  military: `soldier* troop* military militaries militiam* militia* guardsm* guardsw* officer* police policem* policew* policiais
    personnel servicem* sergeant* colonel* marines sailors airmen fighters reservist* conscript* combatants
    soldad* militar* efetivo* polícia* policia* guarda guardas agentes oficiais sargento* combatentes tropa* milician*
    efectivos policías guardias oficiales sargentos uniformados tropas combatientes reservistas
    войни* военн* военнослужещ* полицаи полицай* гвардейц* гвардеец офицер* сержант* бойци войск* милиционер*
    جنود جندي جنديا عسكري* ضباط ضابط عناصر شرطي* مقاتل* جنودا افراد_الجيش
    soldat* truppen militärs polizist* sicherheitskräfte einsatzkräfte beamte beamten kämpfer* offizier* gardist* milizionär*
    reservist* grenzschützer grenzpolizist* militaires militaire policiers policier gendarmes combattants officiers gardes miliciens
    militari poliziotti carabinieri combattenti ufficiali miliziani guardie agenti
    солдат* военнослужащ* военных военные полицейск* силовик* бойц* боевик* офицер* гвардейц* пограничник*
    військов* військовослужбовц* поліцейськ* бійц* бойовик* офіцер* прикордонник* нацгвардійц*
    asker* polis* subay* militan* jandarma*
    żołnierz* wojskow* policjant* funkcjonariusz* bojownik* oficer* gwardzist* pogranicznik*`,
  person: `people persons person civilians civilian men women children kids residents citizens volunteers workers
    journalists members individuals inhabitants survivors rescuers patients passengers spectators fans runners voters students others
    firefighters specialists experts bomberos bombeiros especialistas expertos pompiers secouristes spécialistes experts vigili
    soccorritori esperti feuerwehrleute helfer experten пожарных спасателей специалистов экспертов рятувальників фахівців
    пожежників operacionais operativos rescatistas сотрудник* співробітник* socorristas personel* itfaiyeci* uzman* strażak* ratownik* specjalist* ekspert* пожарникари спасители специалисти
    pessoas pessoa civis homens mulheres crianças moradores habitantes cidadãos voluntários trabalhadores jornalistas
    membros indivíduos sobreviventes doentes passageiros adeptos espectadores eleitores estudantes outros outras
    personas civiles hombres mujeres niños residentes ciudadanos voluntarios trabajadores periodistas miembros
    individuos supervivientes sobrevivientes pasajeros aficionados espectadores votantes estudiantes otros otras integrantes
    души хора човека цивилни мъже жени деца жители граждани доброволци работници журналисти членове зрители
    пътници избиратели студенти други оцелели пациенти
    اشخاص شخص شخصا مدنيين مدنيا مدني رجال نساء اطفال سكان مواطن* متطوع* صحفي* افراد اعضاء مشجع* ركاب اخرين اخرون ناجين ناجيا
    menschen personen person zivilist* bewohner* einwohner* kinder frauen männer passagiere fahrgäste zuschauer* besucher*
    mitglieder arbeiter* journalist* insassen teilnehmer* participants partecipanti участници участник* учасник* katılımcı*
    uczestnik*
    personnes personne civils habitants enfants femmes hommes passagers spectateurs membres journalistes ouvriers
    persone civili abitanti bambini donne uomini passeggeri spettatori membri giornalisti lavoratori cittadini
    человек человека люд* граждан* жител* мирных детей дет* женщин* мужчин* пассажир* зрител* посетител* журналист* членов
    людей люди людина осіб особи особа мешканц* цивільн* дітей діти жінок чоловіків пасажир* глядач* журналіст* членів
    kişi* insan* sivil* çocuk* kadın* yolcu* vatandaş* seyirci* gazeteci* üye*
    osób osoby osoba ludzi cywil* mieszkańc* dzieci kobiet mężczyzn pasażer* widzów dziennikarz* członków`,
  defector:
    'defector* deserter* desertor* desertores дезертьор* منشق* منشقا deserteur* überläufer* déserteur* disertor* дезертир* перебежчик* перебіжчик* firari* dezerter*',
  dead: `dead deaths fatalities bodies mortos mortes óbitos corpos muertos muertes fallecidos cadáveres загинали загинал*
    жертви мъртви قتلى قتيل قتيلا وفاه وفيات جثث جثه
    tote toten todesopfer leichen morts mort tués décès victimes morti vittime decessi
    погибш* жертв* умерш* убитых убитые загибл* вбитих померл* ölü ölü* ölen* zabitych zabici ofiar* zmarłych zgonów`,
  injured: `injured wounded feridos feridas heridos heridas lesionados ранени ранен* пострадали جرحى جريح مصاب* مصابين
    verletzte* verwundete* blessés blessé blessées feriti ferite пострадавш* раненых поранен* постраждал* травмован*
    yaralı* yaralan* rannych ranni ranny poszkodowan*`,
  detainee: `detainees prisoners inmates arrests detidos presos detentos prisioneiros detenidos arrestados задържан* арестуван* معتقل* محتجز* موقوف* سجناء
    festgenommene* festnahmen verhaftete* häftlinge gefangene* interpellés arrestations détenus prisonniers arrestati fermati detenuti
    prigionieri задержанн* арестованн* заключенн* затриман* заарештован* ув'язнен* gözaltı* tutuklu* zatrzyman* aresztowan* więźni*`,
  displaced: `refugees migrants evacuees displaced immigrants asylum-seekers refugiados migrantes deslocados desalojados
    desabrigados evacuados imigrantes desplazados damnificados inmigrantes бежанци мигранти разселени евакуирани
    لاجئ* مهاجر* نازح* مشرد*
    flüchtling* geflüchtete* vertriebene* evakuierte* migranten obdachlose* réfugiés déplacés évacués sinistrés sfollat* rifugiat*
    evacuat* senzatetto беженц* переселенц* эвакуированн* мигрант* біженц* переселенц* евакуйован* мігрант*
    mülteci* göçmen* tahliye* evsiz* uchodźc* przesiedlon* ewakuowan* migrant*`,
  protester: `protesters protestors demonstrators marchers manifestantes протестиращ* демонстранти متظاهر* محتج*
    demonstrant* protestierende* manifestants protestataires manifestanti dimostranti протестующ* демонстрант* митингующ*
    протестувальник* мітингувальник* gösterici* protestocu* eylemci* protestując* manifestant* манифестант* бастующ*
    страйкар* streikende* grévistes scioperanti strajkując*`,
  case: `cases infections hospitalisations hospitalizations casos internamentos hospitalizações hospitalizaciones случаи случая
    заразени حاله حالات اصابه اصابات fälle infektionen cas casi случаев випадків vaka* przypadków`,
  missing: `missing unaccounted desaparecidos изчезнали безследно مفقود* vermisste* vermisst disparus disparues dispersi
    пропавш* безвести зниклих зниклі безвісти kayıp* zaginion*`,
  country: `countries nations governments países nações governos naciones gobiernos страни държави нации دول دوله بلدان بلدا
    länder staaten nationen pays nations états paesi nazioni стран странах государств країн держав ülke* krajów kraje państw`,
  tonne: 'tonnes tons tonne ton toneladas тона тон طن اطنان طنا tonnen tonnellate тонн тонны тонн ton',
  shipment:
    'trucks lorries shipments containers convoys truckloads camiões caminhões carregamentos contentores camiones cargamentos contenedores камиона камиони пратки شاحنات شاحنه شحنات planes aircraft flights aviones aviões avions aerei flugzeuge самолет* літак* uçak* samolot* طائرات طائره lastwagen lkw camions convois camion convogli грузовик* вантажівок вантажівки tır kamyon* ciężarówek ciężarówki',
  money:
    'dollars euros reais pesos bolivars dólares bolívares долара евро лева دولار* يورو dollar euro dollari долларов рублей доларів гривень євро dolar* avro lira dolarów złotych liras lire lirası лир лір лиры фунтов фунтів фунта livres livre pfund funtów sterlin гривен гривни hryvnias francs franken جنيه ليره ليرات',
  time: `seconds minutes hours days weeks months years decades year-old years-old segundos minutos horas dias semanas meses
    anos décadas días años секунди минути часа часове дни дена седмици месеца месеци години годишен годишна
    ساعات ساعه ايام يوما اسابيع اشهر شهور سنوات سنه عاما اعوام دقائق
    sekunden minuten stunden tage tagen wochen monate monaten jahre jahren jahrzehnte jährige* jähriger
    secondes heures jours semaines mois ans années décennies secondi minuti ore giorni settimane mesi anni decenni
    секунд минут минуты час часа часов дней дня день недель недели месяцев месяца лет года годы годов летний* летняя* летнего*
    хвилин години годин днів дні доби діб тижнів місяців років роки рік річн*
    saniye dakika saat gün gündür hafta yıl yıldır yaşında yaşındaki
    sekund minut godzin godziny dni tygodni miesięcy lat roku lata letni*
    km kilometres kilometers kilometre kilometer kilomètres chilometri километров километра кілометрів kilometrów kilometrelik
    metres meters metros metri метров метрів metrów kg kilograms kilogrammes chili килограммов кілограмів kilogramów`,
  thing: `seats jobs buildings homes houses hectares villages votes schools hospitals vehicles cars tanks assentos lugares
    empregos edifícios casas hectares aldeias votos escolas veículos escaños empleos edificios viviendas hectáreas
    aldeas pueblos vehículos места депутати работни сгради къщи хектара села гласа مقعدا مقعد* وظيف* مبان* منازل هكتار* قرى
    sitze häuser gebäude wohnungen dörfer hektar plätze arbeitsplätze stimmen sièges maisons bâtiments logements villages
    places emplois voix seggi edifici abitazioni villaggi ettari posti voti мест домов зданий сел гектаров голосов
    місць будинків будинки сіл гектарів голосів ev evi konut* bina* köy* hektar* koltuk* domów budynków wsi hektarów
    miejsc mandatów głosów manifestations rassemblements cortèges demonstrations protests rallies marches manifestaciones
    protestas marchas manifestações protestos manifestazioni cortei kundgebungen demonstrationen proteste manifestacji
    manifestacje demonstracji protestów акций акции акцій протестов протестів митингов мітингів gösteri eylem
    provinces provincias províncias province provinces provinz provinzen провинции провинций провінцій областей областях
    unions sindicatos syndicats sindacati gewerkschaften профсоюзов профспілок związków синдиката sendika
    regions regiones regiões régions regioni województw cities ciudades cidades villes città städte городов міст miast şehir ilde ilçe`,
};

export const EVENTS: Readonly<Record<EventClass, string>> = {
  defect: `defect* desert* broke_with break_with broken_with switched_sides abandoned_their abandoned_his turned_against
    handed_themselves surrendered presented_themselves turned_themselves_in
    desertaram desertou romper_com romperam rompido abandonaram abandonou passaram_para_o_lado mudaram_de_lado
    entregaram-se renderam-se se_apresentaram apresentaram-se
    desertaron desertó romper_con rompieron abandonaron abandonó se_pasaron cambiaron_de_bando se_entregaron entregaron se_presentaron
    дезертир* дезерт* преминаха_на_страната минаха_на_страната обърнаха_гръб предадоха_се
    انشق* انشقاق* الانشقاق*
    desertiert* übergelaufen liefen_über désert* fait_défection disertat* diserzion* дезертир* перешли_на_сторону
    перейшли_на_бік здалися сдались firar* saf_değiştir* zdezerterował* przeszli_na_stronę`,
  flee: `fled flee* escap* crossed cross* sought_refuge sought_asylum seek* asylum refuge protection welcomed left
    fugiram fugir fug* escaparam cruzaram atravessaram pediram_refúgio refúgio asilo proteção acolhidos chegaram
    huyeron huy* escaparon cruzaron atravesaron refugio asilo protección se_refugiaron llegaron
    избягаха избяга* бягат преминаха пресякоха убежище закрила
    فر فروا هرب* عبروا لجا لجاوا لجوء
    flohen geflohen flücht* asyl fui fuient fuyant franchi asile fuggit* scappat* asilo бежал* сбежал* бегут убежищ*
    втекл* тікали притул* kaçtı kaçan sığın* uciekł* uciekli azyl*
    премина* пресяко* перетнул* перетинал* пересекл* перешедш* перешл* покинул* попросили_защиты попросили_убежища
    попросили_притулку przekroczy* attraversat* überquert* sınırı_geçti sınırı_geçen`,
  kill: `kill* dead died dying deaths death slain murder* lost_their_lives perish* fatalities
    morreram morreu morrer morrido mortos mortas morte* mataram matou matar assassinad* faleceram perderam_a_vida vítimas_mortais
    murieron murió muerto muertos muertas muerte* mataron mató asesinad* fallecieron fallecidos perdieron_la_vida
    убит* убиха загинаха загина загинали загинал* смърт* мъртви починаха
    قتل* قتلى مقتل* لقي لقوا مصرع* توفي* وفاه وفيات
    getötet* tot tote toten starben gestorben ums_leben tödlich* ermordet* umgekommen* todesopfer
    tué tués tuée tuées mort morts morte décédé* péri* succombé* meurtri* tuant
    uccis* morti morto morte deced* vittime perso_la_vita
    погиб* убит* убил* умер* скончал* унесли_жизни загин* загибл* вбит* вбил* померл*
    öldü* öldürül* hayatını_kaybett* can_verdi ölü ölen* ölüm*
    zginęł* zginął zginęło zabit* zabił* zmarł* śmierć śmiertelnych
    погибш* жертв* загибл* ofiar* hayatını_kaybed* kaybeden* can_kaybı* اودى_بحياه اودت_بحياه بحياه nie_żyje nie_żyją`,
  injure: `injur* wound* hurt feridos feridas ferido ferida ferir feriram lesionad* heridos heridas herido herida hirió
    hirieron ранен* ранени пострада* جرح* جرحى اصيب* اصابه اصابات مصاب* اصاب*
    verletzt* verwundet* blessé* blessés ferit* ferendo пострадал* пострадавш* травм* поранен* постраждал* травмован*
    yaraland* yaralı* rann* ranion* poszkodowan*`,
  detain: `arrest* detain* jailed imprison* captur* custody presos detidos detid* deteve detiveram prender* prenderam detenci* detenç*
    detenidos detuvo detuvieron arrestad* capturad* задържа* арестува* арест* اعتقل* معتقل* احتجز* اوقف* القبض
    festgenommen* festnahm* verhaftet* festnahme* inhaftiert* arrêté* interpellé* interpellation* arrestation* garde_à_vue
    arrestat* arresto fermat* fermo задерж* арестов* затрим* заарешт* арешт* gözaltına gözaltı* tutuklan* tutukla*
    zatrzyma* aresztowa* zatrzymań`,
  displace: `displac* evacuat* homeless forced_from forced_to_leave from_their_homes from_their_home deixar_as_suas_casas deixar_suas_casas deixaram_o_país
    desaloj* desabrig* deslocad* evacuad* retirada retirados retiradas desplaz* evacu* damnific* евакуира* разселен* напуснат_домовете напуснаха
    نزح* نازح* اجلاء تهجير مشرد*
    evakuiert* vertrieben* obdachlos* évacué* déplacé* sans-abri sinistré* evacuat* sfollat* senzatetto эвакуир* эвакуац*
    переселен* евакуйов* евакуац* tahliye* evsiz* ewakuowa* przesiedlon* sin_hogar sem_abrigo sem_casa senza_casa
    bez_dachu_nad_głową abrigo* shelters albergue* refugios notunterkünfte perderem_as_casas perderam_as_casas opuścić_domy opuścić_swoje_domy opuściło_domy quitter_leurs_maisons quitter_leur_domicile
    lasciare_le_proprie_case покинуть_свои_дома покинули_свои_дома залишити_домівки залишили_домівки evlerini_terk
    in_tents w_namiotach en_tiendas em_tendas sous_des_tentes in_tende in_zelten в_палатках у_наметах çadırlarda
    خيام sans_logement sin_vivienda without_shelter بلا_ماوى`,
  vanish: `missing unaccounted desaparecid* desapareceram desaparecieron disparu* vermisst* dispers* пропал* пропавш*
    безвести зникл* зниклими zaginę* zaginion* kayıp* مفقود* المفقودين فقد*`,
  protest: `protest* demonstrat* marched rall* manifest* marcha participado participaron протест* демонстр* участваха
    تظاهر* متظاهر* احتج* المسيره المشاركين
    desfil* sfilat* demonstrierten demonstrier* protestier* kundgebung* demonstration* manifesté* manifestation* défilé* rassemblé*
    manifestat* manifestazion* protest* corteo mobilisation mobilitazion* протест* митинг* демонстрац* мітинг* protesto* gösteri* eylem* protestowa*
    demonstrac* manifestac* demonstrow* cortège* на_улицы на_улиците на_вулиці na_ulice auf_die_straße in_piazza dans_la_rue
    a_la_calle às_ruas sokaklara по_улицам réuni* riunit* reunió reuniu versammelt* taken_part took_part
    participaram приняли_участие взяли_участь wzięło_udział wzięli_udział hanno_partecipato ont_participé nahmen_teil
    teilgenommen katıldı nas_ruas en_las_calles in_the_streets dans_les_rues nelle_strade na_ulicach на_вулицях sokaklarda
    juntou juntaram`,
  size: `has have numbers number strong army_of force_of deployed deploy* mobilis* mobiliz* tem conta_com contava_com
    enviados enviar destacad* tiene cuenta_con desplegad* desplegar* movilizó moviliz* наброява разполага разположени
    изпратени يضم قوامه يبلغ_عدد نشر عدد_افراد
    zählt umfasst verfügt_über stationiert* entsandt* mobilisiert* compte déployé* mobilisé* dispose_de dispone_di
    schierat* dispiegat* mobilitat* насчитывает численность развернут* мобилизов* налічує чисельність розгорнут*
    мобілізов* konuşlandır* liczy liczebność rozmieszczon* zmobilizowa* задейств* задіян* залучен* zaangażowa* eingesetzt*`,
};

/** Words that make "members" / "membros" / "أفراد" military: "members of the Venezuelan armed forces". */
export const MILITARY_CONTEXT = `forces force army armed guard military police navy security gnb fanb militia forças força exército guarda
  polícia armada militares segurança milícia fuerzas fuerza ejército guardia policía seguridad milicia сили армия армията
  гвардия гвардията полиция полицията милиция милицията военните قوات الجيش جيش الحرس الشرطه الامن الميليشيا ميليشيا
  armee streitkräfte militär polizei nationalgarde sicherheitskräfte armée forces police gendarmerie garde esercito forze
  polizia armii армия армии сил войск полиции гвардии армія армії збройних поліції гвардії ordu ordusu kuvvet* jandarma
  wojska sił policji gwardii правоохранительных правоохоронних правоохранителни porządkowych`;

/** "two of them", "dois deles", "dos de ellos", "двама от тях", "اثنان منهم": counted like the noun before. */
export const PARTITIVES = [
  'of them',
  'of those',
  'deles',
  'delas',
  'de ellos',
  'de ellas',
  'от тях',
  'منهم',
  'von ihnen',
  'd entre eux',
  'di loro',
  'из них',
  'з них',
  'z nich',
];

/** Heads that take their class from what follows: "members of the National Guard". */
export const MEMBER_HEADS =
  'members membros miembros integrantes членове اعضاء افراد عناصر mitglieder membres membri членов членів üyesi üye członków сотрудников сотрудники співробітників співробітники служители';
