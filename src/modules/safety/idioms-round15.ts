import type { Lang } from '../../lib/lang.js';

/**
 * More everyday senses of a sensitive word, masked like idioms-round11.ts's (record 0036, round 15): the word of
 * the group `w` becomes a skipped token for the lexicon and the model. Each class is a fixed construction whose
 * sensitive word means something ordinary in it, and a sensitive use of the same word does not fit the frame:
 *   - renting as a verb ("rent a van", "ich miete", "alquilar un local"): the rent word stands for money trouble
 *     (concepts.ts MONEY_TROUBLE) as the noun of a rent one cannot pay, which keeps its article ("die Miete", "my
 *     rent", "pay rent");
 *   - worth and sense idioms: fr "ça vaut la peine / le coup", "sens dessus dessous", "dans tous les sens", "sens unique",
 *     "bon sens"; es/pt "tiene / faz sentido" before a buying or everyday verb, "sentido del humor", it "ha senso
 *     comprare", "senso unico" — "sens / sentido / senso" stand for a life without meaning (SELF_END); "nada tiene
 *     sentido" or "no tiene sentido vivir" do not match (the verb must be one of buying, using, waiting or fixing);
 *   - nl "last hebben van" (to be bothered by: a knee, mosquitoes, noise), where "last" is the burden of SELF_END;
 *     "tot last zijn" and "een last" stay read;
 *   - a drink that is not alcohol ("drink a protein shake", "Wasser trinken", "boire du café"), and a protein or
 *     milk "shake" (the addiction head reads "shake" as withdrawal);
 *   - a thing that does not work or fit "anymore" (a device, a charger, clothes: the subject is a thing, never "I"),
 *     a thing that "takes forever"; es "carga" of a battery ("cable de carga", "carga rápida");
 *   - the body's everyday aches: "back / knee pain", "pain in my neck", "my feet hurt" (the body part is the subject:
 *     "I hurt my…" and "hurt myself" stay read; wrists and arms only with an activity as the cause, "my wrists hurt
 *     from typing"), "wake up with a stiff neck / at 5 / tired", "fall asleep" (the self-harm head reads "fall",
 *     "wake", "pain", "hurt"); an arm that is a surface ("a rash on my arm") or a product ("monitor arm") — the
 *     medical-crisis head reads "arm" as a stroke or heart-attack sign, said "in my arm" or "my arm is numb".
 * Matched on the turn's folded words joined by one space. General language, no evaluation item.
 */
