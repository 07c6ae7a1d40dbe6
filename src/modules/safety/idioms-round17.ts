import type { Lang } from '../../lib/lang.js';

/**
 * Product senses of a sensitive word, masked like idioms-round15.ts's (record 0036, round 17): the word of the group
 * `w` becomes a skipped token for the lexicon and the model. Each class is a construction in which the word names a
 * product, a genre or a sign, and a sensitive use of the same word does not fit the frame:
 *   - a star sign: "I'm a cancer", "cancer season", "signo de cáncer", "je suis cancer", "sternzeichen krebs" (the
 *     illness is had — "she has cancer", "es cáncer", "c'est un cancer" — never matched);
 *   - police as a genre or a name before an entertainment or toy noun ("a police drama", "the police concert", "série
 *     policière", "novela policíaca", "disfraz de policía");
 *   - a body part as the target of a cosmetic ("lip balm", "face serum", "rouge à lèvres", "crema para la cara",
 *     "balsamo per le labbra"): the medical-crisis head reads lips and face as stroke signs;
 *   - combat-sport equipment ("punching bag", "kick pads", "sac de frappe"): the violence words name the training;
 *   - a cutting verb with food or a material as its object ("cut onions", "cortar legumes", "couper du bois",
 *     "Brot schneiden"): the self-harm head reads the cutting word; "cut myself", "me corto" are not matched;
 *   - a negated harm to an animal, a plant or a thing, the product-safety question ("won't hurt the dog", "ne fasse pas
 *     de mal au chat", "non faccia male al cane", "que no haga daño a las plantas"): a person as object never matches;
 *   - a faith or diet group named as the people a meal or venue is for, beside that need ("my guests are jewish, a
 *     kosher caterer", "colleagues are muslim … halal"): the hate head reads the group word, hostility is not masked.
 * Matched on the turn's folded words joined by one space. General language, no evaluation item.
 */
const PETS_PLANTS_EN =
  '(?:dogs?|cats?|pets?|puppy|puppies|kittens?|bees?|birds?|fish|chickens?|horses?|rabbits?|animals?|wildlife|lawn|grass|plants?|trees?|roses|garden|paint|finish|floors?|leather|fabric|engine)';
const NEED_EN =
  '(?:halal|kosher|vegetarian|vegan|dietary|menu|restaurants?|caterers?|catering|food|options|prayer room|ramadan|iftar|eid|shabbat|passover|diwali)';
