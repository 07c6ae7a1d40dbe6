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
`;

/** Words of several-word expressions too general to stand for the expression alone. */
const GENERAL = new Set(['vie', 'mot', 'tipo', 'salle', 'bon', 'appareil', 'marché', 'cuidado', 'soin', 'cuidados', 'pena', 'sich', 'peine', 'coup', 'vaut', 'vale', 'compte', 'cuenta', 'conta', 'plano', 'conta', 'facture', 'factura', 'nota', 'cópia', 'copia', 'red', 'rede', 'réseau', 'netz', 'pas']);

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
