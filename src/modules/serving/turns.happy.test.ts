import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { testContext } from '../../../test/helpers.js';
import type { Ctx } from '../../context.js';
import { Memo } from '../../lib/memo.js';
import { detectLanguage } from '../../lib/lang.js';
import { MAX_CHARS_PER_TURN, MAX_TURNS, readConversation } from '../../lib/turns.js';
import { assessOffline } from '../safety/service.js';
import { englishFor } from './vocabulary.js';
import { wordTable } from './word-vectors.js';
import { SemanticIndex } from './semantic.js';
import { conversationQuery, excludedPhrases, RelevanceModel, semanticVectorOf } from './relevance.js';
import { explainDecision } from './service.js';
import { stem, words } from '../../lib/text.js';
import { advertiserWith, ask, body, campaign, NOON, publisher } from '../../../test/fixtures/decisions.js';

const U = (content: string) => ({ role: 'user' as const, content });
const A = (content: string) => ({ role: 'assistant' as const, content });

describe('the turns a decision reads', () => {
  it('reads the last turns, each cut to its end, keyed by a hash of what is read', () => {
    const long = `${'x'.repeat(5000)} running shoes`;
    const msgs = Array.from({ length: 12 }, (_, i) =>
      i % 2 ? A(`answer ${i}`) : U(i === 10 ? long : `question ${i}`),
    );
    const conv = readConversation(msgs);
    expect(conv.turns).toHaveLength(MAX_TURNS);
    expect(conv.turns[0].text).toBe('question 4');
    expect(conv.turns[6].text).toHaveLength(MAX_CHARS_PER_TURN);
    expect(conv.turns[6].text.endsWith('running shoes')).toBe(true);
    const again = readConversation(msgs.slice(2));
    expect(again.turns.map((t) => t.key)).toEqual(conv.turns.map((t) => t.key));
    expect(new Set(conv.turns.map((t) => t.key)).size).toBe(MAX_TURNS);
  });

  it('takes the conversation language from most of the user words, so a short follow-up keeps it', () => {
    const conv = readConversation([
      U('Hola, quiero comprar unas zapatillas para correr una maratón, ¿cuáles me recomiendas?'),
      A('Claro…'),
      U('ok, y el precio?'),
    ]);
    expect(conv.lang).toBe('es');
    expect(readConversation([U('best running shoes for flat feet')]).lang).toBe('en');
  });

  it('detects the five languages by their function words, and English short queries stay English', () => {
    expect(detectLanguage('Ich suche eine gute Kaffeemaschine für meine kleine Küche')).toBe('de');
    expect(detectLanguage('Je cherche un bon aspirateur pour mon appartement')).toBe('fr');
    expect(detectLanguage('Estou procurando um notebook para a minha filha estudar')).toBe('pt');
    expect(detectLanguage('Busco un seguro para el coche que no sea muy caro')).toBe('es');
    expect(detectLanguage('write a haiku about autumn leaves')).toBe('en');
    expect(detectLanguage('cheap flights lisbon')).toBe('en');
  });

  it('a memo keeps at most two generations and keeps what is used', () => {
    let computed = 0;
    const f = (k: string) => {
      computed++;
      return k.toUpperCase();
    };
    const m = new Memo<string>(10);
    expect(m.get('hot', f)).toBe('HOT');
    for (let i = 0; i < 100; i++) {
      m.get(`k${i}`, f);
      m.get('hot', f); // used all along: promoted each time its generation ages
    }
    expect(computed).toBe(101);
    const before = computed;
    m.get('k0', f); // long gone
    expect(computed).toBe(before + 1);
    m.get('k99', f); // recent
    expect(computed).toBe(before + 1);
  });

  it('the safety verdict is the same from the per-turn memo as from a cold read', () => {
    const convs = [
      [U('my husband died suddenly last week and I cannot stop crying')],
      [U('Which running shoes for a marathon?'), A('Here are some options'), U('and for flat feet?')],
      [U('Mi perro no come bien, ¿qué pienso le compro?')],
    ];
    for (const c of convs) {
      const cold = assessOffline(c);
      const warm = assessOffline(c);
      expect(warm).toEqual(cold);
    }
    expect(assessOffline(convs[0]).category).toBe('death-grief');
    expect(assessOffline(convs[1]).category).toBeNull();
  });
});