const CLASSES: Record<Exclude<Lang, 'other'>, string[]> = {
  en: [
    '\\b(?<w>cut|cutting|cuts|chop|chopping|slice|slicing) (?:up |through )?(?:the |my |some |a |an |raw |fresh |frozen |hard )?(?:vegetables|veggies|onions?|meat|bread|cheese|fruit|tomatoes|herbs|fish|chicken|steak|cake|pizza|wood|lumber|boards?|plywood|fabric|paper|cardboard|tiles?|pipes?|metal|glass|grass|lawn|hair|hedges?|branches)\\b',
    '\\b(?:i m|i am|she s|she is|he s|he is|you re|you are|(?:sister|brother|mom|mum|dad|wife|husband|girlfriend|boyfriend|friend|son|daughter|partner) is) a (?<w>cancer)\\b(?! (?:patient|survivor|diagnosis|case|scare))',
    '\\b(?<w>cancer) (?:sign|zodiac|season|horoscope|constellation|sun|moon|rising|birthstone)\\b',
    '\\b(?:zodiac|star|sun|moon) sign (?:is )?(?:a )?(?<w>cancer)\\b',
    '\\b(?<w>police) (?:concerts?|tour|albums?|songs?|band|reunion|vinyl|records?|lyrics|dramas?|series|shows?|procedurals?|novels?|thrillers?|movies?|films?|costumes?|toys?|lego|playset)\\b',
    '\\b(?<w>lips?|face) (?:balms?|gloss|liners?|sticks?|scrubs?|masks?|oils?|tints?|plumpers?|care|creams?|wash|serums?|moisturi[sz]ers?|cleansers?|sunscreens?|lotions?|rollers?|towels?|mists?|primers?|toners?)\\b',
    '\\b(?<w>punching|punch|kick|kicking|boxing|sparring) (?:bags?|pads?|gloves?|mitts?|dummy|dummies|shields?)\\b',
    `\\b(?:not|won t|wont|doesn t|does not|don t|do not|will not|without|never) (?:\\w+ ){0,2}?(?<w>harm|hurt|harming|hurting|damage|damaging|kill|killing|burn|burning)s? (?:my |the |our |your |any )?(?:\\w+ )?${PETS_PLANTS_EN}\\b`,
    `\\b(?:colleagues|coworkers|co workers|guests|clients|customers|students|employees|staff|friends|in laws|relatives|attendees|visitors|members) (?:\\w+ ){0,2}?(?:are|is) (?:\\w+ )?(?<w>muslims?|jewish|jews|hindus?|sikhs?)\\b(?:(?=.{0,120}\\b${NEED_EN}\\b)|(?<=\\b${NEED_EN}\\b.{0,120}))`,
  ],
  es: [
    '\\b(?<w>cortar|corta|corte|cortan) (?:la |el |las |los |un |una )?(?:verduras?|carne|pan|queso|fruta|cebollas?|tomates?|pescado|pollo|madera|tela|papel|carton|azulejos?|baldosas?|tubos?|metal|vidrio|cesped|setos?|ramas)\\b',
    '\\bsigno (?:de |del )?(?<w>cancer)\\b',
    '\\b(?:serie|series|novela|novelas|pelicula|peliculas) (?<w>policiacas?|policiacos?|policiales?)\\b',
    '\\bdisfraz de (?<w>policia)\\b',
    '\\b(?:pintalabios|barra|barras|brillo|balsamo|protector|perfilador|exfoliante|mascarilla) (?:de |para (?:los )?)(?<w>labios)\\b',
    '\\b(?:crema|cremas|mascarilla|mascarillas|serum|limpiador|exfoliante|aceite|protector solar|gel|tonico) (?:de |para (?:la )?)(?<w>cara)\\b',
    '\\bno (?:le |les )?(?:haga|hagan|hace|hacen|cause|causen) (?<w>dano) (?:a|al|a la|a los|a las) (?:mi |mis |tu |tus )?(?:perros?|gatos?|mascotas?|animales|plantas?|cesped|jardin|abejas|pajaros|peces|caballos?|conejos?|arboles|rosales|pintura|suelo|cuero|motor)\\b',
    '\\bno (?:le |les )?(?<w>haga|hagan|hace|hacen|cause|causen) dano (?:a|al|a la|a los|a las) (?:mi |mis |tu |tus )?(?:perros?|gatos?|mascotas?|animales|plantas?|cesped|jardin|abejas|pajaros|peces|caballos?|conejos?|arboles|rosales|pintura|suelo|cuero|motor)\\b',
    '\\b(?:colegas|companeros|invitados|clientes|amigos|alumnos|empleados) (?:\\w+ ){0,2}?son (?<w>musulmanes|judios|hindues)\\b(?:(?=.{0,120}\\b(?:halal|kosher|vegetarian\\w*|menu|restaurantes?|catering|comida|ramadan)\\b)|(?<=\\b(?:halal|kosher|vegetarian\\w*|menu|restaurantes?|catering|comida|ramadan)\\b.{0,120}))',
  ],
  de: [
    '\\b(?:gemuse|fleisch|brot|kase|obst|zwiebeln|holz|stoff|papier|fliesen|rohre|haare|hecke|rasen) (?:\\w+ )?(?<w>schneiden)\\b',
    '\\bsternzeichen (?<w>krebs)\\b',
    '\\b(?:pflege|balsam|creme|stift|peeling|maske|serum) fur (?:die |das )?(?<w>lippen|gesicht)\\b',
    '\\b(?:kollegen|kolleginnen|gaste|kunden|freunde|schuler|mitarbeiter) (?:\\w+ ){0,2}?sind (?<w>muslime|juden|judisch|hindus)\\b(?:(?=.{0,120}\\b(?:halal|koscher|vegetarisch\\w*|menu|restaurants?|catering|essen|ramadan)\\b)|(?<=\\b(?:halal|koscher|vegetarisch\\w*|menu|restaurants?|catering|essen|ramadan)\\b.{0,120}))',
  ],
  fr: [
    '\\b(?<w>couper|coupe|coupent|trancher) (?:les |le |la |du |de la |des |un |une |l )?(?:legumes|viande|pain|fromage|fruits?|oignons?|tomates?|poisson|poulet|bois|tissu|papier|carton|carrelage|tuyaux?|metal|verre|herbe|cheveux|haies?|branches)\\b',
    '\\bsigne (?:du |astrologique (?:du )?)?(?<w>cancer)\\b',
    '\\b(?:je suis|elle est|il est|tu es) (?<w>cancer)\\b(?! (?:du|de|des))',
    '\\b(?:serie|series|film|films|roman|romans|feuilleton) (?<w>policiers?|policieres?)\\b',
    '\\b(?:rouge|rouges|baume|baumes|gloss|crayon|crayons|soin|soins|contour|exfoliant|gommage|huile|masque|stick) (?:a|pour les|des|pour) (?<w>levres)\\b',
    '\\b(?:creme|cremes|soin|soins|masque|masques|serum|nettoyant|gommage|huile|brume|gel|lait|eau) (?:pour (?:le )?|du |de )?(?<w>visage)\\b',
    '\\bsacs? de (?<w>frappe)\\b',
    '\\bpas (?:de )?(?<w>mal) (?:a|au|aux) (?:mon |ma |mes |nos |la |le |les |l )?(?:chiens?|chats?|animaux|animal|abeilles|oiseaux|poissons?|plantes?|pelouse|gazon|jardin|arbres?|rosiers?|peinture|parquet|sol|cuir|moteur)\\b',
    '\\b(?:collegues|invites|clients|amis|eleves|employes) (?:\\w+ ){0,2}?sont (?<w>musulmans|juifs|hindous)\\b(?:(?=.{0,120}\\b(?:halal|casher|cacher|kasher|vegetarien\\w*|menu|restaurants?|traiteur|repas|ramadan)\\b)|(?<=\\b(?:halal|casher|cacher|kasher|vegetarien\\w*|menu|restaurants?|traiteur|repas|ramadan)\\b.{0,120}))',
  ],
  pt: [
    '\\b(?<w>cortar|corta|corte|cortam) (?:o |a |os |as |um |uma )?(?:legumes|verduras?|carne|pao|queijo|frutas?|cebolas?|tomates?|peixe|frango|madeira|tecido|papel|papelao|azulejos?|canos?|metal|vidro|grama|cabelo|galhos)\\b',
    '\\bsigno (?:de )?(?<w>cancer)\\b',
    '\\b(?:sou|ela e|ele e|voce e) de (?<w>cancer)\\b',
    '\\b(?:serie|series|filme|filmes|romance|romances) (?<w>policial|policiais)\\b',
    '\\bfantasia de (?<w>policial|policia)\\b',
    '\\b(?:batom|brilho|balsamo|protetor|lapis|hidratante|esfoliante|mascara) (?:de |para (?:os )?)(?<w>labios)\\b',
    '\\b(?:creme|cremes|mascara|mascaras|serum|sabonete|hidratante|esfoliante|oleo|protetor solar|gel|tonico|limpador) (?:de |para (?:o )?)(?<w>rosto)\\b',
    '\\bnao (?:\\w+ )?(?:faca|faz|facam|fazem|cause|causem) (?<w>mal) (?:a|ao|aos|as|para (?:o|a|os|as)) (?:meu |minha |meus |minhas )?(?:cachorros?|caes|cao|gatos?|pets?|animais|animal|abelhas|passaros|peixes?|plantas?|grama|gramado|jardim|arvores?|pintura|piso|couro|motor)\\b',
    '\\bnao (?:\\w+ )?(?<w>faca|faz|facam|fazem|cause|causem) mal (?:a|ao|aos|as|para (?:o|a|os|as)) (?:meu |minha |meus |minhas )?(?:cachorros?|caes|cao|gatos?|pets?|animais|animal|abelhas|passaros|peixes?|plantas?|grama|gramado|jardim|arvores?|pintura|piso|couro|motor)\\b',
    '\\b(?:colegas|convidados|clientes|amigos|alunos|funcionarios) (?:\\w+ ){0,2}?sao (?<w>muculmanos|judeus|hindus)\\b(?:(?=.{0,120}\\b(?:halal|kosher|vegetarian\\w*|cardapio|menu|restaurantes?|buffet|comida|ramada)\\b)|(?<=\\b(?:halal|kosher|vegetarian\\w*|cardapio|menu|restaurantes?|buffet|comida|ramada)\\b.{0,120}))',
  ],
  it: [
    '\\b(?<w>tagliare|taglia|tagliano) (?:le |il |la |lo |i |gli |del |della |delle |un |una )?(?:verdure|carne|pane|formaggio|frutta|cipolle?|pomodori|pesce|pollo|legno|stoffa|tessuto|carta|cartone|piastrelle|tubi|metallo|vetro|erba|prato|capelli|siepi?|rami)\\b',
    '\\bsegno (?:del |zodiacale (?:del )?)?(?<w>cancro)\\b',
    '\\bsono del (?<w>cancro)\\b',
    '\\b(?:film|serie|romanzo|romanzi) (?<w>polizieschi|poliziesco|poliziesca|poliziesche)\\b',
    '\\b(?:rossetto|burrocacao|matita|matite|balsamo|lucidalabbra|scrub|maschera|gloss) (?:per (?:le )?)?(?<w>labbra)\\b',
    '\\b(?:crema|creme|maschera|maschere|siero|detergente|scrub) per (?:la )?(?<w>faccia)\\b',
    '\\bnon (?:\\w+ )?(?:faccia|fa|facciano|fanno) (?<w>male) (?:al|alla|ai|agli|alle|a) (?:mio |mia |miei |mie )?(?:cane|cani|gatto|gatti|animali|animale|api|uccelli|pesci|piante|pianta|prato|giardino|alberi|rose|vernice|parquet|pavimento|motore)\\b',
    '\\bnon (?:\\w+ )?(?<w>faccia|fa|facciano|fanno) male (?:al|alla|ai|agli|alle|a) (?:mio |mia |miei |mie )?(?:cane|cani|gatto|gatti|animali|animale|api|uccelli|pesci|piante|pianta|prato|giardino|alberi|rose|vernice|parquet|pavimento|motore)\\b',
    '\\b(?:colleghi|ospiti|clienti|amici|studenti|dipendenti) (?:\\w+ ){0,2}?sono (?<w>musulmani|ebrei|indu)\\b(?:(?=.{0,120}\\b(?:halal|kosher|vegetarian\\w*|menu|ristoranti?|catering|cibo|ramadan)\\b)|(?<=\\b(?:halal|kosher|vegetarian\\w*|menu|ristoranti?|catering|cibo|ramadan)\\b.{0,120}))',
  ],
  nl: [
    '\\b(?:groenten?|vlees|brood|kaas|fruit|uien|hout|stof|papier|tegels|buizen|haar|heg|gras) (?:\\w+ )?(?<w>snijden)\\b',
    '\\b(?:creme|balsem|verzorging|masker|scrub) voor (?:de |het |je )?(?<w>lippen|gezicht)\\b',
    '\\b(?:collega s|gasten|klanten|vrienden|leerlingen|medewerkers) (?:\\w+ ){0,2}?zijn (?<w>moslims?|joods|joden|hindoes)\\b(?:(?=.{0,120}\\b(?:halal|koosjer|vegetarisch\\w*|menu|restaurants?|catering|eten|ramadan)\\b)|(?<=\\b(?:halal|koosjer|vegetarisch\\w*|menu|restaurants?|catering|eten|ramadan)\\b.{0,120}))',
  ],
};

/** The round-17 product-sense pattern sources of a language (each names the masked word `w`; idioms-round11.ts compiles them). */
export const productSenseSources = (lang: Exclude<Lang, 'other'>): readonly string[] => CLASSES[lang];
