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

/** The category of a crisis referral in an assistant's answer (`fold`ed text), or null. */
export function assistantReferral(folded: string): SafetyCategory | null {
  for (const [cat, re] of ASSISTANT_REFERRALS) if (re.test(folded)) return cat;
  return null;
}
