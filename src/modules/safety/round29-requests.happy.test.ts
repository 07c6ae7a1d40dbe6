import { describe, expect, it } from 'vitest';
import { foldedWords } from '../../lib/lang.js';
import { isRequestForm } from './requests.js';
import { assessOffline } from './service.js';

const U = (content: string) => ({ role: 'user' as const, content });
const A = (content: string) => ({ role: 'assistant' as const, content });

// Record 0050 (round 19) / 0036 (round 29). Lines written for this test (not in corpus.txt or an evaluation set).
describe('round 29: reworking text is a task for the assistant, and so is a short follow-up to one', () => {
  it('recognises requests to rewrite or reword in seven languages, after an informal opener too', () => {
    const cases: [string, 'en' | 'es' | 'de' | 'fr' | 'pt' | 'it' | 'nl'][] = [
      ['can u rewrite this so it sounds friendlier: "send the report by noon"', 'en'],
      ['reword my intro paragraph for a cover letter', 'en'],
      ['make this sound less stiff: "we regret to inform you"', 'en'],
      ['reescribe este correo para que suene más cordial', 'es'],
      ['schreib die Mail bitte etwas höflicher um', 'de'],
      ['formuliere diesen Satz neu, er klingt zu hart', 'de'],
      ['réécris ce paragraphe avec un ton plus simple', 'fr'],
      ['reescreva este texto de forma mais educada', 'pt'],
      ['riscrivi questa frase in modo più gentile', 'it'],
      ['herschrijf deze alinea iets zakelijker', 'nl'],
    ];
    for (const [text, lang] of cases) expect(isRequestForm(foldedWords(text), lang), text).toBe(true);
    for (const [text, lang] of [
      ['kurze Frage: welcher Laptop ist der beste unter 800 Euro?', 'de'],
      ['can u recommend a good laptop bag for cycling', 'en'],
      ['make it more comfortable? which mattress topper helps a hard bed', 'en'],
      ['what pen do authors use to rewrite drafts by hand', 'en'],
    ] as const)
      expect(isRequestForm(foldedWords(text), lang), text).toBe(false);
  });

  it('reads a short follow-up to a request form as the same task, unless it asks for a product', () => {
    const task = [
      U('translate to German: "Your parcel left our warehouse this morning."'),
      A('"Ihr Paket hat heute Morgen unser Lager verlassen."'),
    ];
    for (const follow of ['and a friendlier version?', 'shorter please', 'now in french too'])
      expect(assessOffline([...task, U(follow)]).informational, follow).toBeGreaterThanOrEqual(0.9);
    for (const follow of ['where can I buy a good German dictionary?', 'which translation app is best to buy?'])
      expect(assessOffline([...task, U(follow)]).informational, follow).toBeLessThan(0.9);
  });
});