const CLASSES: Record<Exclude<Lang, 'other'>, string[]> = {
  en: [
    '\\b(?<w>rent|renting|rented) (?:a|an|one|two|some|out|our|their)\\b',
    '\\b(?<w>drink|drinking) (?:a |an |some |more |my |the |enough )?(?:(?:glass|cup|bottle|lot|lots|mug) of )?(?:cold |hot |iced |green |black )?(?:water|coffee|tea|juice|smoothies?|protein|shakes?|milk|electrolytes?|soda|kombucha)\\b',
    '\\b(?:protein|whey|milk|meal replacement|vegan|recovery|post workout|chocolate|vanilla|strawberry|banana) (?<w>shakes?)\\b',
    '\\b(?:it|this|that|the \\w+|my \\w+|they|these|those|mine) (?:\\w+ )?(?:doesn t|does not|don t|do not|won t|will not|isn t|aren t|no longer) (?:\\w+ )?(?:work|fit|charge|hold a charge|turn on|start|connect|sync|close|seal|heat up|cool|spin|print|boot|stay on|stay charged) (?:\\w+ ){0,2}?(?<w>anymore)\\b',
    '\\b(?:takes?|took|taking|lasts?|lasted|last) (?:\\w+ )?(?<w>forever)\\b',
    '\\b(?:back|neck|knee|joint|shoulder|hip|foot|heel|ankle|muscle|tooth|lower back|sciatic)s? (?<w>pain)\\b',
    '\\b(?<w>pain) in (?:my|his|her|the) (?:lower |upper )?(?:back|neck|knees?|feet|foot|shoulders?|hips?|heels?|ankles?|joints|teeth|tooth)\\b',
    '\\bmy (?:back|neck|knees?|feet|foot|shoulders?|hips?|heels?|ankles?|joints|eyes|ears|fingers|hands|thumbs?|elbows?) (?:\\w+ )?(?<w>hurts?|hurting)\\b',
    '\\bmy (?:wrists?|forearms?|arms?) (?:\\w+ )?(?<w>hurts?|hurting) (?:from|after|when|while) (?:\\w+ ){0,3}?(?:typing|coding|gaming|work|working|gym|lifting|training|running|cycling|climbing|the mouse|mouse|keyboard|tennis|golf|knitting|drawing)\\b',
    '\\b(?<w>wake|waking|woke) up (?:with (?:a |an |my )?(?:\\w+ )?(?:back|neck|shoulder|hip|headaches?|stuffy|congested|dry|runny|sore|stiff|achy|aches|pain|cramps?|sweats?|allergies)|(?:at|around) \\d|too early|tired|groggy|sweaty|hot|cold|congested|stiff|sore)\\b',
    '\\b(?<w>fall|falling|fell) (?:back )?asleep\\b',
    '\\bon (?:my|his|her|your|the) (?:left |right |upper |lower )?(?<w>arm)\\b',
    '\\b(?:monitor|tv|robot|robotic|swing|mic|microphone|desk|sofa|chair|couch|lamp|boom) (?<w>arms?)\\b',
  ],
  es: [
    '\\b(?<w>alquilar|alquilo|alquilamos|alquilan|alquilarlo|alquilarla|alquilaria|alquile)\\b',
    '\\b(?<w>alquiler) de (?:coches?|carros?|bicis?|bicicletas?|furgonetas?|autocaravanas?|equipos?|material|esquis|salas?|locales?|vestidos?|trajes?)\\b',
    '\\b(?:tiene|tendria|tenga) (?:mas |mucho |algun |realmente )?(?<w>sentido) (?:comprar|pagar|invertir|cambiar|gastar|contratar|usar|alquilar|reparar|arreglar|actualizar|esperar|elegir|probar|llevar|instalar|renovar|pedir)\\b',
    '\\b(?<w>sentido) (?:del humor|comun|contrario|horario|antihorario|de la marcha)\\b',
    '\\bdoble (?<w>sentido)\\b',
    '\\b(?<w>beber) (?:mas |suficiente |un |una )?(?:agua|cafe|te|zumo|jugo|leche|batidos?|infusiones?)\\b',
    '\\b(?:cable|puerto|base|estacion|tiempo|velocidad|punto) de (?<w>carga)\\b',
    '\\b(?<w>carga) (?:rapida|inalambrica|lenta|completa)\\b',
  ],
  de: [
    '\\b(?:ich (?<w>miete)\\b|(?<w2>miete) ich\\b)',
    '\\b(?<w>mieten|anmieten|mietet|mietest|anzumieten)\\b',
    '\\b(?:wasser|kaffee|tee|saft|milch|proteinshakes?|shakes?|smoothies?) (?:\\w+ )?(?<w>trinken|trinke|trinkt)\\b',
  ],
  fr: [
    '\\b(?:vaut|valait|vaudrait|valoir|vaille|vaudra) (?:vraiment |bien |toujours )?(?:la (?<w>peine)|le (?<w2>coup))\\b',
    '\\b(?<w>sens) dessus dessous\\b',
    '\\b(?:dans tous les|dans le bon|dans l autre|bon|en) (?<w>sens)\\b',
    '\\b(?<w>sens) (?:unique|inverse|interdit|de l humour|de la marche|de rotation|des aiguilles)\\b',
    '\\b(?<w>boire) (?:plus |assez |un |une |de l |du |des )?(?:eau|cafe|the|jus|lait|shakes?|smoothies?|tisanes?)\\b',
  ],
  pt: [
    '\\b(?:faz|faria|fara|faca) (?:mais |muito |algum |realmente )?(?<w>sentido) (?:comprar|pagar|investir|trocar|gastar|contratar|usar|alugar|consertar|atualizar|esperar|escolher|experimentar|levar|instalar|renovar|pedir)\\b',
    '\\b(?<w>sentido) (?:horario|anti horario|contrario|da marcha)\\b',
    '\\b(?<w>beber) (?:mais |um |uma )?(?:agua|cafe|cha|suco|sumo|leite|shakes?|vitaminas?)\\b',
  ],
  it: [
    '\\b(?:ha|avrebbe|abbia) (?:piu |davvero |ancora )?(?<w>senso) (?:comprare|pagare|investire|cambiare|spendere|usare|affittare|riparare|aggiornare|aspettare|scegliere|provare|prendere|installare|rinnovare)\\b',
    '\\b(?<w>senso) (?:unico|orario|antiorario|inverso|dell umorismo|di marcia)\\b',
    '\\bbuon (?<w>senso)\\b',
    '\\b(?<w>affittare|affittiamo|affittano|affitterei)\\b',
  ],
  nl: [
    '\\b(?<w>huren|gehuurd|huurt)\\b',
    '\\b(?:ik (?<w>huur)\\b|(?<w2>huur) ik\\b)',
    '\\b(?<w>last) (?:van|hebben|heb|heeft|had)\\b',
    '\\b(?<w>pijn) in (?:mijn |de |m n )?(?:onderrug|rug|nek|knie|knieen|voeten|voet|schouders?|heupen|heup|tanden|kies|hiel|enkel)\\b',
    '\\b(?:heb|heeft|hebben|had|hadden|veel|weinig|minder) (?:ik |je |hij |zij |we |ze |er |nog |erg |echt |vaak |soms )?(?:\\w+ )?(?<w>last)\\b',
  ],
};

const compiled = new Map<Lang, RegExp[]>();

/** The round-15 everyday-sense patterns of a language (compiled once; each names the masked word `w` or `w2`). */
export function everydaySensePatterns(lang: Exclude<Lang, 'other'>): RegExp[] {
  let ps = compiled.get(lang);
  if (!ps) compiled.set(lang, (ps = CLASSES[lang].map((p) => new RegExp(p, 'dg'))));
  return ps;
}
