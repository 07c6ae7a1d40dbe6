import { foldWord, isFunctionWord, stemIn, type Lang } from '../../lib/lang.js';

/**
 * A small multilingual commercial vocabulary: everyday words people use when
 * shopping or asking for a service, in Spanish, German, French and
 * Portuguese, each mapped to English words. Offline relevance reads a
 * non-English conversation through it, so "seguro para mi perro" meets an
 * ad group about "pet insurance for dogs". General vocabulary written for
 * Orbit (no evaluation item); words are matched on Snowball stems of their
 * accent-folded form, and a German compound by its longest known ending
 * ("Hausratversicherung" → "versicherung" → insurance).
 *
 * Each line: English word(s) = es words | de words | fr words | pt words.
 * Words of a several-word expression ("vale la pena") each map to the
 * English words, except function words and words too general on their own
 * (GENERAL), which are skipped.
 */
const LINES = `
insurance = seguro seguros aseguradora | versicherung versichert | assurance assureur mutuelle | seguro seguradora
health insurance = seguro médico | krankenversicherung krankenkasse | mutuelle santé | plano de saúde
car = coche carro auto automóvil | auto wagen pkw fahrzeug | voiture auto véhicule | carro automóvel veículo
bike = bicicleta bici | fahrrad rad | vélo bicyclette | bicicleta bike
electric bike = bicicleta eléctrica | e-bike pedelec elektrofahrrad | vélo électrique | bicicleta elétrica
electric = eléctrico eléctrica | elektrisch elektro | électrique | elétrico elétrica
dog = perro perra perros cachorro | hund hunde welpe | chien chienne chiot | cachorro cão cadela filhote
cat = gato gata gatito | katze kater kätzchen | chat chatte chaton | gato gata gatinho
pet = mascota mascotas | haustier haustiere | animal de compagnie | animal de estimação pet
vet = veterinario | tierarzt tierärztin | vétérinaire véto | veterinário
food = comida alimento alimentos pienso | futter essen nahrung lebensmittel | nourriture aliment croquettes | comida ração alimento
dog food = comida para perros pienso | hundefutter | nourriture pour chien croquettes | ração para cachorro
meal = comida cena almuerzo | mahlzeit essen abendessen | repas dîner déjeuner | refeição jantar almoço
recipe = receta recetas | rezept rezepte | recette recettes | receita receitas
cooking = cocinar cocina | kochen küche | cuisiner cuisine | cozinhar cozinha
delivery = entrega envío reparto a domicilio | lieferung lieferdienst versand | livraison | entrega delivery
grocery = supermercado compra | supermarkt einkauf lebensmittel | supermarché courses | supermercado mercado compras
vegan = vegano vegana | vegan veganer | végan végétalien | vegano vegana
vegetarian = vegetariano | vegetarisch | végétarien | vegetariano
coffee = café | kaffee espresso | café | café
coffee machine = cafetera | kaffeemaschine siebträger | machine à café cafetière | cafeteira máquina de café
wine = vino vinos | wein weine | vin vins | vinho vinhos
shoes = zapatos zapatillas calzado | schuhe laufschuhe turnschuhe | chaussures baskets | sapatos tênis calçados
running = correr carrera running | laufen joggen rennen | courir course running | correr corrida
marathon = maratón | marathon | marathon | maratona
gym = gimnasio | fitnessstudio studio | salle de sport | academia
training = entrenamiento entrenar | training trainieren | entraînement s'entraîner | treino treinar
weights = pesas mancuernas | hanteln gewichte kurzhantel | haltères poids | halteres pesos
clothes = ropa prendas | kleidung klamotten | vêtements habits | roupa roupas
jacket = chaqueta abrigo | jacke mantel | veste manteau blouson | jaqueta casaco
bag = bolso mochila | tasche rucksack | sac sac à dos | bolsa mochila
suitcase luggage = maleta equipaje | koffer gepäck | valise bagage bagages | mala bagagem
flight = vuelo vuelos | flug flüge | vol vols | voo voos
cheap flights = vuelos baratos | billigflüge günstige flüge | vols pas chers | voos baratos
hotel = hotel hoteles alojamiento | hotel unterkunft | hôtel hébergement | hotel hospedagem
travel = viaje viajar | reise reisen urlaub | voyage voyager | viagem viajar
trip vacation = viaje vacaciones | urlaub reise ferien | voyage vacances | viagem férias
visa = visado visa | visum | visa | visto
language = idioma lengua | sprache sprachen | langue | idioma língua
learn = aprender | lernen | apprendre | aprender
course = curso cursos clase | kurs kurse unterricht | cours formation | curso aula
lessons = clases lecciones | stunden unterricht nachhilfe | leçons cours | aulas lições
tutor teacher = profesor tutor | lehrer nachhilfelehrer tutor | professeur prof tuteur | professor tutor
english = inglés | englisch | anglais | inglês
spanish = español castellano | spanisch | espagnol | espanhol
exam = examen | prüfung | examen | exame prova
job = trabajo empleo puesto | job arbeit stelle | emploi travail poste boulot | emprego trabalho vaga
career = carrera profesión | karriere beruf | carrière métier | carreira profissão
resume = currículum cv | lebenslauf bewerbung | cv curriculum | currículo
interview = entrevista | vorstellungsgespräch interview | entretien | entrevista
salary = sueldo salario | gehalt lohn | salaire | salário
hiring = contratar contratación selección | einstellen personal rekrutierung | recruter recrutement | contratar recrutamento
programming code = programar programación código | programmieren code | programmer code | programar programação código
developer = desarrollador programador | entwickler programmierer | développeur | desenvolvedor programador
software = software programa aplicación | software programm | logiciel | software programa
app = aplicación app | app anwendung | application appli | aplicativo app
website = sitio web página web | webseite website homepage | site web | site página
hosting = alojamiento web hosting | hosting webhosting | hébergement | hospedagem
server = servidor | server | serveur | servidor
backup = copia de seguridad respaldo | sicherung backup datensicherung | sauvegarde | backup cópia de segurança
files = archivos ficheros | dateien | fichiers | arquivos
photos = fotos | fotos bilder | photos | fotos
cloud = nube | cloud | cloud nuage | nuvem
password = contraseña clave | passwort kennwort | mot de passe | senha
security = seguridad | sicherheit | sécurité | segurança
privacy = privacidad | privatsphäre datenschutz | confidentialité vie privée | privacidade
vpn = vpn | vpn | vpn | vpn
internet wifi = internet wifi red | internet wlan netz | internet wifi réseau | internet wifi rede
phone = teléfono móvil celular | handy telefon smartphone | téléphone portable | celular telefone
laptop computer = portátil ordenador computadora | laptop notebook computer rechner | ordinateur portable pc | notebook computador
screen repair = pantalla reparación arreglar | bildschirm display reparatur reparieren | écran réparation réparer | tela conserto consertar
battery = batería | akku batterie | batterie | bateria
camera = cámara | kamera | caméra appareil photo | câmera
headphones = auriculares cascos | kopfhörer | casque écouteurs | fones de ouvido
tv = televisor tele televisión | fernseher | télé téléviseur | televisão tv
glasses = gafas lentes | brille | lunettes | óculos
contact lenses = lentillas | kontaktlinsen | lentilles | lentes de contato
mattress = colchón | matratze | matelas | colchão
bed sleep = cama dormir sueño | bett schlafen schlaf | lit dormir sommeil | cama dormir sono
furniture = muebles | möbel | meubles | móveis
home house = casa hogar vivienda | haus wohnung zuhause | maison logement | casa lar
apartment = piso apartamento | wohnung | appartement | apartamento
rent = alquiler alquilar | miete mieten | loyer louer | aluguel alugar
moving = mudanza mudarse | umzug umziehen | déménagement déménager | mudança mudar
plumber = fontanero plomero | klempner installateur | plombier | encanador
electrician = electricista | elektriker | électricien | eletricista
repair = reparar reparación arreglar | reparieren reparatur | réparer réparation | consertar reparo
leak = fuga gotera | leck undicht tropft | fuite | vazamento
garden = jardín huerto | garten | jardin potager | jardim horta
plants = plantas | pflanzen | plantes | plantas
solar panels = placas solares paneles solares | solaranlage photovoltaik solarmodule | panneaux solaires | painéis solares energia solar
electricity bill = factura de la luz electricidad | stromrechnung strom | facture d'électricité électricité | conta de luz eletricidade
camera doorbell = timbre | türklingel klingel | sonnette | campainha
tax = impuesto impuestos hacienda | steuer steuern finanzamt | impôt impôts | imposto impostos receita
tax return = declaración de la renta | steuererklärung | déclaration d'impôts | declaração de imposto
accountant = contable gestor | steuerberater buchhalter | comptable expert-comptable | contador
bookkeeping accounting = contabilidad | buchhaltung | comptabilité | contabilidade
invoice = factura facturas | rechnung rechnungen | facture factures | fatura nota fiscal
payment = pago pagos pagar | zahlung zahlungen bezahlen | paiement paiements payer | pagamento pagar
transfer = transferencia | überweisung | virement | transferência
fees = comisiones tarifas | gebühren | frais commissions | taxas tarifas
suppliers = proveedores | lieferanten | fournisseurs | fornecedores
exchange rate = tipo de cambio divisas | wechselkurs devisen | taux de change devises | câmbio
business company = empresa negocio | firma unternehmen geschäft | entreprise société | empresa negócio
small business = pyme pequeña empresa autónomo | kleinunternehmen selbstständig | petite entreprise indépendant | pequena empresa autônomo
customers clients = clientes | kunden | clients | clientes
sales = ventas vender | vertrieb verkauf verkaufen | ventes vendre | vendas vender
invest = invertir inversión | investieren anlegen geldanlage | investir investissement placement | investir investimento
savings = ahorros ahorrar | ersparnisse sparen | épargne économiser | poupança economizar
retirement = jubilación pensión | rente altersvorsorge ruhestand | retraite | aposentadoria
loan = préstamo crédito | kredit darlehen | prêt crédit | empréstimo crédito
mortgage = hipoteca | hypothek baufinanzierung | prêt immobilier hypothèque | financiamento hipoteca
bank account = cuenta bancaria banco | bankkonto konto bank | compte bancaire banque | conta bancária banco
therapy = terapia | therapie | thérapie | terapia
therapist = terapeuta psicólogo | therapeut therapeutin psychologe | thérapeute psychologue psy | terapeuta psicólogo
anxiety = ansiedad | angst angststörung | anxiété angoisse | ansiedade
stress = estrés | stress | stress | estresse
online = en línea online | online | en ligne | online on-line
price = precio | preis kosten | prix tarif | preço
cheap = barato económico | günstig billig preiswert | pas cher bon marché | barato
best = mejor mejores | beste besten | meilleur meilleure meilleurs | melhor melhores
buy = comprar compra | kaufen kauf | acheter achat | comprar compra
recommend = recomendar recomiendas | empfehlen empfehlung | recommander conseiller | recomendar
worth = vale la pena merece | lohnt sich wert | vaut le coup vaut la peine | vale a pena
subscription = suscripción | abo abonnement | abonnement | assinatura
gift = regalo | geschenk | cadeau | presente
baby = bebé | baby | bébé | bebê
kids children = niños hijos | kinder | enfants | crianças filhos
wedding = boda | hochzeit | mariage | casamento
skin care = cuidado de la piel crema | hautpflege creme | soin de la peau crème | cuidados com a pele creme
guitar = guitarra | gitarre | guitare | guitarra violão
piano keyboard = piano teclado | klavier keyboard flügel | piano clavier | piano teclado
music = música | musik | musique | música
instrument = instrumento instrumentos | instrument instrumente | instrument instruments | instrumento instrumentos
singing = cantar canto | singen gesang | chanter chant | cantar canto
concert tickets = concierto entradas | konzert tickets eintrittskarten | concert billets | show ingressos
dentist = dentista | zahnarzt zahnärztin | dentiste | dentista
teeth = dientes muelas | zähne zahn | dents dent | dentes dente
braces = ortodoncia brackets | zahnspange | appareil dentaire orthodontie | aparelho ortodôntico
clinic = clínica consulta | praxis klinik | cabinet clinique | clínica consultório
appointment = cita | termin | rendez-vous | consulta agendamento
doctor = médico doctor | arzt ärztin | médecin docteur | médico
pharmacy = farmacia | apotheke | pharmacie | farmácia
hearing aids = audífonos | hörgeräte hörgerät | appareils auditifs | aparelho auditivo
hearing = oído audición | gehör hören | audition ouïe | audição
posture back pain = postura espalda | haltung rücken rückenschmerzen | posture dos | postura costas
sim card = tarjeta sim | sim-karte simkarte | carte sim | chip
mobile data = datos móviles | mobile daten datenvolumen | données mobiles forfait | dados móveis
roaming = itinerancia roaming | roaming | itinérance roaming | roaming
abroad = extranjero | ausland | étranger | exterior
used car = coche de segunda mano usado | gebrauchtwagen | voiture d'occasion occasion | carro usado seminovo
sell = vender venta | verkaufen | vendre vente | vender venda
dealer = concesionario | autohändler händler | concessionnaire | concessionária
tires = neumáticos ruedas | reifen | pneus | pneus
garage mechanic = taller mecánico | werkstatt mechaniker | garage mécanicien | oficina mecânico
driving lessons = autoescuela clases de conducir | fahrschule führerschein | auto-école permis | autoescola
campervan = autocaravana camper furgoneta | wohnmobil campervan | camping-car van | motorhome
camping = acampada camping | camping zelten | camping | acampamento camping
tent = tienda de campaña | zelt | tente | barraca
fishing = pesca pescar | angeln | pêche pêcher | pesca pescar
hiking = senderismo montaña | wandern wanderung | randonnée | trilha caminhada
bicycle repair = taller de bicis | fahrradwerkstatt | réparation vélo | oficina de bicicleta
photography = fotografía | fotografie | photographie | fotografia
photographer = fotógrafo | fotograf fotografin | photographe | fotógrafo
lens = lente | objektiv | objectif | lente
board games = juegos de mesa | brettspiele gesellschaftsspiele | jeux de société | jogos de tabuleiro
game = juego juegos | spiel spiele | jeu jeux | jogo jogos
books = libros libro | bücher buch | livres livre | livros livro
tattoo = tatuaje | tattoo tätowierung | tatouage | tatuagem
sign = letrero cartel | schild | enseigne panneau | placa letreiro
printing = imprenta | druckerei | imprimerie | gráfica
clothing repair alterations = arreglos costura | änderungsschneiderei schneider | retouches couturière | costura ajustes
second hand = segunda mano | gebraucht secondhand | seconde main | brechó
sewing = coser costura | nähen | couture coudre | costura costurar
cookware = sartenes ollas | pfannen töpfe | poêles casseroles | panelas frigideiras
knives = cuchillos | messer | couteaux | facas
kitchen = cocina | küche | cuisine | cozinha
bathroom = baño | bad badezimmer | salle de bain | banheiro
heating = calefacción | heizung | chauffage | aquecimento
boiler = caldera | heizkessel therme | chaudière | caldeira
heat pump = bomba de calor aerotermia | wärmepumpe | pompe à chaleur | bomba de calor
insulation = aislamiento | dämmung isolierung | isolation | isolamento
air conditioning = aire acondicionado | klimaanlage | climatisation | ar condicionado
renovation = reforma obras | renovierung sanierung umbau | rénovation travaux | reforma obra
builder = albañil constructor | handwerker bauunternehmen | artisan maçon | pedreiro empreiteiro
painter = pintor | maler | peintre | pintor
cleaning = limpieza limpiar | reinigung putzen | ménage nettoyage | limpeza faxina
landlord tenant = casero inquilino arrendador | vermieter mieter | propriétaire locataire bailleur | proprietário inquilino
lease = contrato de alquiler | mietvertrag | bail | contrato de aluguel
real estate = inmobiliaria | immobilien makler | immobilier agence immobilière | imobiliária
buy house = comprar casa | haus kaufen eigenheim | acheter maison | comprar casa
lawyer = abogado | anwalt anwältin rechtsanwalt | avocat | advogado
will testament = testamento | testament | testament | testamento
notary = notario | notar | notaire | cartório tabelião
contract = contrato | vertrag | contrat | contrato
payroll = nóminas nómina | lohnabrechnung gehaltsabrechnung | paie fiches de paie | folha de pagamento
employees staff = empleados plantilla | mitarbeiter angestellte | salariés employés | funcionários
freelancer = autónomo freelance | freiberufler selbstständiger | freelance indépendant auto-entrepreneur | freelancer autônomo
startup = startup emprendimiento | startup gründung | start-up | startup
marketing = marketing publicidad | marketing werbung | marketing publicité | marketing publicidade
email = correo electrónico email | e-mail | courriel e-mail | e-mail
newsletter = boletín newsletter | newsletter | newsletter lettre d'information | newsletter
crm = crm | crm | crm | crm
leads prospects = clientes potenciales prospectos | leads interessenten | prospects | leads
monitoring uptime = monitorización | überwachung monitoring | surveillance supervision | monitoramento
downtime outage = caída | ausfall | panne | queda indisponibilidade
database = base de datos | datenbank | base de données | banco de dados
currency = divisa moneda | währung | devise monnaie | moeda
international transfer = transferencia internacional | auslandsüberweisung | virement international | transferência internacional
credit card = tarjeta de crédito | kreditkarte | carte de crédit | cartão de crédito
budget = presupuesto | budget haushaltsbuch | budget | orçamento
pension = pensión plan de pensiones | rente pension | retraite | previdência
life insurance = seguro de vida | lebensversicherung | assurance vie | seguro de vida
home insurance = seguro de hogar | hausratversicherung | assurance habitation | seguro residencial
pet insurance = seguro para mascotas | tierversicherung | assurance animaux | seguro pet
travel insurance = seguro de viaje | reiseversicherung | assurance voyage | seguro viagem
dog walker = paseador de perros | hundesitter gassi | promeneur de chiens | passeador de cães
pet sitter = cuidador de mascotas | tiersitter | garde d'animaux | pet sitter babá de pet
cat litter = arena para gatos | katzenstreu | litière | areia para gatos
puppy training = adiestramiento | hundeschule hundetraining | dressage éducation canine | adestramento
baby products = productos para bebé | babyartikel | puériculture | produtos para bebê
stroller = carrito cochecito | kinderwagen | poussette | carrinho
crib = cuna | babybett | berceau lit bébé | berço
diapers = pañales | windeln | couches | fraldas
toys = juguetes | spielzeug | jouets | brinquedos
school supplies = material escolar | schulsachen | fournitures scolaires | material escolar
tutoring = clases particulares | nachhilfe | soutien scolaire | aulas particulares reforço
university = universidad | universität uni | université fac | universidade faculdade
test prep = preparación examen | prüfungsvorbereitung | préparation examen | preparatório
certification = certificación certificado | zertifikat zertifizierung | certification | certificação certificado
coding bootcamp = bootcamp curso de programación | programmierkurs | formation développeur | curso de programação
kids coding = programación para niños | programmieren für kinder | code pour enfants | programação para crianças
diabetes = diabetes | diabetes | diabète | diabetes
diet nutrition = dieta nutrición | ernährung diät | régime nutrition | dieta nutrição
healthy = sano saludable | gesund | sain santé | saudável
meal plan = plan de comidas | essensplan | plan de repas | cardápio
supplements = suplementos vitaminas | nahrungsergänzung vitamine | compléments vitamines | suplementos vitaminas
yoga = yoga | yoga | yoga | ioga yoga
fitness = fitness forma física | fitness | fitness forme | fitness
bike shop = tienda de bicicletas | fahrradladen | magasin de vélo | loja de bicicleta
sports = deporte deportes | sport | sport | esporte esportes
swimming = natación nadar | schwimmen | natation nager | natação nadar
ski = esquí esquiar | ski skifahren | ski | esqui
beach = playa | strand | plage | praia
rental car = coche de alquiler | mietwagen | voiture de location | carro alugado aluguel de carro
train = tren | zug bahn | train | trem
airport = aeropuerto | flughafen | aéroport | aeroporto
booking = reserva reservar | buchung buchen | réservation réserver | reserva reservar
tour = excursión visita guiada | ausflug führung | excursion visite guidée | passeio excursão
moving abroad relocation = emigrar | auswandern | expatriation | mudar para o exterior
tickets = entradas billetes | tickets karten | billets | ingressos passagens
furniture store = tienda de muebles | möbelhaus | magasin de meubles | loja de móveis
sofa = sofá | sofa couch | canapé | sofá
desk = escritorio | schreibtisch | bureau | escrivaninha mesa
chair = silla | stuhl | chaise | cadeira
office = oficina | büro | bureau | escritório
printer = impresora | drucker | imprimante | impressora
smartwatch = reloj inteligente | smartwatch | montre connectée | relógio inteligente
watch = reloj | armbanduhr | montre | relógio
jewelry = joyas joyería | schmuck | bijoux | joias
perfume = perfume | parfum | parfum | perfume
makeup = maquillaje | schminke make-up | maquillage | maquiagem
hair = pelo cabello peluquería | haare friseur | cheveux coiffeur | cabelo cabeleireiro
dress = vestido | kleid | robe | vestido
suit = traje | anzug | costume | terno
sneakers = zapatillas deportivas | sneaker turnschuhe | baskets | tênis
boots = botas | stiefel | bottes | botas
backpack = mochila | rucksack | sac à dos | mochila
streaming = streaming plataforma | streaming | streaming | streaming
podcast = podcast | podcast | podcast | podcast
video editing = edición de vídeo | videobearbeitung videoschnitt | montage vidéo | edição de vídeo
design = diseño | design gestaltung | design | design
logo = logotipo logo | logo | logo | logotipo logo
translation = traducción traductor | übersetzung übersetzer | traduction traducteur | tradução tradutor
apply visa = solicitar visado | visum beantragen | demande de visa | pedir visto
`;

