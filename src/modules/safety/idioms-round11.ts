import type { Lang } from '../../lib/lang.js';
import { everydaySensePatterns } from './idioms-round15.js';
import { productSenseSources } from './idioms-round17.js';

/**
 * Everyday idioms built on a sensitive word, whose sensitive word the offline stage does not read (record 0036,
 * round 11): being "addicted / hooked" to a series, a podcast, coffee or a sport; "dying to" do something (fr "je
 * meurs d'envie", es "me muero de ganas", pt "morrendo de vontade", it "muoio dalla voglia", nl "ik sterf van
 * nieuwsgierigheid"); a phone, battery, laptop or car that "died" ("mon téléphone est mort", "mein Handy ist tot").
 * The lexicon's SAFE idioms cover a listed phrase for the lexicon only; the model still read the word ("süchtig",
 * "meurs") and leaned to its category on it, with any determiner or object the list did not hold. Here the word is
 * masked for both (service.ts analyseUserTurn): it becomes a skipped token, so it gives no feature and breaks pairs.
 * The rest of the turn is read as before, so "addicted to this series and I drink every night" still reads the
 * drinking, and a person's death is never masked (the subject must be a device, the object an everyday pleasure).
 * Matched on the turn's folded words joined by one space. General language, no evaluation item.
 */

