import { describe, expect, it } from 'vitest';
import { foldedWords, type Lang } from '../../lib/lang.js';
import { isRequestForm } from './requests.js';
import { assessOffline } from './service.js';

const U = (content: string) => ({ role: 'user' as const, content });
const A = (content: string) => ({ role: 'assistant' as const, content });

/** `lang | text` lines as [text, lang] pairs. */
const rows = (block: string): [string, Lang][] =>
  block
    .trim()
    .split('\n')
    .map((l) => [l.slice(5), l.slice(0, 2) as Lang]);

// Record 0050 (round 19) / 0036 (round 29). Lines written for this test (not in corpus.txt or an evaluation set).
describe('round 29: reworking text is a task for the assistant, and so is a short follow-up to one', () => {
  it('recognises requests to rewrite or reword in seven languages, after an informal opener too', () => {
    const cases = rows(`
en | can u rewrite this so it sounds friendlier: "send the report by noon"
en | reword my intro paragraph for a cover letter
en | make this sound less stiff: "we regret to inform you"
es | reescribe este correo para que suene más cordial
de | schreib die Mail bitte etwas höflicher um
de | formuliere diesen Satz neu, er klingt zu hart
fr | réécris ce paragraphe avec un ton plus simple
pt | reescreva este texto de forma mais educada
it | riscrivi questa frase in modo più gentile
nl | herschrijf deze alinea iets zakelijker
`);
    for (const [text, lang] of cases) expect(isRequestForm(foldedWords(text), lang), text).toBe(true);
    for (const [text, lang] of rows(`
de | kurze Frage: welcher Laptop ist der beste unter 800 Euro?
en | can u recommend a good laptop bag for cycling
en | make it more comfortable? which mattress topper helps a hard bed
en | what pen do authors use to rewrite drafts by hand
`))
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
