import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readConversation, type ConversationTurn } from '../../lib/turns.js';
import { lastTurnFrame } from './frames.js';
import { narrowEligible, noNeedFrameOf, noNeedOf, SETTLED, SETTLED_GATE, settledWords } from './frames-no-need.js';
import type { InvGroup } from './inventory.js';
import { TURN_FRAMES_MAX, turnFrames, turnFramesHeld } from './turn-frames.js';

// Record 0047 round 17: a turn's frame verdicts are memoised with the turn (turn-frames.ts), so a re-sent conversation
// reads them instead of scanning the frame patterns again. Sentences written for this test in five languages.
const user = (content: string): ConversationTurn => ({ role: 'user', content });
const assistant = (content: string): ConversationTurn => ({ role: 'assistant', content });
const last = (messages: ConversationTurn[]) => {
  const conv = readConversation(messages);
  return { conv, turn: conv.turns[conv.turns.length - 1] };
};

const TURNS = [
  'which trail running shoes should I buy for muddy hills?',
  'how does a heat pump actually work in winter?',
  'can you write me a short toast for my brother’s wedding',
  'my robot vacuum keeps getting stuck under the sofa',
  'what is the difference between a violin and a viola, for my music class',
  'my hotel is already booked, I still need a rental car',
  'parseConfigFile throws on an empty line, why?',
  '¿Qué portátil me recomiendas para editar vídeo?',
  'Wie funktioniert eigentlich eine Wärmepumpe?',
  'Mon aspirateur fait un bruit bizarre depuis hier, qu’est-ce que ça peut être ?',
  'Qual é a diferença entre granito e mármore? É para a aula de geologia',
  'thanks, that did it!',
];

/** Every frame reading of a conversation, for both heads (`explanation` true and false). */
const readings = (messages: ConversationTurn[]) => {
  const conv = readConversation(messages);
  const frames = [lastTurnFrame(conv, true), lastTurnFrame(conv, false)];
  return { frames, noNeed: [noNeedOf(conv, false), noNeedOf(conv, frames[0] === 'purpose')] };
};

describe('frame verdicts memoised per turn (turn-frames.ts)', () => {
  it('a re-sent conversation reads the same frames as its first reading and as the patterns read cold', () => {
    for (const text of TURNS) {
      const messages = [user('hello there'), assistant('Hi! How can I help?'), user(text)];
      const first = readings(messages);
      expect(readings(messages), text).toEqual(first);
      const { turn } = last(messages);
      expect(first.noNeed[0].frame, text).toBe(noNeedFrameOf(turn.foldedHead(60), false));
    }
  });

  it('reads a re-sent turn’s verdicts from the memo, not from the patterns', () => {
    const messages = [user('which standing desk should I buy for a small flat?')];
    const { conv, turn } = last(messages);
    expect(lastTurnFrame(conv)).toBeNull();
    expect(noNeedOf(conv).frame).toBeNull();
    // The memoised record is what the next reading of the same turn answers with (old code: the patterns again).
    const f = turnFrames(turn);
    expect(f).toMatchObject({ purpose: false, code: false, explains: false, needCue: true });
    f.purpose = true;
    f.needCue = false;
    f.noNeed = 'trouble';
    const again = readConversation(messages);
    expect(lastTurnFrame(again)).toBe('purpose');
    expect(noNeedOf(again).frame).toBe('trouble');
    // A different last turn is its own entry.
    expect(lastTurnFrame(readConversation([user('which standing desk should I buy for a small office?')]))).toBeNull();
  });

  it('a changed earlier turn changes what is settled; a different last turn its own frame', () => {
    const tail = [assistant('Sure, what else do you need?'), user('I still need something for the trip')];
    const a = noNeedOf(readConversation([user('my flights are already booked'), ...tail]));
    const b = noNeedOf(readConversation([user('my hotel is already booked'), ...tail]));
    const c = noNeedOf(readConversation([user('mis vuelos ya están reservados'), ...tail]));
    expect([a.settled, b.settled, c.settled]).toEqual([['flight'], ['hotel'], ['vuelo']]);
    const owned = 'my coffee grinder keeps jamming';
    expect(noNeedOf(readConversation([user(owned)])).frame).toBe('trouble');
    expect(noNeedOf(readConversation([user(`${owned}, which new one should I buy?`)])).frame).toBeNull();
    // The same turn under a purpose frame: the memoised verdicts answer both readings.
    expect(noNeedOf(readConversation([user(owned)]), true).frame).toBe('no_need');
  });

  it('holds nothing of the inventory: a new snapshot’s groups are judged on their own context', () => {
    const conv = readConversation([user('Meine Kaffeemühle geht nicht mehr, was kann das sein?')]);
    const before = narrowEligible(noNeedOf(conv), undefined)!;
    const group = (context: string) => ({ context }) as InvGroup;
    expect(before(group('coffee grinders and espresso machines'))).toBe('owned_item_trouble');
    // The same turn re-sent against a later snapshot whose group now offers repairs.
    const after = narrowEligible(
      noNeedOf(readConversation([user('Meine Kaffeemühle geht nicht mehr, was kann das sein?')])),
      undefined,
    )!;
    expect(after(group('coffee grinder repairs and servicing'))).toBeNull();
    expect(after(group('coffee grinders and espresso machines'))).toBe('owned_item_trouble');
  });

  it('stays bounded: at most two generations of TURN_FRAMES_MAX turns', () => {
    for (let i = 0; i < 2 * TURN_FRAMES_MAX + 10; i++) lastTurnFrame(readConversation([user(`bounded turn ${i}`)]));
    expect(turnFramesHeld()).toBeGreaterThan(TURN_FRAMES_MAX);
    expect(turnFramesHeld()).toBeLessThanOrEqual(2 * TURN_FRAMES_MAX);
  });
});

describe('the settled gate (frames-no-need.ts SETTLED_GATE)', () => {
  const texts = [
    'my visa is already sorted, what about travel insurance?',
    'the venue has been booked and the catering is paid',
    'our flights were all taken care of last week',
    'mis vuelos ya están reservados, busco un hotel',
    'Das Hotel ist schon gebucht, ich brauche noch ein Auto',
    'Les billets sont déjà réservés, il me faut un hôtel',
    'Os ingressos já estão pagos, falta o hotel',
    'which phone has the best camera under 500',
  ];
  const lines = [
    ...texts,
    ...[
      '../safety/corpus.txt',
      '../../../bench/relevance/dataset.txt',
      '../../../bench/relevance/lang-dev.txt',
    ].flatMap((f) => fs.readFileSync(new URL(f, import.meta.url), 'utf8').split('\n')),
  ];

  it('hits every text SETTLED reads something in (so the gate never changes what is settled)', () => {
    let read = 0;
    for (const text of lines) {
      const folded = readConversation([user(text)]).turns[0].foldedHead(60);
      const matches = [...folded.matchAll(SETTLED)].length;
      if (matches > 0) {
        read++;
        expect(SETTLED_GATE.test(folded), text).toBe(true);
      }
    }
    expect(read).toBeGreaterThanOrEqual(7);
    expect(settledWords(readConversation([user(texts[0])]))).toEqual(['visa']);
    expect(settledWords(readConversation([user(texts[7])]))).toEqual([]);
  });
});
