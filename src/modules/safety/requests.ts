import type { Lang } from '../../lib/lang.js';

/**
 * Request forms: the user asks the assistant to produce or rework text — "write me an essay / a story / a poem
 * about …", "tell me a story", "translate …", "summarise …", "help me with my homework" — in English, Spanish,
 * German, French, Portuguese, Italian and Dutch. Such a turn is a task for the assistant, not a need a product
 * could meet, whatever its topic: its intent reads as informational (service.ts `assessOffline`). It opens no
 * hole in brand safety: the topic inside the request is still read by the lexicons and the model and blocks by its
 * category ("write a poem about my father who died" is grief); only the adult head, which learned "write me a
 * story" from the corpus's explicit requests, needs a sexual word in such a turn (concepts.ts SEXUAL).
 * Matched on the turn's first folded words (accents removed, punctuation gone: "écris-moi" → "ecris moi"),
 * after an opener ("please", "can you", "¿podrías", "kannst du mir"). General language, no evaluation item.
 * Record 0050 (round 2).
 */
type Forms = Record<Exclude<Lang, 'other'>, { open: string; ask: string }>;

const FORMS: Forms = {
  en: {
    open: 'please|pls|plz|hey|hi|hello|ok|okay|so|now|can you|could you|would you|will you|can u|could u|pls can u|i need you to|i want you to|help me|and',
    ask:
      '(?:write|draft|compose|make up|come up with) (?:me |us |my son |my daughter )?(?:a |an |another |the |some |two |three )?(?:\\w+ ){0,2}(?:essay|essays|story|stories|poem|poems|haiku|limerick|sonnet|song|lyrics|paragraph|rap|joke|jokes|riddle|fable|fairy tale|book report)\\b' +
      '|tell (?:me |us )?(?:a |an |another )?(?:\\w+ )?(?:story|joke|riddle|fairy tale)\\b' +
      '|(?:translate|summarize|summarise|paraphrase|proofread|rephrase|rewrite|reword)\\b' +
      '|make (?:this|it) sound (?:more|less) \\w+\\b' +
      '|(?:do|check|finish) my (?:homework|assignment)\\b' +
      '|(?:with|on|do|finish) (?:my |this |the )?(?:homework|assignment|book report)\\b',
  },
  es: {
    open: 'por favor|porfa|hola|oye|puedes|podrias|me puedes|me podrias|quiero que|necesito que|ayudame a',
    ask:
      '(?:escribe|escribeme|escribir|escribirme|redacta|redactame|redactarme|hazme|inventa|inventame) (?:me )?(?:un|una|unos|unas|otro|otra) (?:\\w+ ){0,2}(?:ensayo|cuento|historia|poema|poesia|redaccion|cancion|chiste|relato|resumen)\\b' +
      '|(?:cuentame|cuenta|cuentanos|contarme) (?:un|una|otro|otra) (?:\\w+ )?(?:cuento|chiste|historia)\\b' +
      '|(?:traduce|traduceme|traducir|traduzca|resume|resumeme|resumir|resuma|parafrasea|corrige|reescribe|reescribeme|reescribir|reformula|reformular)\\b' +
      '|(?:con|hacer) (?:mis |mi |los |la )?(?:deberes|tarea|tareas)\\b',
  },
  de: {
    open: 'bitte|hallo|hey|hi|kannst du|konntest du|kannst du mir|konntest du mir|kannst du uns|ich brauche',
    ask:
      '(?:schreib|schreibe|verfasse|erzahl|erzahle|dichte) (?:mir |uns )?(?:bitte )?(?:einen|eine|ein|noch ein|noch eine) (?:\\w+ ){0,2}(?:aufsatz|geschichte|gedicht|essay|zusammenfassung|erorterung|lied|marchen|witz|referat)\\b' +
      '|(?:mir |uns )?(?:bitte )?(?:einen|eine|ein) (?:\\w+ ){0,2}(?:aufsatz|geschichte|gedicht|essay|zusammenfassung|marchen|witz|referat) (?:\\w+ ){0,6}(?:schreiben|verfassen|erzahlen)\\b' +
      '|(?:ubersetze|ubersetz|ubersetzen|fasse|zusammenfassen|korrigiere|formuliere|formulier|umformulieren|umschreiben)\\b' +
      '|schreib(?:e)? (?:das|es|den text|diesen text|die mail|diese mail) (?:\\w+ ){0,3}um\\b' +
      '|hilf (?:mir |uns )?(?:bei|mit) (?:meinen |meiner |den |der )?(?:hausaufgaben|hausaufgabe)\\b',
  },
  fr: {
    open: 's il te plait|s il vous plait|stp|svp|bonjour|salut|peux tu|pourrais tu|tu peux|tu pourrais|pouvez vous|est ce que tu peux|j ai besoin que tu',
    ask:
      '(?:m |me |nous )?(?:ecris|ecrire|ecrivez|redige|rediger|redigez|invente|inventer) (?:moi |nous )?(?:un|une|des|encore un|encore une) (?:\\w+ ){0,2}(?:dissertation|redaction|histoire|poeme|essai|resume|chanson|conte|blague)\\b' +
      '|(?:raconte|racontez|me raconter|nous raconter) (?:moi |nous )?(?:un|une) (?:\\w+ )?(?:histoire|blague|conte)\\b' +
      '|(?:m |me )?(?:traduis|traduire|traduisez|resume|resumer|resumez|corrige|reecris|reecrire|reecrivez|reformule|reformuler|reformulez)\\b' +
      '|(?:aide moi|aidez moi|m aider) (?:a faire |avec |pour |dans )?(?:mes |mon |ce )?(?:devoirs|devoir|expose)\\b',
  },
  pt: {
    open: 'por favor|oi|ola|pode|podes|voce pode|poderia|voce poderia|me|preciso que voce',
    ask:
      '(?:escreva|escreve|escrever|redija|invente|inventa) (?:me |pra mim |para mim )?(?:um|uma|outro|outra) (?:\\w+ ){0,2}(?:redacao|historia|poema|ensaio|resumo|cancao|conto|piada)\\b' +
      '|(?:conte|conta|contar) (?:me |pra mim )?(?:um|uma|outra|outro) (?:\\w+ )?(?:historia|piada|conto)\\b' +
      '|(?:traduza|traduz|traduzir|resuma|resumir|corrija|reescreva|reescreve|reescrever|reformule|reformula|reformular)\\b' +
      '|(?:ajuda|ajude|ajudar)(?: me)? (?:com|no|na|a fazer) (?:o |a |meu |minha |os |meus |as |minhas )?(?:dever de casa|licao de casa|tarefa|tarefas|deveres)\\b',
  },
  it: {
    open: 'per favore|per piacere|ciao|puoi|potresti|mi puoi|mi potresti|ho bisogno che',
    ask:
      '(?:scrivi|scrivimi|scrivere|componi|inventa|inventami) (?:un|una|uno|un altra|un altro) (?:\\w+ ){0,2}(?:tema|saggio|storia|poesia|racconto|riassunto|canzone|filastrocca|favola|barzelletta)\\b' +
      '|(?:raccontami|racconta|raccontaci) (?:un|una) (?:\\w+ )?(?:storia|barzelletta|favola)\\b' +
      '|(?:traduci|traducimi|tradurre|riassumi|riassumere|riassumimi|correggi|riscrivi|riscrivere|riscrivimi|riformula|riformulare)\\b' +
      '|(?:aiutami|aiutarmi) (?:con|a fare|coi|nei) (?:i |miei |il )?(?:compiti|tema)\\b',
  },
  nl: {
    open: 'alsjeblieft|hoi|hallo|hey|kun je|kan je|kunt u|wil je|zou je',
    ask:
      '(?:schrijf|maak|verzin) (?:me |mij |voor mij |ons )?(?:een|nog een) (?:\\w+ ){0,2}(?:opstel|verhaal|verhaaltje|gedicht|gedichtje|essay|samenvatting|werkstuk|liedje|mop)\\b' +
      '|(?:me |mij )?(?:een|nog een) (?:\\w+ ){0,2}(?:opstel|verhaal|verhaaltje|gedicht|essay|samenvatting|werkstuk|mop) (?:\\w+ ){0,6}(?:schrijven|maken|vertellen|verzinnen)\\b' +
      '|vertel (?:me |mij |ons )?(?:een|nog een) (?:\\w+ )?(?:verhaal|verhaaltje|mop|sprookje)\\b' +
      '|(?:vertaal|vertalen|vat|samenvatten|verbeter|herschrijf|herschrijven|herformuleer|herformuleren)\\b' +
      '|help (?:me |mij )?(?:met|bij) (?:mijn |m?n )?(?:huiswerk|werkstuk)\\b',
  },
};

/** The first words of a turn read: a request comes first, after at most a few words of opener. */
const HEAD_WORDS = 16;

const compiled = new Map<Exclude<Lang, 'other'>, RegExp>();
/** A language's forms as one anchored pattern: openers (any number), then the request. */
function patternOf(lang: Exclude<Lang, 'other'>): RegExp {
  let re = compiled.get(lang);
  if (!re) {
    const { open, ask } = FORMS[lang];
    compiled.set(lang, (re = new RegExp(`^(?:(?:${open}) )*(?:${ask})`)));
  }
  return re;
}

/**
 * Whether a user turn is a request form in its language or in English (conversations mix). `words`: the turn's
 * folded words in order; `line`, when the caller has it, the same words joined by one space.
 */
export function isRequestForm(words: readonly string[], lang: Lang, line?: string): boolean {
  if (words.length === 0) return false;
  const head = line !== undefined && words.length <= HEAD_WORDS ? line : words.slice(0, HEAD_WORDS).join(' ');
  if (lang !== 'en' && lang !== 'other' && patternOf(lang).test(head)) return true;
  return patternOf('en').test(head);
}
