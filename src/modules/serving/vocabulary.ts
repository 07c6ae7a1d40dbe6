import { foldWord, isFunctionWord, stemIn, type Lang } from '../../lib/lang.js';
import { stem, words } from '../../lib/text.js';

/**
 * A multilingual commercial vocabulary: everyday words people use when
 * shopping or asking for a service, in Spanish, German, French, Portuguese,
 * Italian and Dutch (the languages lib/lang.ts detects and stems), each
 * mapped to English words. Offline relevance reads a non-English
 * conversation through it, so "seguro para mi perro" meets an ad group about
 * "pet insurance for dogs". General vocabulary written for Orbit (no
 * evaluation item); words are matched on Snowball stems of their
 * accent-folded form, and a German or Dutch compound by its longest known
 * ending ("Hausratversicherung" → "versicherung" → insurance).
 *
 * Each line: English word(s) = es words | de words | fr words | pt words | it words | nl words
 * (every line has all six columns; a line without them fails at the first
 * look-up, and a test reads every line). A column is split into words as a
 * conversation is (lib/text.ts `words`: "d'électricité" → d, électricité).
 * Words of a several-word expression ("vale la pena") each map to the
 * English words, except function words, words of one or two letters (bar
 * SHORT) and words too general on their own (GENERAL), which are skipped.
 * A stem several lines name keeps the first of them, unless a later line's
 * English is part of the first's ("game" of "board games"): "juegos" of
 * "juegos de mesa" still means "game".
 */
