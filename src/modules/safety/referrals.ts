import type { SafetyCategory } from './categories.js';

/**
 * What an assistant answers to a crisis: a referral to a crisis, eating-disorder, addiction or domestic-violence
 * service (by name, in the covered languages; folded text). An earlier assistant turn that made one marks the
 * conversation even when the user's later turns are ordinary questions. Names of public services, no evaluation item.
 * Record 0036 (round 5).
 */
const ASSISTANT_REFERRALS: [SafetyCategory, RegExp][] = [
  [
    'self-harm',
    /\b(?:(?:call|text|dial) 988\b|988 (?:suicide|lifeline|crisis)|suicide (?:and crisis |prevention )?(?:life|hot|help)line|crisis (?:text )?line|samaritans|befrienders|lifeline australia|telefono de la esperanza|linea 024|prevencion del suicidio|telefonseelsorge|suizidpravention|suicide ecoute|sos amitie|numero national de prevention du suicide|centro de valorizacao da vida|telefono amico|prevenzione del suicidio|113 zelfmoordpreventie|zelfmoordpreventie)/,
  ],
  [
    'eating-disorder',
    /\b(?:eating disorders? (?:helpline|hotline|association|support)|beat helpline|\bneda\b|trastornos? de la conducta alimentaria|essstorungen? (?:beratung|hotline)|anorexie boulimie info|transtornos? alimentares?|disturbi (?:del comportamento )?alimentari|eetstoornis (?:hulplijn|proud2bme))/,
  ],
  [
    'addiction',
    /\b(?:gamblers anonymous|alcoholics anonymous|narcotics anonymous|al-anon|samhsa|jugadores anonimos|alcoholicos anonimos|narcoticos anonimos|anonyme alkoholiker|anonyme spieler|alcooliques anonymes|joueurs anonymes|narcotiques anonymes|alcoolicos anonimos|jogadores anonimos|narcoticos anonimos|alcolisti anonimi|giocatori anonimi|narcotici anonimi|anonieme alcoholisten|anonieme gokkers)/,
  ],
  [
    'abuse-violence',
    /\b(?:domestic (?:violence|abuse) (?:hotline|helpline)|refuge helpline|violencia de genero|hilfetelefon gewalt gegen frauen|violences femmes info|violencia domestica|centro antiviolenza|antiviolenza|veilig thuis)/,
  ],
];

/**
 * An assistant telling the user to call emergency services or go to the emergency department now, per language: a
 * call verb, an urgency word before or after the service (an aside in brackets allowed before it), or a "go to" the
 * emergency department with an urgency word. "If it gets worse, call 911" (no urgency) is a caveat, not a referral;
 * so is an instruction in a sentence that imagines the emergency ("if it ever goes off", "in case of", HYPOTHETICAL).
 * Record 0036 (round 12): a medical emergency in progress, told in the user's words the model does not know.
 */
const EMERGENCY: [verb: string, urgent: string, service: string, go: string][] = [
  [
    'call|dial|ring|phone',
    'now|right now|right away|immediately|straight away|at once',
    '911|999|112|000|an ambulance|(?:the )?emergency services|(?:your )?local emergency (?:number|services)|poison control',
    '(?:go|get (?:her|him|them|yourself)|take (?:her|him|them)) (?:straight )?to (?:the|an|your) (?:nearest )?(?:emergency room|er|a&e|emergency department)',
  ],
  [
    'llama|llame|llamad|marca|marque',
    'ahora(?: mismo)?|ya|inmediatamente|de inmediato|enseguida',
    '(?:al|a) (?:112|911|061|urgencias|emergencias|una ambulancia|los servicios de emergencia)',
    '(?:ve|vaya|id|acude|acuda) a urgencias',
  ],
  [
    'ruf|rufe|rufen sie|wahle|wahlen sie',
    'sofort|jetzt|umgehend|unverzuglich',
    '(?:den |die )?(?:notruf|notarzt|rettungsdienst|rettungswagen|krankenwagen|112)',
    '(?:fahr|fahre|fahren sie|geh|gehe|gehen sie) (?:in die|zur) notaufnahme',
  ],
  [
    'appelle|appelez|compose|composez',
    'maintenant|immediatement|tout de suite|sans attendre',
    '(?:le )?(?:15|112|18|samu)|les (?:urgences|secours|pompiers)|une ambulance',
    '(?:va|allez|rends-toi|rendez-vous) aux urgences',
  ],
  [
    'ligue|liga|chame|chama|disque',
    'agora(?: mesmo)?|imediatamente|ja',
    '(?:para )?(?:o )?(?:192|190|193|112|911|samu|inem)|uma ambulancia|os bombeiros',
    '(?:va|vai|procure|procura) (?:ao|o|para o|a|para a) (?:pronto[- ]socorro|emergencia|urgencia)',
  ],
  [
    'chiama|chiami|chiamate',
    'subito|immediatamente|adesso|ora',
    "(?:il )?(?:118|112)|un'?\\s?ambulanza|i soccorsi|la guardia medica",
    '(?:vai|andate|vada|corri) al pronto soccorso',
  ],
  [
    'bel|belt',
    'nu(?: meteen)?|meteen|direct|onmiddellijk',
    '112|(?:de|een) ambulance|de huisartsenpost|de spoedeisende hulp',
    '(?:ga|gaat) (?:naar de spoedeisende hulp|naar de eerste hulp|naar de seh)',
  ],
];
/** Words of a sentence that imagines an emergency rather than meets one, in the seven languages (folded). */
const HYPOTHETICAL =
  /\b(?:ever|in case|alguna vez|en caso de|por si|jemals|im fall|fur den fall|jamais|en cas de|au cas ou|algum dia|em caso de|se mai|in caso di|ooit|in geval van|voor het geval)\b/;

const EMERGENCY_NOW = new RegExp(
  EMERGENCY.map(
    ([verb, urgent, service, go]) =>
      String.raw`\b(?:${verb}) (?:(?:${urgent}) (?:${service})|(?:${service})(?: \([^)]{0,60}\))?,? (?:${urgent}))\b` +
      String.raw`|\b(?:${go}),? (?:${urgent})\b`,
  ).join('|'),
  'g',
);

const SENTENCE_WINDOW = 200;

/** Whether an answer tells the user to get emergency help now in a sentence that does not imagine the emergency. */
function emergencyNow(folded: string): boolean {
  EMERGENCY_NOW.lastIndex = 0;
  for (let m = EMERGENCY_NOW.exec(folded); m; m = EMERGENCY_NOW.exec(folded)) {
    // The sentence before the instruction, at most SENTENCE_WINDOW characters back (linear on a long text).
    let start = m.index;
    while (start > 0 && m.index - start < SENTENCE_WINDOW && !'.!?\n'.includes(folded[start - 1])) start--;
    if (!HYPOTHETICAL.test(folded.slice(start, m.index))) return true;
  }
  return false;
}

/** The category of a crisis referral in an assistant's answer (`fold`ed text), or null. */
export function assistantReferral(folded: string): SafetyCategory | null {
  for (const [cat, re] of ASSISTANT_REFERRALS) if (re.test(folded)) return cat;
  return emergencyNow(folded) ? 'medical-crisis' : null;
}
