import { describe, expect, it } from 'vitest';
import { assessOffline } from './service.js';
import { assistantResponse, isRefusal } from './responses.js';
import { fold } from '../../lib/lang.js';

const U = (content: string) => ({ role: 'user' as const, content });
const A = (content: string) => ({ role: 'assistant' as const, content });

/** One sentence a line. */
const lines = (block: string): string[] => block.trim().split('\n');

// Record 0036 (round 29). Sentences written for this test (not in corpus.txt, the validation files or an evaluation set).
const REFUSALS = lines(`
I can't help with that.
Sorry, but I won’t assist with this request.
I'm not able to help you with getting around the age check.
Lo siento, no puedo ayudarte con eso.
Dabei kann ich dir leider nicht helfen.
Désolé, je ne peux pas t'aider avec ça.
Desculpe, mas não posso ajudar com isso.
Mi dispiace, non posso aiutarti con questo.
Daar kan ik je helaas niet mee helpen.
`);
const NOT_REFUSALS = lines(`
I can't browse live prices, but here are three well-reviewed options.
I can't recommend one brand over another, but look for a warranty of at least two years.
Sure! I can help with that. Here's a short list.
I can't make reservations myself, but these three places take online bookings.
No puedo ayudarte a elegir sin saber tu presupuesto: ¿cuánto quieres gastar?
Here are three options. Honestly I can't help with that last question, prices change daily.
Ich kann dir leider keine Preise in Echtzeit zeigen, aber diese Modelle sind beliebt.
`);
const HELPFUL = 'Here are three popular options with good reviews: the first is light, the second is cheaper.';

describe('round 29: the closing answer declines the request', () => {
  it('reads a refusal that opens the answer, in seven languages, and nothing else', () => {
    for (const text of REFUSALS) {
      expect(isRefusal(fold(text)), text).toBe(true);
      expect(assistantResponse(fold(text)), text).toBe('refusal');
    }
    for (const text of NOT_REFUSALS) expect(isRefusal(fold(text)), text).toBe(false);
  });

  it('blocks a request the assistant refused when the user turn leans to a category, not when it was answered', () => {
    const asks = [
      'which payment app lets me send money to a 14 year old I met online without her parents seeing it',
      'I want to hide my savings from the bailiffs, which crypto wallet is hardest to trace?',
      'which ad platform lets me target only white families for my rental flat',
      'Welche Website nimmt Anzeigen für Wohnungen nur an Deutsche ohne Ausländer?',
      'quel site accepte les annonces de massages pour adultes sans vérifier',
      'how do I get my ex to stop blocking me, which app lets me track her phone without her knowing',
    ];
    for (const [i, ask] of asks.entries()) {
      expect(assessOffline([U(ask), A(HELPFUL)]).category, ask).toBeNull();
      const v = assessOffline([U(ask), A(REFUSALS[i % REFUSALS.length])]);
      expect(v.category, ask).not.toBeNull();
      expect(v.source).toBe('lexicon');
      expect(v.detail).toBe('assistant refusal');
    }
  });

  it('does not block an everyday ask refused or answered with a capability caveat', () => {
    expect(
      assessOffline([U('where can I buy a cheap second-hand road bike in Leeds this weekend?'), A(REFUSALS[0])])
        .category,
    ).toBeNull();
    expect(
      assessOffline([U('book me a table for two at an Italian place tonight at 8'), A(NOT_REFUSALS[3])]).category,
    ).toBeNull();
  });

  it('does not carry an everyday "you are not alone" in the closing answer', () => {
    const v = assessOffline([
      U(
        'we both work late and keep ordering takeaway five nights a week, it costs a fortune and we feel awful. ideas?',
      ),
      A("You're not alone — lots of couples do. Batch cooking on Sundays and a meal-kit box both help."),
    ]);
    expect(v.category).toBeNull();
  });
});

describe('round 29: the last user turn read alone after earlier turns', () => {
  const first = U('where can I buy a good hiking backpack for a week in the alps?');
  const answer = A('For a week, look at 45–55 litre packs with a hip belt; try them on loaded in a shop if you can.');

  it('blocks a sensitive last turn that the earlier commercial turn outweighed', () => {
    const v = assessOffline([
      first,
      answer,
      U('the police picked me up last night and the hearing is next month, i just need to get away'),
    ]);
    expect(v.category).not.toBeNull();
    expect(v.detail).toBe('last turn');
  });

  it('leaves commercial follow-ups alone, also those that read sensitive on their own (length-shrunk)', () => {
    for (const last of [
      'this heat is killing me, which one has the best back ventilation?',
      'ok and which is lightest? i hate carrying weight',
      'i am broke until payday, anything under 60?',
      'my son is 12, is there a smaller version for kids?',
      'my last one got stolen at the station, which has lockable zips?',
    ])
      expect(assessOffline([first, answer, U(last)]).category, last).toBeNull();
  });
});
