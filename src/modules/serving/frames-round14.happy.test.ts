import { describe, expect, it } from 'vitest';
import { adRequestBody, requestAd } from '../../../test/helpers.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import { readConversation } from '../../lib/turns.js';
import { lastTurnFrame } from './frames.js';
import { EXPLANATION_FLOOR, explainDecision, INFORMATIONAL_FLOOR } from './service.js';

// Issue 23, record 0050 round 14: a turn that asks the assistant to do the job itself (write, translate, summarise,
// code, practice problems), a complaint about money paid, curiosity about a word, the care of an owned thing by hand,
// or thanks that close the conversation is no need whatever the intent head reads. Conversations written for this
// test in five languages (no corpus line, no evaluation item); on main every one of them read as no frame.
const one = (text: string) => readConversation([{ role: 'user', content: text }]);
const after = (earlier: string, answer: string, last: string) =>
  readConversation([
    { role: 'user', content: earlier },
    { role: 'assistant', content: answer },
    { role: 'user', content: last },
  ]);

describe('round 14 purpose frames (frames.ts, frames-request.ts)', () => {
  it('reads a job for the assistant, a complaint, a word and owned-item care as purpose, whatever the head reads', () => {
    for (const t of [
      'We run a tiny bakery. Could you write us a short description of our sourdough for the website?',
      'can you translate this wine list into German for our guests: Merlot, Rioja, Chablis',
      'Please summarize the history of the Suez canal for a newsletter I am putting together',
      'My nephew is learning fractions. Give him five more practice problems like the last one',
      'The moving company kept my deposit and never showed up. Can I get my money back?',
      'what is "dream pop"? my cousin keeps saying it and I have no clue',
      'How do I wash my down jacket without ruining the filling?',
      'The strap on my camera bag came loose, can I sew it back or will it tear again?',
      'sql: list every customer who ordered twice in one week',
      '¿Puedes ayudarme a escribir una carta para mi vecino por el ruido?',
      'Kannst du mir helfen, eine Nachricht an meinen Vermieter zu schreiben?',
      'Petite question : d où vient le mot "sandwich" ?',
      'Pode me ajudar a traduzir este cardápio para o inglês?',
      'Woher kommt eigentlich der Name Fahrrad?',
    ])
      expect(lastTurnFrame(one(t), false), t).toBe('purpose');
  });

  it('reads thanks that close a conversation as purpose, not thanks that go on to a need or a fix that failed', () => {
    const closing = (last: string) =>
      lastTurnFrame(
        after('My dishwasher shows error E15, what now?', 'Tilt it back to drain the base tray.', last),
        false,
      );
    expect(closing('That was it, it works now. Thank you so much!')).toBe('purpose');
    expect(closing('¡Funcionó! Muchas gracias')).toBe('purpose');
    expect(closing('Hat geklappt, danke dir')).toBe('purpose');
    expect(closing('Thanks! Which new dishwasher should I buy if it breaks again?')).toBeNull();
    expect(closing('thanks but none of that worked, the tray was dry')).toBeNull();
  });

  it('keeps a need with the same words as a need', () => {
    for (const t of [
      'how do I write a cover letter that gets me interviews',
      'which translation app works offline in Japan',
      'I need a good pressure washer to clean my patio, any suggestions?',
      'my laptop screen cracked, where can I get it repaired near me',
      'busco un servicio de traducción jurada para mi título',
      'Welche Fahrradversicherung lohnt sich für ein E-Bike?',
      // a job asked beside a purchase: the need stands
      'Can you help me write a business plan, and which accounting software should I use?',
      'Kannst du mir helfen, einen Brief zu schreiben? Und welchen Drucker soll ich kaufen?',
      'Peux-tu m aider à écrire une annonce ? Et quel appareil photo acheter pour les photos ?',
    ])
      expect(lastTurnFrame(one(t), false), t).toBeNull();
  });

  it('reads how a thing actually does something, sticks or floats as an explanation (when the head agrees)', () => {
    for (const t of [
      'How do satellites actually stay up there without falling?',
      'how does a gecko stick to glass',
      'Wait, how does a steel ship float at all?',
    ])
      expect(lastTurnFrame(one(t), true), t).toBe('explanation');
    for (const t of ['How do I keep my toddler busy on a long flight?', 'how do freelancers track their hours'])
      expect(lastTurnFrame(one(t), true), t).toBeNull();
  });

  it('reads pasted code as a technical task (informational floor) when the head reads a need', () => {
    const code = one('my cron job never fires:\n```\n0 0 * * * /usr/bin/backup.sh\n```\nwhat is wrong?');
    expect(lastTurnFrame(code, false)).toBe('code');
    expect(lastTurnFrame(code, true)).toBe('explanation');
  });
});

describe('POST /api/v1/ad: a job for the assistant with a topic word', () => {
  const env = useSeededServer();

  it('asks the explanation floor of a writing task and of closing thanks, the ordinary floors of a need', async () => {
    const cases: [message: string, floorAtMost: number, status: number][] = [
      [
        'I coach a running club. Can you write me a short post about choosing running shoes for our first marathon?',
        EXPLANATION_FLOOR,
        204,
      ],
      ['Thank you, the new running shoes feel great and my knee is fine now!', EXPLANATION_FLOOR, 204],
      ['Which running shoes should I buy for my first marathon?', INFORMATIONAL_FLOOR, 200],
    ];
    for (const [message, floorAtMost, status] of cases) {
      const res = await requestAd(env.s.url, env.w.publisherKey, adRequestBody(message));
      const decision = explainDecision(env.s.ctx, res.headers.get('x-orbit-request-id')!);
      if (status === 204) expect(decision.relevanceFloor, message).toBe(floorAtMost);
      else expect(decision.relevanceFloor, message).toBeLessThanOrEqual(floorAtMost);
      expect(res.status, message).toBe(status);
    }
  });
});