/** Words of several-word expressions too general to stand for the expression alone. */
const GENERAL = new Set([
  'segunda',
  'mano',
  'seconde',
  'main',
  'mão',
  'tarjeta',
  'carte',
  'cartão',
  'plan',
  'productos',
  'produtos',
  'material',
  'forma',
  'física',
  'base',
  'solicitar',
  'beantragen',
  'demande',
  'pedir',
  'vida',
  'agence',
  'internacional',
  'international',
  'internacional',
  'datos',
  'dados',
  'vie',
  'mot',
  'tipo',
  'salle',
  'bon',
  'appareil',
  'marché',
  'cuidado',
  'soin',
  'cuidados',
  'pena',
  'sich',
  'peine',
  'coup',
  'vaut',
  'vale',
  'compte',
  'cuenta',
  'conta',
  'plano',
  'conta',
  'facture',
  'factura',
  'nota',
  'cópia',
  'copia',
  'red',
  'rede',
  'réseau',
  'netz',
  'pas',
]);

type Foreign = Exclude<Lang, 'other' | 'en'>;
const ORDER: Foreign[] = ['es', 'de', 'fr', 'pt'];

/** Per language: stem of a foreign word (or of a phrase's words joined by spaces) → English words. */
const maps = new Map<Foreign, Map<string, string[]>>();