describe('offline relevance beyond shared English words', () => {
  it('common words weigh less than telling ones (general-English specificity)', () => {
    const t = wordTable();
    expect(t.specificity(stem('work'))).toBeLessThan(t.specificity(stem('dumbbell')));
    expect(t.specificity(stem('the'))).toBeLessThan(0.2);
    expect(t.specificity('zzqxunknown')).toBe(1);
  });

  it('reads Spanish, German, French and Portuguese through the commercial vocabulary', () => {
    expect(englishFor('es', 'perros')).toContain('dog');
    expect(englishFor('de', 'hausratversicherung')).toContain('insurance');
    expect(englishFor('fr', 'chaussures')).toContain('shoes');
    expect(englishFor('pt', 'voos')).toContain('flight');
    expect(englishFor('es', 'para')).toBeNull(); // a function word is not a product
    expect(englishFor('en', 'dog')).toBeNull();
    const model = new RelevanceModel([
      { name: 'Pet insurance', context: 'pet insurance for dogs and cats, vet bills', negativeContext: null },
      { name: 'Flights', context: 'cheap flights, compare airfares', negativeContext: null },
    ]);
    const q = conversationQuery([U('¿Vale la pena un seguro para mi perro? Las facturas del veterinario son caras.')]);
    const v = model.judge(q, excludedPhrases([]), 0.35).verdicts;
    expect(v.get(0)?.relevance ?? 0).toBeGreaterThan(0.35);
    expect(v.has(1)).toBe(false);
  });

  it('the semantic index puts a group near a conversation that shares no word with it', () => {
    const texts = [
      'cloud backup for your computer, restore deleted files, automatic photo backup',
      'trail running shoes with grip for mud',
      'espresso machines and burr grinders',
    ];
    const sem = new SemanticIndex(texts.map((t) => words(t)));
    const model = new RelevanceModel(
      texts.map((context, i) => ({ name: `g${i}`, context, negativeContext: null })),
      { semantic: true },
    );
    const q = conversationQuery([
      U('ransomware encrypted my laptop and I lost years of documents, how do I never lose them again?'),
    ]);
    const cv = semanticVectorOf(q, sem);
    expect(sem.cosine(cv, 0)).toBeGreaterThan(sem.cosine(cv, 1));
    expect(sem.cosine(cv, 0)).toBeGreaterThan(sem.cosine(cv, 2));
    expect(model.semantic).not.toBeNull();
  });
});

describe('the offline semantic signal through the server', () => {
  let ctx: Ctx;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ ctx, stop } = await testContext({ semanticWeight: 0.25 }, { clock: new ManualClock(NOON) }));
  });
  afterAll(() => stop());

  it('blends into relevance: the decision record shows the blend, and a fitting group still wins', async () => {
    const pub = await publisher(ctx);
    const backup = await advertiserWith(
      ctx,
      campaign(
        'Vault Backup',
        'cloud backup for your computer and phone, recover deleted files, automatic photo backup',
        { max_cpm: 5 },
      ),
    );
    await advertiserWith(ctx, campaign('Trail Grip', 'trail running shoes, grip on mud and wet rocks', { max_cpm: 8 }));
    const { ads, requestId } = await ask(
      ctx,
      pub,
      body(
        'My laptop died and I lost every photo. How do I back up my files automatically so this never happens again?',
      ),
    );
    expect(ads).toHaveLength(1);
    expect(ads[0].campaignId).toBe(backup.campaignIds[0]);
    const d = explainDecision(ctx, requestId);
    expect(d.candidates[0].relevance).toBeGreaterThan(0);
    expect(d.candidates[0].relevance).toBeLessThanOrEqual(1);
  });
});