/** Everyday pleasures one is "addicted to" in speech: shows, media, drinks and sweets, sports and hobbies. */
const PLEASURES: Record<Exclude<Lang, 'other'>, string> = {
  en: 'series|show|shows|tv show|podcast|podcasts|song|album|band|anime|sitcom|coffee|tea|chocolate|cheese|sushi|running|gym|yoga|cycling|climbing|crosswords?|sudoku|puzzles?|books?|novels?|reading|knitting|baking|gardening',
  es: 'serie|series|programa|podcast|cancion|album|anime|cafe|chocolate|queso|running|gimnasio|gym|yoga|ciclismo|escalada|crucigramas?|sudokus?|puzzles?|libros?|novelas?|lectura|punto|reposteria|jardineria',
  de: 'serie|serien|show|sendung|podcast|podcasts|lied|album|anime|kaffee|tee|schokolade|kase|sushi|laufen|joggen|fitnessstudio|yoga|radfahren|klettern|kreuzwortratseln?|sudokus?|puzzles?|buchern|romanen|lesen|stricken|backen|gartenarbeit',
  fr: 'serie|series|emission|podcast|podcasts|chanson|album|anime|cafe|the|chocolat|fromage|sushis?|course|running|salle|yoga|velo|escalade|mots croises|sudokus?|puzzles?|livres?|romans?|lecture|tricot|patisserie|jardinage',
  pt: 'serie|series|programa|podcast|podcasts|musica|album|anime|cafe|cha|chocolate|queijo|sushi|corrida|academia|ginasio|ioga|yoga|ciclismo|escalada|palavras cruzadas|sudokus?|puzzles?|quebra cabecas?|livros?|romances?|leitura|trico|confeitaria|jardinagem',
  it: 'serie|serie tv|programma|podcast|canzone|album|anime|caffe|cioccolato|cioccolata|formaggio|sushi|corsa|palestra|yoga|bici|ciclismo|arrampicata|cruciverba|sudoku|puzzle|libri|libro|romanzi|lettura|maglia|dolci|giardinaggio',
  nl: 'serie|series|programma|podcast|podcasts|liedje|album|anime|koffie|thee|chocolade|kaas|sushi|hardlopen|sportschool|yoga|fietsen|klimmen|kruiswoordpuzzels?|sudokus?|puzzels?|boeken|romans|lezen|breien|bakken|tuinieren',
};
/** What may stand between the addiction word and the pleasure (articles, demonstratives, possessives, "new"). */
const BETWEEN: Record<Exclude<Lang, 'other'>, string> = {
  en: '(?:to )?(?:(?:this|that|the|these|those|my|a|an|new|latest|current|good|korean|japanese|true crime|crime) ){0,3}',
  es: '(?:(?:a|al|con|de|del|la|el|los|las|esta|este|estas|estos|esa|ese|mi|mis|nueva|nuevo|un|una) ){1,3}',
  de: '(?:nach |auf )(?:(?:dieser|diesem|diesen|der|dem|den|meinem|meiner|neuen|neue|gutem|gutem|einer|einem) ){0,3}',
  fr: '(?:(?:a|au|aux|la|le|les|l|cette|ce|cet|ces|ma|mon|mes|nouvelle|nouveau|un|une|du|de) ){1,3}',
  pt: '(?:(?:a|ao|em|no|na|nos|nas|nesta|neste|nessa|nesse|numa|num|de|do|da|minha|meu|nova|novo|essa|esse|esta|este) ){1,3}',
  it: '(?:(?:a|al|alla|ai|alle|da|dal|dalla|dai|dalle|di|del|della|con|questa|questo|quella|quel|mia|mio|nuova|nuovo|una|un) ){1,3}',
  nl: '(?:aan |van )(?:(?:die|deze|de|het|dat|mijn|nieuwe|een|goede) ){0,3}',
};
/** Words for being addicted or hooked, masked before an everyday pleasure (the group named `w`). */
const HOOKED: Record<Exclude<Lang, 'other'>, string> = {
  en: 'addicted|hooked|addiction',
  es: 'adicto|adicta|enganchado|enganchada|enganchadisimo|enganchadisima|viciado|viciada|adiccion',
  de: 'suchtig|abhangig|sucht',
  fr: 'accro|accros|addict|addicte|dependant|dependante|addiction',
  pt: 'viciado|viciada|viciados|viciadas|vicio|vidrado|vidrada|dependente',
  it: 'dipendente|drogato|drogata|fissato|fissata|dipendenza',
  nl: 'verslaafd|verslaving',
};
/** "Dying to" idioms: the death word (group `w`) before a word of wanting or curiosity. */
const DYING: Record<Exclude<Lang, 'other'>, string> = {
  en: '\\b(?<w>dying) (?:to (?!be |die )|for (?:a |an |some )?(?:coffee|tea|beer|pizza|burger|holiday|vacation|nap|shower|break)\\b|of (?:hunger|thirst|boredom|the heat)\\b)',
  es: '\\b(?:me )?(?<w>muero|muriendo|moria) (?:de (?:ganas|curiosidad|risa|hambre|sed|frio|calor|aburrimiento|sueno)|por (?:ver|probar|saber|ir|tener|comprar|conocer))\\b',
  de: '\\b(?<w>sterbe|sterben|sterb) (?:vor (?:neugier|neugierde|lachen|ungeduld|vorfreude|hunger|durst|kalte|hitze|langeweile|mudigkeit))\\b',
  fr: '\\b(?<w>meurs|meurt|mourir|mourais|mort|morte|morts|mortes) (?:d envie|de curiosite|de rire|d impatience|de faim|de soif|de froid|de chaud|d ennui|de sommeil)\\b',
  pt: '\\b(?<w>morrendo|morro|morrer|morria) (?:de (?:vontade|curiosidade|rir|saudade de (?:viajar|ferias)|fome|sede|frio|calor|tedio|sono)|para (?:ver|provar|saber|ir|ter|comprar|conhecer))\\b',
  it: '\\b(?<w>muoio|morendo|morire|moro) (?:dalla voglia|dalla curiosita|dal ridere|dalle risate|di voglia|di fame|di sete|di freddo|di caldo|di noia|di sonno)\\b',
  nl: '\\b(?<w>sterf|sterven|sterft) (?:van (?:nieuwsgierigheid|het lachen|ongeduld|de honger|de dorst|de kou|de hitte|verveling))\\b',
};
/** Devices that "die": the death word (group `w`) within two words after the device, or (es, pt, it) just before it. */
const DEVICES: Record<Exclude<Lang, 'other'>, string> = {
  en: 'phone|iphone|laptop|battery|car|printer|tv|headphones|earbuds|fridge|washer|dishwasher|hard drive|tablet|ipad|watch|router|console|controller|mouse|keyboard|charger|kindle|camera|speaker|vacuum',
  es: 'movil|telefono|celular|portatil|bateria|coche|carro|impresora|tele|television|auriculares|nevera|lavadora|lavavajillas|disco duro|tablet|reloj|router|consola|mando|raton|teclado|cargador|camara|altavoz|aspiradora',
  de: 'handy|telefon|smartphone|laptop|akku|auto|drucker|fernseher|kopfhorer|kuhlschrank|waschmaschine|spulmaschine|festplatte|tablet|uhr|router|konsole|controller|maus|tastatur|ladegerat|kamera|lautsprecher|staubsauger',
  fr: 'telephone|portable|smartphone|ordi|ordinateur|batterie|voiture|imprimante|tele|television|casque|ecouteurs|frigo|lave linge|lave vaisselle|disque dur|tablette|montre|box|console|manette|souris|clavier|chargeur|appareil photo|enceinte|aspirateur',
  pt: 'celular|telemovel|telefone|notebook|portatil|bateria|carro|impressora|tv|televisao|fone|fones|geladeira|frigorifico|maquina de lavar|hd|tablet|relogio|roteador|console|controle|mouse|teclado|carregador|camera|caixa de som|aspirador',
  it: 'telefono|cellulare|smartphone|portatile|batteria|macchina|auto|stampante|tv|televisore|cuffie|frigo|lavatrice|lavastoviglie|hard disk|tablet|orologio|router|console|mouse|tastiera|caricabatterie|fotocamera|cassa|aspirapolvere',
  nl: 'telefoon|mobiel|gsm|laptop|accu|batterij|auto|printer|tv|televisie|koptelefoon|oordopjes|koelkast|wasmachine|vaatwasser|harde schijf|tablet|horloge|router|console|controller|muis|toetsenbord|oplader|camera|speaker|stofzuiger',
};
const DIED: Record<Exclude<Lang, 'other'>, string> = {
  en: 'died|dead|dying|dies',
  es: 'murio|muerto|muerta|muriendo',
  de: 'tot|gestorben|stirbt',
  fr: 'mort|morte|mourir|meurt|mourant',
  pt: 'morreu|morto|morta|morrendo',
  it: 'morto|morta|morte|morendo',
  nl: 'dood|gestorven|overleden|sterft',
};