function mapOf(lang: Foreign): Map<string, string[]> {
  let m = maps.get(lang);
  if (m) return m;
  m = new Map();
  for (const line of LINES.split('\n')) {
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    const english = line.slice(0, eq).trim().split(/\s+/);
    const cols = line.slice(eq + 1).split('|');
    const col = cols[ORDER.indexOf(lang)] ?? '';
    for (const w of col.trim().split(/\s+/)) {
      if (!w || isFunctionWord(lang, w) || GENERAL.has(w)) continue;
      const key = stemOf(lang, w);
      if (key && !m.has(key)) m.set(key, english);
    }
  }
  maps.set(lang, m);
  return m;
}

const stemOf = (lang: Foreign, w: string): string => stemIn(lang, foldWord(w.toLowerCase().replace(/['’]/g, '')));

/** Shortest ending of a German compound looked up (shorter endings are too often parts of other words). */
const MIN_ENDING = 5;

/**
 * English words for a lowercase word of a conversation in `lang`, or null
 * when the vocabulary does not know it (the word then stands as it is:
 * brand names and loanwords often match as they are).
 */
export function englishFor(lang: Lang, word: string): readonly string[] | null {
  if (lang === 'en' || lang === 'other') return null;
  const m = mapOf(lang);
  const s = stemOf(lang, word);
  const hit = m.get(s);
  if (hit) return hit;
  if (lang === 'de' && word.length > MIN_ENDING + 2) {
    const folded = foldWord(word);
    for (let i = 1; i + MIN_ENDING <= folded.length; i++) {
      const end = m.get(stemIn('de', folded.slice(i)));
      if (end) return end;
    }
  }
  return null;
}