const LINES = `
insurance = seguro seguros aseguradora | versicherung versichert | assurance assureur mutuelle | seguro seguradora | assicurazione assicurazioni assicurato assicuratore polizza | verzekering verzekeringen verzekerd verzekeraar polis
health insurance = seguro médico | krankenversicherung krankenkasse | mutuelle santé | plano de saúde | assicurazione sanitaria | zorgverzekering ziektekostenverzekering
car = coche carro auto automóvil | auto wagen pkw fahrzeug | voiture auto véhicule | carro automóvel veículo | auto automobile vettura | auto wagen personenauto
bike = bicicleta bici | fahrrad rad | vélo bicyclette | bicicleta bike | bicicletta bici | fiets fietsen
electric bike = bicicleta eléctrica | e-bike pedelec elektrofahrrad | vélo électrique | bicicleta elétrica | bici elettrica bicicletta elettrica | e-bike elektrische fiets
electric = eléctrico eléctrica | elektrisch elektro | électrique | elétrico elétrica | elettrico elettrica | elektrisch elektrische
dog = perro perra perros cachorro | hund hunde welpe | chien chienne chiot | cachorro cão cadela filhote | cane cani cagnolino cucciolo | hond honden puppy pup
cat = gato gata gatito | katze kater kätzchen | chat chatte chaton | gato gata gatinho | gatto gatta gattino gatti | kat katten kitten poes
pet = mascota mascotas | haustier haustiere | animal de compagnie | animal de estimação pet | animale domestico animali domestici | huisdier huisdieren
vet = veterinario | tierarzt tierärztin | vétérinaire véto | veterinário | veterinario | dierenarts
food = comida alimento alimentos pienso | futter essen nahrung lebensmittel | nourriture aliment croquettes | comida ração alimento | cibo alimento alimenti crocchette | voer eten voeding
dog food = comida para perros pienso | hundefutter | nourriture pour chien croquettes | ração para cachorro | cibo per cani crocchette | hondenvoer hondenbrokken
meal = comida cena almuerzo | mahlzeit essen abendessen | repas dîner déjeuner | refeição jantar almoço | pasto cena pranzo | maaltijd avondeten diner lunch
recipe = receta recetas | rezept rezepte | recette recettes | receita receitas | ricetta ricette | recept recepten
cooking = cocinar cocina | kochen küche | cuisiner cuisine | cozinhar cozinha | cucinare cucina | koken keuken
delivery = entrega envío reparto a domicilio | lieferung lieferdienst versand | livraison | entrega delivery | consegna consegne spedizione domicilio | bezorging bezorgen levering bezorgdienst
grocery = supermercado compra | supermarkt einkauf lebensmittel | supermarché courses | supermercado mercado compras | supermercato spesa | supermarkt boodschappen
vegan = vegano vegana | vegan veganer | végan végétalien | vegano vegana | vegano vegana | veganistisch vegan
vegetarian = vegetariano | vegetarisch | végétarien | vegetariano | vegetariano vegetariana | vegetarisch
coffee = café | kaffee espresso | café | café | caffè espresso | koffie espresso
coffee machine = cafetera | kaffeemaschine siebträger | machine à café cafetière | cafeteira máquina de café | macchinetta caffettiera moka | koffiemachine koffiezetapparaat espressomachine
wine = vino vinos | wein weine | vin vins | vinho vinhos | vino vini | wijn wijnen
shoes = zapatos zapatillas calzado | schuhe laufschuhe turnschuhe | chaussures baskets | sapatos tênis calçados | scarpe scarpa calzature | schoenen schoen
running = correr carrera running | laufen joggen rennen | courir course running | correr corrida | correre corsa running | hardlopen rennen
marathon = maratón | marathon | marathon | maratona | maratona | marathon
gym = gimnasio | fitnessstudio studio | salle de sport | academia | palestra | sportschool gym
training = entrenamiento entrenar | training trainieren | entraînement s'entraîner | treino treinar | allenamento allenarsi allenare | training trainen
weights = pesas mancuernas | hanteln gewichte kurzhantel | haltères poids | halteres pesos | pesi manubri | gewichten halters dumbbells
clothes = ropa prendas | kleidung klamotten | vêtements habits | roupa roupas | vestiti abbigliamento | kleding kleren
jacket = chaqueta abrigo | jacke mantel | veste manteau blouson | jaqueta casaco | giacca giubbotto cappotto | jas jasje
bag = bolso mochila | tasche rucksack | sac sac à dos | bolsa mochila | borsa zaino | tas rugzak
suitcase luggage = maleta equipaje | koffer gepäck | valise bagage bagages | mala bagagem | valigia bagaglio bagagli | koffer bagage
flight = vuelo vuelos | flug flüge | vol vols | voo voos | volo voli | vlucht vluchten
cheap flights = vuelos baratos | billigflüge günstige flüge | vols pas chers | voos baratos | voli economici | goedkope vluchten
hotel = hotel hoteles alojamiento | hotel unterkunft | hôtel hébergement | hotel hospedagem | hotel albergo alloggio | hotel accommodatie
travel = viaje viajar | reise reisen urlaub | voyage voyager | viagem viajar | viaggio viaggiare | reis reizen
trip vacation = viaje vacaciones | urlaub reise ferien | voyage vacances | viagem férias | viaggio vacanza vacanze ferie | vakantie reis
visa = visado visa | visum | visa | visto | visto | visum
language = idioma lengua | sprache sprachen | langue | idioma língua | lingua lingue | taal talen
learn = aprender | lernen | apprendre | aprender | imparare | leren
course = curso cursos clase | kurs kurse unterricht | cours formation | curso aula | corso corsi | cursus cursussen opleiding
lessons = clases lecciones | unterricht nachhilfe | leçons cours | aulas lições | lezioni | lessen les
tutor teacher = profesor tutor | lehrer nachhilfelehrer tutor | professeur prof tuteur | professor tutor | insegnante professore tutor | leraar docent tutor
english = inglés | englisch | anglais | inglês | inglese | engels
spanish = español castellano | spanisch | espagnol | espanhol | spagnolo | spaans
exam = examen | prüfung | examen | exame prova | esame | examen tentamen
job = trabajo empleo puesto | job arbeit stelle | emploi travail poste boulot | emprego trabalho vaga | lavoro impiego | baan werk vacature
career = carrera profesión | karriere beruf | carrière métier | carreira profissão | carriera professione | carrière beroep
resume = currículum cv | lebenslauf bewerbung | cv curriculum | currículo | curriculum cv | cv
interview = entrevista | vorstellungsgespräch interview | entretien | entrevista | colloquio | sollicitatiegesprek
salary = sueldo salario | gehalt lohn | salaire | salário | stipendio | salaris loon
hiring = contratar contratación selección | einstellen personal rekrutierung | recruter recrutement | contratar recrutamento | assumere assunzione selezione | aannemen werving personeel
programming code = programar programación código | programmieren code | programmer code | programar programação código | programmare programmazione codice | programmeren code
developer = desarrollador programador | entwickler programmierer | développeur | desenvolvedor programador | sviluppatore programmatore | ontwikkelaar programmeur
software = software programa aplicación | software programm | logiciel | software programa | software programma applicazione | software programma
app = aplicación app | app anwendung | application appli | aplicativo app | app applicazione | app applicatie
website = sitio web página web | webseite website homepage | site web | site página | sito web sito | website webpagina
hosting = alojamiento web hosting | hosting webhosting | hébergement | hospedagem | hosting | hosting webhosting
server = servidor | server | serveur | servidor | server | server
backup = copia de seguridad respaldo | sicherung backup datensicherung | sauvegarde | backup cópia de segurança | backup | back-up backup
files = archivos ficheros | dateien | fichiers | arquivos | file documenti | bestanden
photos = fotos | fotos bilder | photos | fotos | foto | foto's
cloud = nube | cloud | cloud nuage | nuvem | cloud nuvola | cloud
password = contraseña clave | passwort kennwort | mot de passe | senha | password | wachtwoord
security = seguridad | sicherheit | sécurité | segurança | sicurezza | beveiliging
privacy = privacidad | privatsphäre datenschutz | confidentialité vie privée | privacidade | privacy riservatezza | privacy
vpn = vpn | vpn | vpn | vpn | vpn | vpn
internet wifi = internet wifi red | internet wlan netz | internet wifi réseau | internet wifi rede | internet wifi | internet wifi
phone = teléfono móvil celular | handy telefon smartphone | téléphone portable | celular telefone | telefono cellulare smartphone | telefoon mobiel smartphone
laptop computer = portátil ordenador computadora | laptop notebook computer rechner | ordinateur portable pc | notebook computador | portatile computer pc | laptop computer
screen repair = pantalla reparación arreglar | bildschirm display reparatur reparieren | écran réparation réparer | tela conserto consertar | schermo riparazione riparare | scherm reparatie repareren
battery = batería | akku batterie | batterie | bateria | batteria | batterij accu
camera = cámara | kamera | caméra appareil photo | câmera | fotocamera | camera fototoestel
headphones = auriculares cascos | kopfhörer | casque écouteurs | fones de ouvido | cuffie auricolari | koptelefoon oordopjes
tv = televisor tele televisión | fernseher | télé téléviseur | televisão tv | televisore televisione tv | televisie tv
glasses = gafas lentes | brille | lunettes | óculos | occhiali | bril
contact lenses = lentillas | kontaktlinsen | lentilles | lentes de contato | lenti a contatto | contactlenzen lenzen
mattress = colchón | matratze | matelas | colchão | materasso | matras
bed sleep = cama dormir sueño | bett schlafen schlaf | lit dormir sommeil | cama dormir sono | letto dormire sonno | bed slapen slaap
furniture = muebles | möbel | meubles | móveis | mobili arredamento | meubels meubilair
home house = casa hogar vivienda | haus wohnung zuhause | maison logement | casa lar | casa abitazione | huis woning thuis
apartment = piso apartamento | wohnung | appartement | apartamento | appartamento | appartement flat
rent = alquiler alquilar | miete mieten | loyer louer | aluguel alugar | affitto affittare | huur huren
moving = mudanza mudarse | umzug umziehen | déménagement déménager | mudança mudar | trasloco traslocare | verhuizing verhuizen
plumber = fontanero plomero | klempner installateur | plombier | encanador | idraulico | loodgieter
electrician = electricista | elektriker | électricien | eletricista | elettricista | elektricien
repair = reparar reparación arreglar | reparieren reparatur | réparer réparation | consertar reparo | riparare riparazione aggiustare | repareren reparatie
leak = fuga gotera | leck undicht tropft | fuite | vazamento | gocciola infiltrazione | lek lekt lekkage
garden = jardín huerto | garten | jardin potager | jardim horta | giardino orto | tuin moestuin
plants = plantas | pflanzen | plantes | plantas | piante | planten
solar panels = placas solares paneles solares fotovoltaica | solaranlage photovoltaik solarmodule | panneaux solaires solaire photovoltaïque | painéis solares energia solar | pannelli solari fotovoltaico | zonnepanelen
electricity bill = factura de la luz electricidad | stromrechnung strom | facture d'électricité électricité | conta de luz eletricidade | bolletta elettricità | energierekening stroom
camera doorbell = timbre | türklingel klingel | sonnette | campainha | campanello | deurbel
tax = impuesto impuestos hacienda | steuer steuern finanzamt | impôt impôts | imposto impostos receita | tasse imposte fisco | belasting belastingen
tax return = declaración de la renta | steuererklärung | déclaration d'impôts | declaração de imposto | dichiarazione dei redditi | belastingaangifte aangifte
accountant = contable gestor | steuerberater buchhalter | comptable expert-comptable | contador | commercialista contabile | boekhouder accountant
bookkeeping accounting = contabilidad | buchhaltung | comptabilité | contabilidade | contabilità | boekhouding
invoice = factura facturas | rechnung rechnungen | facture factures | fatura nota fiscal | fattura fatture | factuur facturen
payment = pago pagos pagar | zahlung zahlungen bezahlen | paiement paiements payer | pagamento pagar | pagamento pagamenti pagare | betaling betalingen betalen
transfer = transferencia | überweisung | virement | transferência | bonifico | overschrijving overboeking
fees = comisiones tarifas | gebühren | frais commissions | taxas tarifas | commissioni tariffe | tarieven transactiekosten
suppliers = proveedores | lieferanten | fournisseurs | fornecedores | fornitori | leveranciers
exchange rate = tipo de cambio divisas | wechselkurs devisen | taux de change devises | câmbio | tasso di cambio | wisselkoers
business company = empresa negocio | firma unternehmen geschäft | entreprise société | empresa negócio | azienda impresa | bedrijf onderneming
small business = pyme pequeña empresa autónomo | kleinunternehmen selbstständig | petite entreprise indépendant | pequena empresa autônomo | piccola impresa partita iva | kleine ondernemer mkb
customers clients = clientes | kunden | clients | clientes | clienti | klanten
sales = ventas vender | vertrieb verkauf verkaufen | ventes vendre | vendas vender | vendite vendere | verkoop verkopen
invest = invertir inversión | investieren anlegen geldanlage | investir investissement placement | investir investimento | investire investimento | beleggen investeren belegging
savings = ahorros ahorrar | ersparnisse sparen | épargne économiser | poupança economizar | risparmi risparmiare | spaargeld sparen
retirement = jubilación pensión | rente altersvorsorge ruhestand | retraite | aposentadoria | pensione | pensioen
loan = préstamo crédito | kredit darlehen | prêt crédit | empréstimo crédito | prestito finanziamento | lening krediet
mortgage = hipoteca | hypothek baufinanzierung | prêt immobilier hypothèque | financiamento hipoteca | mutuo | hypotheek
bank account = cuenta bancaria banco | bankkonto konto bank | compte bancaire banque | conta bancária banco | conto corrente banca | bankrekening bank
therapy = terapia | therapie | thérapie | terapia | terapia | therapie
therapist = terapeuta psicólogo | therapeut therapeutin psychologe | thérapeute psychologue psy | terapeuta psicólogo | terapeuta psicologo | therapeut psycholoog
anxiety = ansiedad | angst angststörung | anxiété angoisse | ansiedade | ansia | angst
stress = estrés | stress | stress | estresse | stress | stress
online = en línea online | online | en ligne | online on-line | online in rete | online
price = precio | preis kosten | prix tarif | preço | prezzo | prijs kosten
cheap = barato económico | günstig billig preiswert | pas cher bon marché | barato | economico | goedkoop voordelig
best = mejor mejores | beste besten | meilleur meilleure meilleurs | melhor melhores | migliore migliori | beste
buy = comprar compra | kaufen kauf | acheter achat | comprar compra | comprare acquistare acquisto | kopen aankoop
recommend = recomendar recomiendas | empfehlen empfehlung | recommander conseiller | recomendar | consigliare consigli raccomandare | aanraden aanbevelen
worth = vale la pena merece | lohnt sich wert | vaut le coup vaut la peine | vale a pena | vale la pena conviene | waard
subscription = suscripción | abo abonnement | abonnement | assinatura | abbonamento | abonnement
gift = regalo | geschenk | cadeau | presente | regalo | cadeau
baby = bebé | baby | bébé | bebê | neonato bebè | baby
kids children = niños hijos | kinder | enfants | crianças filhos | bambini figli | kinderen kids
wedding = boda | hochzeit | mariage | casamento | matrimonio nozze | bruiloft huwelijk
skin care = cuidado de la piel crema | hautpflege creme | soin de la peau crème | cuidados com a pele creme | cura della pelle crema | huidverzorging crème
guitar = guitarra | gitarre | guitare | guitarra violão | chitarra | gitaar
piano keyboard = piano teclado | klavier keyboard flügel | piano clavier | piano teclado | pianoforte tastiera | piano keyboard
music = música | musik | musique | música | musica | muziek
instrument = instrumento instrumentos | instrument instrumente | instrument instruments | instrumento instrumentos | strumento strumenti | instrument instrumenten
singing = cantar canto | singen gesang | chanter chant | cantar canto | cantare canto | zingen zang
concert tickets = concierto entradas | konzert tickets eintrittskarten | concert billets | show ingressos | concerto biglietti | concert kaartjes
dentist = dentista | zahnarzt zahnärztin | dentiste | dentista | dentista | tandarts
teeth = dientes muelas | zähne zahn | dents dent | dentes dente | denti dente | tanden tand
braces = ortodoncia brackets | zahnspange | appareil dentaire orthodontie | aparelho ortodôntico | apparecchio ortodonzia | beugel
clinic = clínica consulta | praxis klinik | cabinet clinique | clínica consultório | clinica ambulatorio | kliniek praktijk
appointment = cita | termin | rendez-vous | consulta agendamento | appuntamento | afspraak
doctor = médico doctor | arzt ärztin | médecin docteur | médico | medico dottore | dokter arts huisarts
pharmacy = farmacia | apotheke | pharmacie | farmácia | farmacia | apotheek
hearing aids = audífonos | hörgeräte hörgerät | appareils auditifs | aparelho auditivo | apparecchi acustici | hoortoestel hoortoestellen
hearing = oído audición | gehör hören | audition ouïe | audição | udito | gehoor
posture back pain = postura espalda | haltung rücken rückenschmerzen | posture dos | postura costas | postura schiena | houding rug rugpijn
sim card = tarjeta sim | sim-karte simkarte | carte sim | chip | sim | simkaart
mobile data = datos móviles | mobile daten datenvolumen | données mobiles forfait | dados móveis | giga | databundel
roaming = itinerancia roaming | roaming | itinérance roaming | roaming | roaming | roaming
abroad = extranjero | ausland | étranger | exterior | estero | buitenland
used car = coche de segunda mano usado | gebrauchtwagen | voiture d'occasion occasion | carro usado seminovo | auto usata | tweedehands auto occasion
sell = vender venta | verkaufen | vendre vente | vender venda | vendere vendita | verkopen
dealer = concesionario | autohändler händler | concessionnaire | concessionária | concessionario | autodealer dealer
tires = neumáticos ruedas | reifen | pneus | pneus | pneumatici gomme | banden
garage mechanic = taller mecánico | werkstatt mechaniker | garage mécanicien | oficina mecânico | officina meccanico | garage monteur
driving lessons = autoescuela clases de conducir | fahrschule führerschein | auto-école permis | autoescola | scuola guida patente | rijschool rijles rijbewijs
campervan = autocaravana camper furgoneta | wohnmobil campervan | camping-car van | motorhome | camper | camper
camping = acampada camping | camping zelten | camping | acampamento camping | campeggio | camping kamperen
tent = carpa | zelt | tente | barraca | tenda | tent
fishing = pesca pescar | angeln | pêche pêcher | pesca pescar | pesca pescare | vissen
hiking = senderismo montaña | wandern wanderung | randonnée | trilha caminhada | escursionismo trekking | wandelen wandeltocht
bicycle repair = taller de bicis | fahrradwerkstatt | réparation vélo | oficina de bicicleta | ciclofficina | fietsenmaker
photography = fotografía | fotografie | photographie | fotografia | fotografia | fotografie
photographer = fotógrafo | fotograf fotografin | photographe | fotógrafo | fotografo | fotograaf
lens = lente | objektiv | objectif | lente | obiettivo | lens objectief
board games = juegos de mesa | brettspiele gesellschaftsspiele | jeux de société | jogos de tabuleiro | giochi da tavolo | bordspellen gezelschapsspellen
game = juego juegos | spiel spiele | jeu jeux | jogo jogos | gioco giochi | spel spellen
books = libros libro | bücher buch | livres livre | livros livro | libri libro | boeken boek
tattoo = tatuaje | tattoo tätowierung | tatouage | tatuagem | tatuaggio | tatoeage
sign = letrero cartel | schild | enseigne panneau | placa letreiro | insegna | uithangbord
printing = imprenta | druckerei | imprimerie | gráfica | tipografia | drukkerij
clothing repair alterations = arreglos costura | änderungsschneiderei schneider | retouches couturière | costura ajustes | sartoria | kleermaker
second hand = segunda mano | gebraucht secondhand | seconde main | brechó | usato | tweedehands
sewing = costura | nähen | couture coudre | costura costurar | cucire | naaien
cookware = sartenes ollas | pfannen töpfe | poêles casseroles | panelas frigideiras | pentole padelle | pannen
knives = cuchillos | messer | couteaux | facas | coltelli | messen
kitchen = cocina | küche | cuisine | cozinha | cucina | keuken
bathroom = baño | bad badezimmer | salle de bain | banheiro | bagno | badkamer
heating = calefacción | heizung | chauffage | aquecimento | riscaldamento | verwarming
boiler = caldera | heizkessel therme | chaudière | caldeira | caldaia | cv-ketel ketel
heat pump = bomba de calor aerotermia | wärmepumpe | pompe à chaleur | bomba de calor | pompa di calore | warmtepomp
insulation = aislamiento | dämmung isolierung | isolation | isolamento | isolamento | isolatie
air conditioning = aire acondicionado | klimaanlage | climatisation | ar condicionado | condizionatore aria condizionata | airco airconditioning
renovation = reforma obras | renovierung sanierung umbau | rénovation travaux | reforma obra | ristrutturazione lavori | verbouwing renovatie
builder = albañil constructor | handwerker bauunternehmen | artisan maçon | pedreiro empreiteiro | muratore impresa edile | aannemer bouwbedrijf
painter = pintor | maler | peintre | pintor | imbianchino pittore | schilder
cleaning = limpieza limpiar | reinigung putzen | ménage nettoyage | limpeza faxina | pulizia pulire | schoonmaak schoonmaken
landlord tenant = casero inquilino arrendador | vermieter mieter | propriétaire locataire bailleur | proprietário inquilino | padrone di casa inquilino | verhuurder huurder
lease = contrato de alquiler | mietvertrag | bail | contrato de aluguel | contratto di affitto | huurcontract
real estate = inmobiliaria | immobilien makler | immobilier agence immobilière | imobiliária | immobiliare agenzia immobiliare | makelaar vastgoed
buy house = comprar casa | haus kaufen eigenheim | acheter maison | comprar casa | comprare casa | huis kopen
lawyer = abogado | anwalt anwältin rechtsanwalt | avocat | advogado | avvocato | advocaat
will testament = testamento | testament | testament | testamento | testamento | testament
notary = notario | notar | notaire | cartório tabelião | notaio | notaris
contract = contrato | vertrag | contrat | contrato | contratto | contract
payroll = nóminas nómina | lohnabrechnung gehaltsabrechnung | paie fiches de paie | folha de pagamento | buste paga | salarisadministratie loonadministratie
employees staff = empleados plantilla | mitarbeiter angestellte | salariés employés | funcionários | dipendenti personale | werknemers personeel
freelancer = autónomo freelance | freiberufler selbstständiger | freelance indépendant auto-entrepreneur | freelancer autônomo | libero professionista freelance | freelancer zzp'er zzp
startup = startup emprendimiento | startup gründung | start-up | startup | startup | startup
marketing = marketing publicidad | marketing werbung | marketing publicité | marketing publicidade | marketing pubblicità | marketing reclame
email = correo electrónico email | e-mail | courriel e-mail | e-mail | email posta elettronica | e-mail mail
newsletter = boletín newsletter | newsletter | newsletter lettre d'information | newsletter | newsletter | nieuwsbrief
crm = crm | crm | crm | crm | crm | crm
leads prospects = clientes potenciales prospectos | leads interessenten | prospects | leads | potenziali clienti | leads prospects
monitoring uptime = monitorización | überwachung monitoring | surveillance supervision | monitoramento | monitoraggio | monitoring
downtime outage = caída | ausfall | panne | queda indisponibilidade | interruzione | storing
database = base de datos | datenbank | base de données | banco de dados | database | database
currency = divisa moneda | währung | devise monnaie | moeda | valuta | valuta
international transfer = transferencia internacional | auslandsüberweisung | virement international | transferência internacional | bonifico internazionale | internationale overboeking
credit card = tarjeta de crédito | kreditkarte | carte de crédit | cartão de crédito | carta di credito | creditcard
budget = presupuesto | budget haushaltsbuch | budget | orçamento | budget | budget
pension = pensión plan de pensiones | rente pension | retraite | previdência | pensione integrativa | pensioen
life insurance = seguro de vida | lebensversicherung | assurance vie | seguro de vida | assicurazione vita | levensverzekering
home insurance = seguro de hogar | hausratversicherung | assurance habitation | seguro residencial | assicurazione casa | inboedelverzekering opstalverzekering
pet insurance = seguro para mascotas | tierversicherung | assurance animaux | seguro pet | assicurazione animali | huisdierenverzekering dierenverzekering
travel insurance = seguro de viaje | reiseversicherung | assurance voyage | seguro viagem | assicurazione viaggio | reisverzekering
dog walker = paseador de perros | hundesitter gassi | promeneur de chiens | passeador de cães | dog sitter | hondenuitlaatservice hondenuitlater
pet sitter = cuidador de mascotas | tiersitter | garde d'animaux | pet sitter babá de pet | pet sitter | dierenoppas oppas
cat litter = arena para gatos | katzenstreu | litière | sanitária granulado | lettiera | kattenbakvulling kattenbak
puppy training = adiestramiento | hundeschule hundetraining | dressage éducation canine | adestramento | addestramento | hondenschool
baby products = productos para bebé | babyartikel | puériculture | produtos para bebê | prodotti per neonati | babyspullen
stroller = carrito cochecito | kinderwagen | poussette | carrinho | passeggino carrozzina | kinderwagen buggy
crib = cuna | babybett | berceau lit bébé | berço | culla lettino | wieg ledikant
diapers = pañales | windeln | couches | fraldas | pannolini | luiers
toys = juguetes | spielzeug | jouets | brinquedos | giocattoli | speelgoed
school supplies = material escolar | schulsachen | fournitures scolaires | material escolar | materiale scolastico | schoolspullen
tutoring = clases particulares | nachhilfe | soutien scolaire | aulas particulares reforço | ripetizioni | bijles
university = universidad | universität uni | université fac | universidade faculdade | università | universiteit
test prep = preparación examen | prüfungsvorbereitung | préparation examen | preparatório | preparazione esame | examentraining
certification = certificación certificado | zertifikat zertifizierung | certification | certificação certificado | certificazione certificato | certificaat certificering
coding bootcamp = bootcamp curso de programación | programmierkurs | formation développeur | curso de programação | corso di programmazione | programmeercursus
kids coding = programación para niños | programmieren für kinder | code pour enfants | programação para crianças | programmazione per bambini | programmeren voor kinderen
diabetes = diabetes | diabetes | diabète | diabetes | diabete | diabetes suikerziekte
diet nutrition = dieta nutrición | ernährung diät | régime nutrition | dieta nutrição | dieta alimentazione nutrizione | dieet voeding
healthy = sano saludable | gesund | sain santé | saudável | sano salutare | gezond
meal plan = plan de comidas | essensplan | plan de repas | cardápio | piano alimentare | maaltijdplan
supplements = suplementos vitaminas | nahrungsergänzung vitamine | compléments vitamines | suplementos vitaminas | integratori vitamine | supplementen vitamines
yoga = yoga | yoga | yoga | ioga yoga | yoga | yoga
fitness = fitness forma física | fitness | fitness forme | fitness | fitness | fitness
bike shop = tienda de bicicletas | fahrradladen | magasin de vélo | loja de bicicleta | negozio di biciclette | fietsenwinkel
sports = deporte deportes | sport | sport | esporte esportes | sport | sport
swimming = natación nadar | schwimmen | natation nager | natação nadar | nuoto nuotare | zwemmen
ski = esquí esquiar | ski skifahren | ski | esqui | sci sciare | skiën
beach = playa | strand | plage | praia | spiaggia | strand
rental car = coche de alquiler | mietwagen | voiture de location | carro alugado aluguel de carro | auto a noleggio | huurauto
train = tren | zug bahn | train | trem | treno | trein
airport = aeropuerto | flughafen | aéroport | aeroporto | aeroporto | vliegveld luchthaven
booking = reserva reservar | buchung buchen | réservation réserver | reserva reservar | prenotazione prenotare | boeking boeken reservering reserveren
tour = excursión visita guiada | ausflug führung | excursion visite guidée | passeio excursão | escursione guidata | excursie rondleiding
moving abroad relocation = emigrar | auswandern | expatriation | mudar para o exterior | emigrare | emigreren
tickets = entradas billetes | tickets karten | billets | ingressos passagens | biglietti | tickets kaartjes
furniture store = tienda de muebles | möbelhaus | magasin de meubles | loja de móveis | negozio di mobili | meubelwinkel
sofa = sofá | sofa couch | canapé | sofá | divano | zitbank bankstel hoekbank
desk = escritorio | schreibtisch | bureau | escrivaninha mesa | scrivania | bureau
chair = silla | stuhl | chaise | cadeira | sedia | stoel
office = oficina | büro | bureau | escritório | ufficio | kantoor
printer = impresora | drucker | imprimante | impressora | stampante | printer
smartwatch = reloj inteligente | smartwatch | montre connectée | relógio inteligente | smartwatch | smartwatch
watch = reloj | armbanduhr | montre | relógio | orologio | horloge
jewelry = joyas joyería | schmuck | bijoux | joias | gioielli gioielleria | sieraden
perfume = perfume | parfum | parfum | perfume | profumo | parfum
makeup = maquillaje | schminke | maquillage | maquiagem | trucco | cosmetica
hair = pelo cabello peluquería | haare friseur | cheveux coiffeur | cabelo cabeleireiro | capelli parrucchiere | haar kapper
dress = vestido | kleid | robe | vestido | abito | jurk
suit = traje | anzug | costume | terno | completo | kostuum
sneakers = zapatillas deportivas | sneaker turnschuhe | baskets | tênis | sneakers scarpe da ginnastica | sneakers
boots = botas | stiefel | bottes | botas | stivali | laarzen
backpack = mochila | rucksack | sac à dos | mochila | zaino | rugzak
streaming = streaming plataforma | streaming | streaming | streaming | streaming | streaming
podcast = podcast | podcast | podcast | podcast | podcast | podcast
video editing = edición de vídeo | videobearbeitung videoschnitt | montage vidéo | edição de vídeo | montaggio video | videobewerking
design = diseño | design gestaltung | design | design | design | ontwerp design
logo = logotipo logo | logo | logo | logotipo logo | logo | logo
translation = traducción traductor | übersetzung übersetzer | traduction traducteur | tradução tradutor | traduzione traduttore | vertaling vertaler
apply visa = solicitar visado | visum beantragen | demande de visa | pedir visto | richiesta visto | visum aanvragen

tablet = tableta | tablet | tablette | tablet | tablet | tablet
charger charging = cargador cargar | ladegerät laden ladestation | chargeur recharge recharger | carregador carregar | caricatore ricarica caricare | oplader opladen laadpaal laadstation
speaker = altavoz altavoces bafle | lautsprecher boxen | enceinte haut-parleur | caixa de som | altoparlante cassa casse | speaker luidspreker boxen
earbuds wireless = inalámbricos | kabellos ohrhörer | sans fil écouteurs | sem fio | wireless | draadloos draadloze
noise cancelling = ruido | geräuschunterdrückung | bruit | ruído | rumore | ruisonderdrukking
monitor screen = monitor | monitor | moniteur | monitor | monitor | monitor beeldscherm
gaming = gaming videojuegos | gaming zocken | gaming jeux vidéo | games videogames | gaming videogiochi | gaming
console = consola | konsole spielkonsole | console | console | console | console spelcomputer
smart home = domótica hogar inteligente | smart home hausautomation | maison connectée domotique | casa inteligente automação | casa intelligente domotica | slim huis domotica
thermostat = termostato | thermostat | thermostat | termostato | termostato | thermostaat
lights lamp = luces lámpara bombillas | lampe licht lampen glühbirne | lampe lumière ampoule | luzes lâmpada luminária | luci lampada lampadina | lamp lampen verlichting
alarm = alarma | alarmanlage alarm | alarme | alarme | allarme antifurto | alarm alarmsysteem
security camera = cámaras de seguridad videovigilancia | überwachungskamera sicherheitskamera | caméra de surveillance vidéosurveillance | câmera de segurança | telecamera telecamere videosorveglianza | beveiligingscamera camera's
break in burglary = robo ladrones | einbruch einbrecher | cambriolage cambrioleurs | assalto arrombamento | furto ladri scasso | inbraak inbrekers
lock = cerradura | schloss türschloss | serrure | fechadura | serratura | slot
locksmith = cerrajero | schlüsseldienst | serrurier | chaveiro | fabbro | slotenmaker
sheets bedding = sábanas ropa de cama | bettwäsche laken | draps linge de lit | lençóis roupa de cama | lenzuola biancheria | lakens beddengoed
duvet = edredón nórdico | bettdecke daunendecke | couette | edredom | piumone | dekbed
pillow = almohada | kissen kopfkissen | oreiller | travesseiro | cuscino | kussen hoofdkussen
blanket = manta | decke | couverture plaid | cobertor | coperta | deken
curtains = cortinas | vorhänge gardinen | rideaux | cortinas | tende | gordijnen
rug carpet = alfombra | teppich | tapis | tapete | tappeto | vloerkleed tapijt
fridge = nevera frigorífico | kühlschrank | frigo réfrigérateur | geladeira | frigorifero frigo | koelkast
washing machine = lavadora | waschmaschine | lave-linge machine à laver | máquina de lavar | lavatrice | wasmachine
dishwasher = lavavajillas | spülmaschine geschirrspüler | lave-vaisselle | lava-louças | lavastoviglie | vaatwasser
vacuum cleaner = aspiradora robot aspirador | staubsauger saugroboter | aspirateur | aspirador | aspirapolvere | stofzuiger robotstofzuiger
oven = horno | backofen ofen | four | forno | forno | oven
appliances = electrodomésticos | haushaltsgeräte | électroménager | eletrodomésticos | elettrodomestici | huishoudapparaten witgoed
lawn = césped | rasen | pelouse gazon | gramado grama | prato erba | gazon grasveld
lawn mower = cortacésped | rasenmäher | tondeuse | cortador de grama | tosaerba | grasmaaier
seeds = semillas | samen saatgut | graines semences | sementes | semi sementi | zaden zaad
soil = sustrato | erde blumenerde | terreau | substrato | terriccio | potgrond
fertilizer = fertilizante | dünger | engrais | fertilizante | fertilizzante concime | mest kunstmest
tomatoes vegetables = tomates verduras hortalizas | tomaten gemüse | tomates légumes | tomates legumes verduras | pomodori verdure ortaggi | tomaten groenten
balcony = balcón terraza | balkon terrasse | balcon terrasse | varanda sacada | balcone terrazzo | balkon terras
aquarium fish tank = acuario peces pecera | aquarium fische | aquarium poissons | aquário peixes | acquario pesci | aquarium vissen
litter box = arenero | katzenklo | bac à litière | caixa sanitária | lettiera | kattenbak
scratching post = rascador | kratzbaum | arbre à chat griffoir | arranhador | tiragraffi | krabpaal
leash = correa | leine | laisse | coleira | guinzaglio | riem
toys play = juguete jugar | spielen spielzeug | jouer jouet | brincar | giocare gioco | spelen
car seat = sillita | kindersitz autositz | siège auto | cadeirinha | seggiolino | autostoel
baby carrier = mochila portabebés | babytrage | porte-bébé | canguru | marsupio | draagzak
newborn = recién nacido | neugeborenes | nouveau-né | recém-nascido | neonato | pasgeboren
wipes = toallitas | feuchttücher | lingettes | lenços umedecidos | salviette | doekjes billendoekjes
pregnant expecting = embarazada | schwanger | enceinte | grávida | incinta | zwanger
acne = acné espinillas | akne pickel | acné boutons | acne espinhas | acne brufoli | acne puistjes
wrinkles anti aging = arrugas antiarrugas antiedad | falten anti-aging | rides anti-âge | rugas antirrugas | rughe antirughe antietà | rimpels anti-aging
moisturizer cream = crema hidratante | feuchtigkeitscreme | crème hydratante | hidratante | crema idratante | dagcrème
sunscreen = protector solar | sonnencreme | crème solaire | protetor solar | crema solare | zonnebrand
serum retinol = sérum retinol | serum retinol | sérum rétinol | sérum retinol | siero retinolo | serum retinol
skin = piel | haut | peau | pele | pelle | huid
muscle = músculo músculos musculación | muskeln muskelaufbau | muscles musculation | músculos musculação | muscoli muscolazione | spieren spiermassa
workout exercise = ejercicio ejercicios | workout übungen trainingsplan | exercices | exercícios malhar | esercizi | oefeningen workout
lose weight = adelgazar | abnehmen | maigrir | emagrecer | dimagrire | afvallen
protein = proteína proteínas batido | protein eiweiß | protéine protéines | proteína whey | proteine | eiwit proteïne
meditation mindfulness = meditación meditar | meditation meditieren achtsamkeit | méditation méditer pleine conscience | meditação meditar | meditazione meditare | meditatie mediteren mindfulness
relax calm = relajarse calma | entspannen entspannung | se détendre détente calme | relaxar relaxamento calma | rilassarsi relax calma | ontspannen ontspanning rust
sleep better insomnia = insomnio dormir mejor | schlaflosigkeit besser schlafen | insomnie mieux dormir | insônia dormir melhor | insonnia dormire meglio | slapeloosheid beter slapen
stocks shares = acciones bolsa | aktien börse | actions bourse | ações bolsa | azioni borsa | aandelen beurs
funds etf = fondos indexados etf | fonds etf indexfonds | fonds etf | fundos etf | fondi etf | fondsen etf indexfondsen
broker = bróker corredor | broker depot | courtier | corretora | broker | broker
debt = deuda deudas | schulden | dette dettes | dívida dívidas | debito debiti | schuld schulden
interest rate = tipo de interés intereses | zinsen zinssatz | taux d'intérêt intérêts | juros taxa de juros | tasso di interesse interessi | rente
credit score = historial crediticio | bonität schufa | cote de crédit | score de crédito | merito creditizio | kredietwaardigheid bkr
miles = millas | meilen | miles | milhas | miglia | airmiles
rewards cashback = recompensas cashback | prämien cashback | récompenses cashback | recompensas cashback | premi cashback | beloningen cashback
financial advisor = asesor financiero | finanzberater vermögensberater | conseiller financier | assessor financeiro | consulente finanziario | financieel adviseur
cover letter = carta de presentación | anschreiben | lettre de motivation | carta de apresentação | lettera di presentazione | motivatiebrief sollicitatiebrief
apply application = solicitar empleo postularse | bewerben bewerbung | postuler candidature | candidatar candidatura | candidarsi candidatura | solliciteren sollicitatie
vacancy openings = vacantes | stellenangebote offene stellen | vacants | vagas | posti vacanti | vacatures
remote work = teletrabajo remoto | homeoffice remote | télétravail | remoto | remoto smartworking | thuiswerken
holiday rental = apartamento turístico casa rural | ferienwohnung ferienhaus | location de vacances gîte | casa de temporada | casa vacanze | vakantiehuis vakantiewoning
cabin villa = cabaña villa | hütte villa | chalet villa | cabana chalé | baita villa | huisje chalet villa
resort = resort | resort all-inclusive | resort | resort | resort villaggio | resort all-inclusive
cruise = crucero | kreuzfahrt | croisière | cruzeiro | crociera | cruise
lounge layover = vip escala | lounge umstieg | salon escale | vip escala | lounge scalo | lounge overstap
electric car = coche eléctrico | elektroauto e-auto | voiture électrique | carro elétrico | auto elettrica | elektrische auto
leasing = renting leasing | leasing | leasing lld | leasing | noleggio leasing | lease leasen
test drive = prueba de conducción | probefahrt | essai routier | test drive | test drive | proefrit
breakdown towing = avería grúa | panne abschleppen pannenhilfe | panne dépannage remorquage | pane guincho reboque | guasto soccorso stradale | pech pechhulp sleepdienst
flat tire = pinchazo rueda pinchada | platter reifen reifenpanne | crevaison pneu crevé | pneu furado | gomma bucata foratura | lekke band
moving company = empresa de mudanzas | umzugsfirma umzugsunternehmen | déménageurs | transportadora | ditta di traslochi | verhuisbedrijf verhuizers
boxes packing = cajas embalaje | kartons verpacken | cartons emballage | caixas embalagem | scatoloni imballaggio | dozen inpakken
storage unit = trastero guardamuebles | lagerraum selfstorage | entreposage | self storage | magazzino | opslagruimte opslag
divorce = divorcio | scheidung | divorce | divórcio | divorzio | scheiding echtscheiding
custody = custodia | sorgerecht | garde | guarda | affidamento | voogdij omgangsregeling
accident claim = accidente indemnización | unfall schadensersatz | accident indemnisation | acidente indenização | incidente risarcimento | ongeluk schadevergoeding
wedding venue = finca salón | hochzeitslocation | réception | salão | location | trouwlocatie
engagement ring = anillo de compromiso | verlobungsring | bague de fiançailles | anel de noivado | anello di fidanzamento | verlovingsring
ring = anillo | ring | bague | anel | anello | ring
necklace = collar | halskette kette | collier | colar | collana | ketting
earrings = pendientes aretes | ohrringe | boucles d'oreilles | brincos | orecchini | oorbellen
bracelet = pulsera | armband | bracelet | pulseira | bracciale | armband
gold silver = oro plata | gold silber | or argent | ouro prata | oro argento | goud zilver
coat = abrigo | mantel | manteau | casaco | cappotto | jas
winter = invierno | winter | hiver | inverno | inverno | winter
rain waterproof = lluvia impermeable | regen wasserdicht regenjacke | pluie imperméable | chuva impermeável | pioggia impermeabile | regen waterdicht regenjas
beer = cerveza | bier | bière | cerveja | birra | bier
red wine = vino tinto | rotwein | vin rouge | vinho tinto | vino rosso | rode wijn
tasting = cata degustación | verkostung weinprobe | dégustation | degustação | degustazione | proeverij
dinner = cenas cenar | abendessen | dîner | jantar | cena | avondeten
fresh organic = fresco ecológico orgánico | frisch bio | frais bio | fresco orgânico | fresco biologico bio | vers biologisch
fruit = fruta | obst | fruits | frutas | frutta | fruit
hiking boots = botas de montaña | wanderschuhe | chaussures de randonnée | botas de trilha | scarponi | wandelschoenen
sleeping bag = saco de dormir | schlafsack | sac de couchage | saco de dormir | sacco a pelo | slaapzak
backpacking = mochilero | trekking | randonnée itinérante | mochilão | zaino in spalla | backpacken
cleaner cleaning service = asistenta limpiadora | putzfrau reinigungskraft | femme de ménage | diarista | donna delle pulizie | schoonmaker schoonmaakster
pest control = control de plagas fumigación | schädlingsbekämpfung kammerjäger | désinsectisation dératisation | dedetização | disinfestazione | ongediertebestrijding
roof = tejado techo | dach | toit toiture | telhado | tetto | dak
windows = ventanas | fenster | fenêtres | janelas | finestre | ramen
water heater = calentador termo | boiler warmwasserbereiter | chauffe-eau ballon | aquecedor | scaldabagno | boiler
pipe drain = tubería desagüe atasco | rohr abfluss verstopft | tuyau canalisation bouché | cano ralo entupido | tubo scarico intasato | leiding afvoer verstopt
antivirus malware = antivirus malware | virenschutz antivirus schadsoftware | antivirus logiciel malveillant | antivírus | antivirus | virusscanner antivirus
hacked = hackeado pirateado | gehackt | piraté | hackeado invadido | hackerato | gehackt
storage space = almacenamiento | speicher speicherplatz | stockage | armazenamento | archiviazione | opslagcapaciteit
degree = grado máster | studium abschluss master | diplôme licence master | graduação diploma mestrado | laurea master | diploma master
scholarship = beca | stipendium | bourse | bolsa de estudos | borsa di studio | studiebeurs
data science = ciencia de datos análisis de datos | datenanalyse data science | science des données analyse de données | ciência de dados | scienza dei dati | datawetenschap data science
machine learning = aprendizaje automático inteligencia artificial | maschinelles lernen künstliche intelligenz | apprentissage automatique intelligence artificielle | aprendizado de máquina inteligência artificial | apprendimento automatico intelligenza artificiale | machine learning kunstmatige intelligentie
discount deal = descuento oferta ofertas rebajas | rabatt angebot angebote | réduction promo promotion soldes | desconto oferta promoção | sconto offerta offerte saldi | korting aanbieding
quote estimate = presupuesto cotización | kostenvoranschlag angebot | devis | orçamento cotação | preventivo | offerte
install installation = instalar instalación | installieren installation einbauen | installer installation | instalar instalação | installare installazione | installeren installatie
order = pedir pedido | bestellen bestellung | commander commande | encomendar pedido | ordinare ordine | bestellen bestelling
compare = comparar comparador | vergleichen vergleich | comparer comparatif comparateur | comparar comparação | confrontare confronto | vergelijken vergelijking
review = reseña opiniones | bewertung erfahrungen | avis | avaliação avaliações | recensione recensioni | recensie review
warranty = garantía | garantie | garantie | garantia | garanzia | garantie
online store = tienda online tienda en línea | onlineshop webshop | boutique en ligne e-commerce | loja virtual loja online | negozio online e-commerce | webwinkel webshop
shop = tienda | geschäft | magasin boutique | loja | negozio | winkel
shipping = gastos de envío | versandkosten | frais de port | frete | spedizione | verzending verzendkosten
returns refund = devolución reembolso | rückgabe rückerstattung | retour remboursement | devolução reembolso | reso rimborso | retour terugbetaling
payments processing = pasarela de pago cobros | zahlungsabwicklung | paiement en ligne encaissement | gateway de pagamento | pagamenti online | betaalprovider
spreadsheet = hoja de cálculo | tabellenkalkulation tabelle | tableur feuille de calcul | planilha | foglio di calcolo | spreadsheet rekenblad
automation = automatización automatizar | automatisierung automatisieren | automatisation automatiser | automação automatizar | automazione automatizzare | automatisering automatiseren
collaboration = colaboración | zusammenarbeit | collaboration | colaboração | collaborazione | samenwerking
meetings video calls = reuniones videollamada | besprechungen videokonferenz | réunions visioconférence | reuniões videochamada | riunioni videochiamata | vergaderingen videobellen
calendar scheduling = calendario agenda | kalender terminplanung | calendrier agenda | calendário agenda | calendario agenda | agenda
customer support = atención al cliente soporte | kundenservice kundensupport | service client | atendimento ao cliente suporte | assistenza clienti supporto | klantenservice
tool = herramienta herramientas | werkzeug tool | outil outils | ferramenta ferramentas | strumento | tool gereedschap
platform = plataforma | plattform | plateforme | plataforma | piattaforma | platform
restaurant = restaurante | restaurant | restaurant | restaurante | ristorante | restaurant
takeaway = comida a domicilio | lieferessen essen bestellen | plats à emporter | comida delivery | cibo a domicilio asporto | afhalen bezorgmaaltijd
baking = hornear repostería | backen | pâtisserie | confeitaria assar | pasticceria | bakken
bread = pan | brot | pain | pão | pane | brood
cake = tarta pastel | kuchen torte | gâteau | bolo | torta | taart
physiotherapy = fisioterapia fisioterapeuta | physiotherapie physiotherapeut | kiné kinésithérapeute | fisioterapia fisioterapeuta | fisioterapia fisioterapista | fysiotherapie fysiotherapeut
massage spa = masaje spa | massage wellness | massage spa | massagem spa | massaggio spa | massage wellness
haircut salon = corte de pelo peluquero | haarschnitt friseursalon | coupe coiffure | corte de cabelo salão | taglio di capelli | knipbeurt kapsalon
nails = uñas manicura | nägel maniküre | ongles manucure | unhas manicure | unghie manicure | nagels manicure
t-shirt = camiseta | t-shirt | tee-shirt | camiseta | maglietta | shirt
jeans trousers = vaqueros pantalones | hose jeans | pantalon jean | calça jeans | pantaloni jeans | broek spijkerbroek
sweater = jersey suéter | pullover pulli | pull | suéter blusa | maglione | trui
underwear = ropa interior | unterwäsche | sous-vêtements | roupa íntima | intimo | ondergoed
swimwear = bañador bikini | badeanzug badehose bikini | maillot de bain | biquíni maiô | costume da bagno | badpak bikini zwembroek
size fit = talla | kleidergröße konfektionsgröße | taille | tamanho | taglia | maat
party birthday = fiesta cumpleaños | party geburtstag | fête anniversaire | festa aniversário | festa compleanno | feest verjaardag
festival = festival | festival | festival | festival | festival | festival
dog grooming = peluquería canina | hundefriseur | toilettage | tosa | toelettatura | trimsalon
kennel boarding = residencia canina | tierpension hundepension | pension pour chiens | hotel para cachorro | pensione per cani | dierenpension hondenpension
parking = aparcamiento parking | parkplatz parken | parking stationnement | estacionamento | parcheggio | parkeren parkeerplaats
fuel = gasolina combustible diésel | benzin diesel tanken | essence carburant gazole | gasolina combustível | benzina carburante gasolio | benzine diesel brandstof
hybrid = híbrido | hybrid | hybride | híbrido | ibrido | hybride
handyman = manitas | handwerker hausmeisterservice | bricoleur | manutenção | tuttofare | klusjesman
gardener = jardinero | gärtner | jardinier | jardineiro | giardiniere | hovenier tuinman
crypto = criptomonedas bitcoin | krypto kryptowährung bitcoin | crypto cryptomonnaie bitcoin | cripto criptomoedas bitcoin | cripto criptovalute bitcoin | crypto bitcoin
wallet = cartera monedero | wallet geldbörse | portefeuille | carteira | portafoglio | portemonnee wallet
trading = trading | trading | trading | trading | trading | trading handelen
bills = facturas | rechnungen | factures | contas boletos | bollette | rekeningen
mobile plan = tarifa móvil | handyvertrag handytarif | forfait mobile | plano de celular | tariffa mobile | bundel
broadband fiber = fibra óptica | glasfaser breitband dsl | fibre box internet | fibra banda larga | fibra banda larga | glasvezel
provider = proveedor | anbieter | fournisseur opérateur | operadora provedor | operatore gestore | provider aanbieder
electricity gas supplier = comercializadora gas | stromanbieter gasanbieter | fournisseur d'électricité | fornecedora de energia | fornitore di luce e gas | energieleverancier
football = fútbol | fußball | foot football | futebol | calcio | voetbal
tennis = tenis raqueta | tennis schläger | tennis raquette | tênis raquete | tennis racchetta | tennis racket
golf = golf | golf | golf | golfe | golf | golf
knitting crafts = tejer manualidades | stricken basteln | tricot loisirs créatifs | tricô artesanato | lavorare a maglia | breien knutselen
painting drawing = pintura dibujo | malen zeichnen | peinture dessin | pintura desenho | pittura disegno | schilderen tekenen
art supplies = material de bellas artes | künstlerbedarf | matériel beaux-arts | material de arte | belle arti | tekenspullen
drone = dron | drohne | drone | drone | drone | drone
e-reader = lector electrónico | e-reader | liseuse | leitor digital | lettore ebook | e-reader
audiobooks = audiolibros | hörbücher | livres audio | audiolivros | audiolibri | luisterboeken
movies series = películas series | filme serien | films séries | filmes séries | film serie | films series
passport = pasaporte | reisepass | passeport | passaporte | passaporto | paspoort
esim = esim | esim | esim | esim | esim | esim
currency exchange = cambio de divisas | geldwechsel | bureau de change | casa de câmbio | cambio valuta | geldwissel
bank = banco | bank | banque | banco | banca | bank
neobank = banco online | onlinebank direktbank | banque en ligne néobanque | banco digital | banca online | internetbank
accounting software = programa de contabilidad | buchhaltungssoftware | logiciel de comptabilité | software de contabilidade | software di contabilità | boekhoudsoftware boekhoudprogramma
invoicing = facturación | rechnungsstellung | facturation | faturamento | fatturazione | facturatie
hr = recursos humanos | personalabteilung | ressources humaines | recursos humanos | risorse umane | hr personeelszaken
recruiting = reclutamiento | personalsuche | recrutement | recrutamento | reclutamento | recruitment
freelance platform = trabajos freelance | freelance aufträge | missions freelance | trabalho freelance | lavori freelance | freelance opdrachten
website builder = creador de webs | homepage-baukasten | créateur de site | criador de sites | website builder | websitebouwer
domain = dominio | domain | nom de domaine | domínio | dominio | domeinnaam domein
seo = seo posicionamiento | seo | seo référencement | seo | seo posizionamento | seo vindbaarheid
ads advertising = anuncios publicidad | anzeigen werbung | publicités annonces | anúncios | annunci inserzioni | advertenties
social media = redes sociales | soziale medien | réseaux sociaux | redes sociais | social | sociale media
video = vídeo | video | vidéo | vídeo | video | video
microphone = micrófono | mikrofon | micro microphone | microfone | microfono | microfoon
keyboard mouse = teclado ratón | tastatur maus | clavier souris | teclado mouse | tastiera mouse | toetsenbord muis
headset = auriculares con micrófono | headset | casque micro | headset | cuffie con microfono | headset
router = router | router | routeur | roteador | router | router
repair shop = servicio técnico | reparaturservice | réparateur | assistência técnica | assistenza tecnica | reparatiedienst
optician glasses = óptica | optiker | opticien | ótica | ottico | opticien
hearing test = prueba de audición | hörtest | test auditif | exame de audição | test dell'udito | gehoortest
nutritionist = nutricionista | ernährungsberater | nutritionniste diététicien | nutricionista | nutrizionista | diëtist
personal trainer = entrenador | personal trainer | coach sportif | personal trainer | personal trainer | personal trainer
cycling = ciclismo | radfahren radsport | cyclisme | ciclismo | ciclismo | wielrennen fietsen
helmet = casco | helm | casque | capacete | casco | helm
speak speaking = hablar | sprechen | parler | falar | parlare | spreken praten
practice = practicar práctica | üben übung | pratiquer | praticar prática | praticare esercitarsi | oefenen
conversation = conversación | unterhaltung konversation | conversation | conversação | conversazione | gesprek conversatie
fluent = fluidez con soltura | fließend | couramment | fluente fluência | fluente fluentemente | vloeiend
grammar = gramática | grammatik | grammaire | gramática | grammatica | grammatica
pronunciation = pronunciación | aussprache | prononciation | pronúncia | pronuncia | uitspraak
vocabulary words = vocabulario | vokabeln wortschatz | vocabulaire | vocabulário | vocabolario | woordenschat
native speaker = nativo nativos | muttersprachler | natif natifs | nativo nativos | madrelingua | moedertaalspreker
blocked censorship = bloqueado bloqueo censura | gesperrt sperre zensur | bloqué censure | bloqueado censura | bloccato censura | geblokkeerd censuur
protect = proteger protección | schützen schutz | protéger protection | proteger proteção | proteggere protezione | beschermen bescherming
recover = recuperar | wiederherstellen | récupérer | recuperar | recuperare | herstellen terughalen
deleted = borrado borrados eliminado | gelöscht | supprimé supprimés effacé | apagado apagados | cancellato cancellati | verwijderd
treadmill = cinta de correr | laufband | tapis de course | esteira | tapis roulant | loopband
exercise bike = bicicleta estática | heimtrainer ergometer | vélo d'appartement | bicicleta ergométrica | cyclette | hometrainer
home gym = gimnasio en casa | heimstudio homegym | salle de sport à domicile | academia em casa | palestra in casa | thuisgym
meal kit = kit de comida | kochbox | box repas | kit de refeição | kit pasto | maaltijdbox
weekly = semanal | wöchentlich | hebdomadaire | semanal | settimanale | wekelijks
family = familia familiar | familie | famille familial | família familiar | famiglia familiare | gezin familie
beginner = principiante principiantes | anfänger einsteiger | débutant débutants | iniciante iniciantes | principiante principianti | beginner beginners
certificate course online = curso online | onlinekurs | formation en ligne | curso online | corso online | online cursus
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
  'carta',
  'cura',
  'piano',
  'vita',
  'dati',
  'prodotti',
  'materiale',
  'agenzia',
  'internazionale',
  'internationale',
  'macchina',
  'caixa',
  'alto',
  'essai',
  'sala',
  'moeite',
  'ideas',
  'idées',
  'gastos',
  'hoja',
  'feuille',
  'foglio',
  'corte',
  'taglio',
  'coupe',
  'interior',
  'residencia',
  'tudo',
  'larga',
  'energia',
  'bellas',
  'belle',
  'beaux',
  'matériel',
  'actividad',
  'electrónico',
  'elettronica',
  'cambio',
  'digital',
  'recursos',
  'ressources',
  'risorse',
  'posti',
  'servicio',
  'prueba',
  // Stem "sol" is also the sun (Spanish, Portuguese sol, Italian sole): these read as solar only in a pair.
  'solar',
  'solare',
  'solari',
  'solares',
  'saco',
  'credito',
  'donna',
  'partita',
  'posta',
  'meglio',
  'besser',
  'beter',
  'mieux',
  'contas',
  'passe',
  'femme',
  'nouveau',
]);

/** Words of one or two letters that stand for something on their own ("tv", "pc", "cv"); other short words are skipped. */
const SHORT = new Set(['tv', 'pc', 'cv']);

type Foreign = Exclude<Lang, 'other' | 'en'>;
export const VOCABULARY_LANGS: readonly Foreign[] = ['es', 'de', 'fr', 'pt', 'it', 'nl'];

/** The vocabulary's lines, each as its English words and one column of words per language (VOCABULARY_LANGS order). */
export function vocabularyLines(): { english: string[]; columns: string[][] }[] {
  const out: { english: string[]; columns: string[][] }[] = [];
  for (const line of LINES.split('\n')) {
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    const cols = line.slice(eq + 1).split('|');
    if (cols.length !== VOCABULARY_LANGS.length)
      throw new Error(`vocabulary line needs ${VOCABULARY_LANGS.length} columns: ${line}`);
    out.push({ english: line.slice(0, eq).trim().split(/\s+/), columns: cols.map((c) => words(c)) });
  }
  return out;
}

/**
 * Per language: a vocabulary word, accent-folded (key prefixed with EXACT), its stem, and the stems of two neighbouring
 * words of a column (joined by a space) → English words. The word itself is looked up before its stem, so two words one stem joins keep their own meanings (Spanish "cama" bed, "cámara" camera).
 */
const maps = new Map<Foreign, Map<string, string[]>>();
const EXACT = '\u0001';
/** Shortest stem looked up as a stem (shorter: the word itself, see mapOf). */
const MIN_STEM = 4;
const pairKey = (lang: Foreign, a: string, b: string): string => `${stemOf(lang, a)} ${stemOf(lang, b)}`;

function mapOf(lang: Foreign): Map<string, string[]> {
  let m = maps.get(lang);
  if (m) return m;
  m = new Map();
  const col = VOCABULARY_LANGS.indexOf(lang);
  const put = (key: string, english: string[]) => {
    const had = m!.get(key);
    // A word of an expression ("juegos" of "juegos de mesa") means what a simpler line says ("game", not "board games").
    if (!had || narrower(english, had)) m!.set(key, english);
  };
  for (const { english, columns } of vocabularyLines()) {
    const ws = columns[col].filter((w) => (w.length > 2 || SHORT.has(w)) && !isFunctionWord(lang, w));
    for (let k = 0; k < ws.length; k++) {
      // Two neighbouring words ("cartão de crédito" → cartão crédito) stand for the line together, general words too.
      if (k > 0) put(pairKey(lang, ws[k - 1], ws[k]), english);
      if (GENERAL.has(ws[k])) continue;
      const folded = foldWord(ws[k]);
      put(EXACT + folded, english);
      // A stem of one to three letters joins too many words (Spanish casa/caso, Italian volo/volere): the word and
      // its -s/-es plurals only.
      const st = stemOf(lang, ws[k]);
      if (st.length >= MIN_STEM) put(st, english);
      else for (const plural of [`${folded}s`, `${folded}es`]) put(EXACT + plural, english);
    }
  }
  maps.set(lang, m);
  return m;
}

/** Whether English words `a` are fewer than `b` and each is one of them (by stem): "game" of "board games". */
function narrower(a: readonly string[], b: readonly string[]): boolean {
  if (a.length >= b.length) return false;
  const bs = new Set(b.map((w) => stem(w)));
  return a.every((w) => bs.has(stem(w)));
}

const stemOf = (lang: Foreign, w: string): string => stemIn(lang, foldWord(w.toLowerCase().replace(/['’]/g, '')));

/** Languages whose compounds are written as one word: an unknown word is looked up by its longest known ending. */
const COMPOUNDING = new Set<Lang>(['de', 'nl']);

/** Shortest ending of a German or Dutch compound looked up (shorter endings are too often parts of other words). */
const MIN_ENDING = 5;

/**
 * English words for a lowercase word of a conversation in `lang`, or null
 * when the vocabulary does not know it (the word then stands as it is:
 * brand names and loanwords often match as they are).
 */
export function englishFor(lang: Lang, word: string): readonly string[] | null {
  if (lang === 'en' || lang === 'other') return null;
  const m = mapOf(lang);
  const hit = m.get(EXACT + foldWord(word)) ?? m.get(stemOf(lang, word));
  if (hit) return hit;
  if (COMPOUNDING.has(lang) && word.length > MIN_ENDING + 2) {
    const folded = foldWord(word);
    for (let i = 1; i + MIN_ENDING <= folded.length; i++) {
      // A function word in front is a prefix, not a compound's first part (German "bei|spiel" is no game).
      if (isFunctionWord(lang, folded.slice(0, i))) continue;
      const end = m.get(stemIn(lang, folded.slice(i)));
      if (end) return end;
    }
  }
  return null;
}

/**
 * English words for two neighbouring content words of a conversation in `lang` that the vocabulary lists together
 * ("cartão" "crédito" → credit card), or null.
 */
export function englishForPair(lang: Lang, a: string, b: string): readonly string[] | null {
  if (lang === 'en' || lang === 'other') return null;
  return mapOf(lang).get(pairKey(lang, a, b)) ?? null;
}