/**
 * Words that may stand between a device and its death word: verbs "to be", articles, "just", "again", days. Not
 * any word: "the car accident he died in" names a person's death, and stays read.
 */
const FILLERS =
  'is|was|has|just|finally|completely|totally|already|again|yesterday|today|ist|war|ja|schon|einfach|komplett|gestern|heute|' +
  'est|etait|a|enfin|deja|encore|completement|hier|ce|matin|esta|estaba|se|me|ha|ya|completamente|ayer|hoy|el|la|mi|' +
  'e|era|ficou|de|novo|ontem|hoje|o|meu|minha|gia|di|nuovo|ieri|oggi|il|lo|mio|mia|heeft|al|weer|helemaal|gisteren|vandaag|mijn|m|' +
  'vanochtend|vanmorgen|vannacht|vanavond|stamattina|stanotte';

/**
 * "Nude" as a colour of make-up, nails, shoes or underwear (round 12): the word (group `w`) right before or after such
 * a noun, in any of the seven languages (the colour keeps its English name in the others).
 */
const NUDE_GOODS =
  'lipstick|lip gloss|lipgloss|lip liner|nail polish|polish|nails|foundation|eyeshadow|palette|blush|heels|pumps|' +
  'shoes|sandals|tights|bra|underwear|shade|colou?r|tone|makeup|pintalabios|labial|esmalte|unas|sombras?|paleta|' +
  'tacones|zapatos|medias|sujetador|tono|maquillaje|lippenstift|nagellack|lidschatten|schuhe|strumpfhose|bh|' +
  'farbton|farbe|rouge a levres|gloss|vernis|ongles|fond de teint|fard|talons|escarpins|chaussures|collants|teinte|' +
  'couleur|maquillage|batom|unhas|sombra|saltos?|sapatos?|sutia|tom|cor|maquiagem|rossetto|lucidalabbra|smalto|' +
  'unghie|fondotinta|ombretto|tacchi|scarpe|reggiseno|tonalita|colore|trucco|nagellak|nagels|oogschaduw|palet|' +
  'hakken|schoenen|panty|tint|kleur';
const NUDE = new RegExp(
  `\\b(?:${NUDE_GOODS}) (?:(?:color|colour|shade|tone|de|en|in|couleur|cor|colore|kleur) )?(?<w>nude)\\b|\\b(?<w2>nude) (?:${NUDE_GOODS})\\b`,
  'dg',
);

const compiled = new Map<Lang, { gate: RegExp; patterns: RegExp[] }>();
/**
 * A language's idiom patterns and their gate: one alternation of the words the patterns mask (`maskedWordGate`). A
 * pattern masks only through its group `w` or `w2`, so a turn the gate does not hit has nothing to mask in that
 * language and its patterns are not run (round 15 of record 0047: most turns hit no gate; the masks are the same).
 */
export function idiomPatterns(lang: Exclude<Lang, 'other'>): { gate: RegExp; patterns: RegExp[] } {
  let c = compiled.get(lang);
  if (!c) compiled.set(lang, (c = { gate: maskedWordGate(patternsOf(lang)), patterns: patternsOf(lang) }));
  return c;
}

function patternsOf(lang: Exclude<Lang, 'other'>): RegExp[] {
  const dev = `(?:${DEVICES[lang]})`;
  const ps = [
    new RegExp(`\\b(?<w>${HOOKED[lang]}) ${BETWEEN[lang]}(?:${PLEASURES[lang]})\\b`, 'dg'),
    new RegExp(DYING[lang], 'dg'),
    new RegExp(`\\b${dev} (?:(?:${FILLERS}) ){0,3}(?<w>${DIED[lang]})\\b`, 'dg'),
    NUDE,
    ...everydaySensePatterns(lang),
    ...productSenseSources(lang).map((p) => new RegExp(p, 'dg')),
  ];
  if (lang === 'es' || lang === 'pt' || lang === 'it')
    ps.push(new RegExp(`\\b(?<w>${DIED[lang]}) (?:(?:${FILLERS}) ){0,3}${dev}\\b`, 'dg'));
  return ps;
}

/**
 * One regex that hits a text whenever one of the patterns can mask a word in it: the alternation of their groups `w`
 * and `w2` (the masked word) read on their own, which any match masking through the group contains. A group that
 * follows `\\b` or a space and whose alternatives all open on a letter or digit starts on a word boundary, and keeps
 * `\\b` before it here ("rent" is not read inside "different"); any other is read anywhere (a wider gate, never a narrower one).
 */
export function maskedWordGate(patterns: readonly RegExp[]): RegExp {
  const parts: string[] = [];
  for (const p of patterns) {
    const s = p.source;
    for (const open of ['(?<w>', '(?<w2>']) {
      const at = s.indexOf(open);
      if (at < 0) continue;
      const from = at + open.length;
      const { body, alternatives } = groupBody(s, from);
      const bounded = (s.endsWith('\\b', at) || s[at - 1] === ' ') && alternatives.every((a) => /^[a-z0-9]/.test(a));
      parts.push(`${bounded ? '\\b' : ''}(?:${body})`);
    }
  }
  return new RegExp(parts.length ? [...new Set(parts)].join('|') : '(?!)');
}

/** The source of a group from `from` (just after its opening) to its closing parenthesis, and its top-level alternatives. */
function groupBody(s: string, from: number): { body: string; alternatives: string[] } {
  let depth = 0;
  let inClass = false;
  let last = from;
  const alternatives: string[] = [];
  for (let i = from; i < s.length; i++) {
    const ch = s[i];
    if (ch === '\\') i++;
    else if (inClass) inClass = ch !== ']';
    else if (ch === '[') inClass = true;
    else if (ch === '(') depth++;
    else if (ch === '|' && depth === 0) {
      alternatives.push(s.slice(last, i));
      last = i + 1;
    } else if (ch === ')') {
      if (depth === 0) {
        alternatives.push(s.slice(last, i));
        return { body: s.slice(from, i), alternatives };
      }
      depth--;
    }
  }
  throw new Error(`unclosed group in ${s}`);
}

/** A token the model skips (model.ts SKIP: no feature, and it breaks pairs). */
export const MASKED = 's';

/**
 * The turn's folded words with the sensitive word of each everyday idiom replaced by MASKED (read in the turn's
 * language and in English: conversations mix), or the same array when no idiom is found. `text`: the words joined
 * by one space, when the caller has it already.
 */
export function maskIdioms(ws: readonly string[], lang: Lang, text = ws.join(' ')): readonly string[] {
  let out: string[] | null = null;
  const langs: Exclude<Lang, 'other'>[] = lang === 'en' || lang === 'other' ? ['en'] : [lang, 'en'];
  for (const l of langs) {
    const { gate, patterns } = idiomPatterns(l);
    if (!gate.test(text)) continue;
    for (const p of patterns) {
      p.lastIndex = 0;
      for (let m = p.exec(text); m; m = p.exec(text)) {
        const at = (m.indices?.groups?.w ?? m.indices?.groups?.w2)?.[0];
        if (at === undefined) continue;
        let k = 0;
        for (let i = 0; i < at; i++) if (text.charCodeAt(i) === 32) k++;
        (out ??= ws.slice())[k] = MASKED;
      }
    }
  }
  return out ?? ws;
}

/**
 * Ages the user's turns state: a number before a years word ("85 anni", "70 years old", "16 ans") or after a birthday
 * verb ("turns 90", "cumple 70", "wird 80", "fête ses 90", "faz 80", "compie 85", "wordt 90"), in seven languages.
 */
const AGE =
  /\b(?:(?:turns?|turning|cumple|cumplira|wird|werden|fete ses|fetera ses|faz|fara|fazer|compie|compira|wordt|aged?)\s+(\d{1,3})\b|(\d{1,3})\s*(?:-\s*)?(?:years?|yrs?|yo|anos|jahre|jahren|jahrige|ans|anni|jaar)\b)/g;

/**
 * Whether the user's turns state ages and every one of them is adult (18 or more): "my grandfather turns 85" is about
 * an old man, not a child, and the minors head, which learned "I am 12" and "ho 12 anni", leans on the age words
 * themselves. A minors verdict of the model is lifted then (service.ts; the lexicon's own age patterns stand).
 * Record 0036 (round 11).
 */
export function adultAgesOnly(folded: readonly string[]): boolean {
  let adult = false;
  for (const text of folded)
    for (const m of text.matchAll(AGE)) {
      const n = Number(m[1] ?? m[2]);
      if (n < 18) return false;
      adult = true;
    }
  return adult;
}
