import { describe, expect, it } from 'vitest';
import { adRequestBody, requestAd, type World } from '../../../test/helpers.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import type { SeedCampaign } from '../campaigns/seed.js';
import { readConversation } from '../../lib/turns.js';
import { stem } from '../../lib/text.js';
import { narrowEligible, noNeedFrameOf, noNeedOf, offersService, settledWords } from './frames-no-need.js';
import type { InvGroup } from './inventory.js';
import { explainDecision } from './service.js';

// Issue 23, record 0050 round 15: an owned thing acting up keeps only ads that offer a fix unless the turn asks to buy
// or replace; a comparison asked for a class or to settle an argument asks for nothing. Conversations written for this
// test in five languages (no evaluation item); on main there is no such frame and the product ads below are served.
const frameOf = (text: string) => noNeedOf(readConversation([{ role: 'user', content: text }])).frame;

describe('round 15 no-need frames (frames-no-need.ts)', () => {
  it('reads an owned thing acting up, or a fix asked by hand, as trouble', () => {
    for (const t of [
      'my e-bike keeps cutting out on hills even with a full battery, any idea?',
      'Our espresso machine started making a grinding noise this week. What could be causing that?',
      'I spilled coffee on the sofa cushion, is it ruined?',
      'Mi impresora hace un ruido raro al imprimir, ¿qué puede ser?',
      'Meine Spülmaschine macht komische Geräusche beim Abpumpen. Was kann das sein?',
      'Mon casque ne charge plus depuis hier, qu’est-ce que ça peut être ?',
      'Meu notebook desliga sozinho depois de meia hora, o que pode ser?',
      'how do I rescue wooden spoons that have cracked in the dishwasher',
    ])
      expect(frameOf(t), t).toBe('trouble');
  });

  it('reads a comparison for a class or an argument as no need', () => {
    for (const t of [
      'what is the difference between a crocodile and an alligator? for my biology class',
      'My sister and I argued about it: what is the difference between a latte and a flat white?',
      '¿Cuál es la diferencia entre un violín y una viola? Es para mi clase de música',
      'Was ist der Unterschied zwischen Raps und Senf? Wir haben in der Familie gestritten',
      'Quelle est la différence entre un lièvre et un lapin ? C’est pour un exposé en classe',
      'Qual é a diferença entre granito e mármore? É para a aula de geologia',
    ])
      expect(frameOf(t), t).toBe('no_need');
  });

  it('keeps a need: a replacement, a professional or a purchase asked beside the trouble or the comparison', () => {
    for (const t of [
      'my e-bike keeps cutting out, should I get a new battery or a whole new bike?',
      'Our espresso machine started leaking, who should I call to repair it near me?',
      'Mi impresora ya no funciona, ¿qué impresora nueva me recomiendas?',
      'what is the difference between a Dobsonian and a refractor, which should I buy for my astronomy class?',
      'what is the difference between term and whole life insurance',
      'my dad keeps forgetting his pills, is there a pill organiser that beeps?',
      'my web hosting keeps going down at night, is it time to move?',
      'my printer keeps jamming, do I need a laser one instead?',
    ])
      expect(frameOf(t), t).toBeNull();
    expect(noNeedFrameOf('el veterinario dice que puede ser la comida que pienso es bueno')).toBeNull();
  });

  it('reads a purpose frame (the news, curiosity) as no need unless a purchase is asked beside it', () => {
    expect(noNeedFrameOf('i saw on the news that ski lifts are getting pricier why is that', true)).toBe('no_need');
    expect(noNeedFrameOf('i read that memory foam runs hot which mattress should i buy', true)).toBeNull();
  });

  it('reads what the user says is already settled, and keeps an ad group that also sells what they still ask for', () => {
    const settled = (t: string) => settledWords(readConversation([{ role: 'user', content: t }]));
    expect(settled('Cheapest train to Vienna in May? My rail pass is already sorted')).toEqual([stem('pass')]);
    expect(settled('Our flights are booked, now which hotel in Lisbon?')).toEqual([stem('flight')]);
    expect(settled('Los seguros ya están pagados, ¿qué coche alquilo?')).toEqual([stem('seguro')]);
    expect(settled('Die Versicherung ist schon erledigt. Welches Zelt?')).toEqual([stem('versicherung')]);
    expect(settled('Mon assurance est déjà réglée, quel sac à dos ?')).toEqual([stem('assurance')]);
    expect(settled('O seguro já está pago, qual mochila levo?')).toEqual([stem('seguro')]);
    const conv = readConversation([{ role: 'user', content: 'Our flights are booked, now I need a hotel in Lisbon' }]);
    const eligible = narrowEligible(noNeedOf(conv), undefined)!;
    const group = (context: string) => ({ context }) as InvGroup;
    expect(eligible(group('cheap flights and airline deals'))).toBe('already_settled');
    expect(eligible(group('flights, hotels and car rental in one trip'))).toBeNull();
    expect(
      narrowEligible(noNeedOf(readConversation([{ role: 'user', content: 'which hotel in Lisbon?' }])), undefined),
    ).toBeUndefined();
  });

  it('tells an ad group that offers a fix from one that sells the thing', () => {
    expect(offersService('emergency plumber, leaking pipe, water heater repair')).toBe(true);
    expect(offersService('Reparación de móviles y tablets en el día')).toBe(true);
    expect(offersService('espresso machines, grinders and milk frothers for home baristas')).toBe(false);
  });
});

const COFFEE: SeedCampaign = {
  name: 'Home coffee',
  landing_page: 'https://coffee.example.com/',
  daily_budget: 100,
  max_cpc: 0.5,
  groups: [
    {
      name: 'Espresso machines',
      context: 'espresso machine grinder coffee maker latte flat white milk frother home barista',
      landing_page: 'https://coffee.example.com/machines',
      brand_name: 'Crema',
      ads: [{ headline: 'Crema One', copy: 'A home espresso machine that pulls a cafe shot.', cta: 'Shop now' }],
    },
  ],
};

describe('POST /api/v1/ad: an espresso machine acting up, a comparison for a class', () => {
  const env = useSeededServer({}, COFFEE);
  const ask = async (w: World, message: string) => {
    const res = await requestAd(env.s.url, w.publisherKey, adRequestBody(message));
    return { status: res.status, decision: explainDecision(env.s.ctx, res.headers.get('x-orbit-request-id')!) };
  };

  it('serves no machine to an owned one acting up, and serves one when a new machine is asked for', async () => {
    const trouble = await ask(env.w, 'my espresso machine keeps leaking under the milk frother');
    expect(trouble.status).toBe(204);
    expect(trouble.decision.filtered.map((f) => f.reason)).toContain('owned_item_trouble');
    const replace = await ask(
      env.w,
      'my espresso machine keeps leaking under the milk frother, which new espresso machine should I buy?',
    );
    expect(replace.status).toBe(200);
  });

  it('serves nothing to a comparison for a class (no_need), and an ad to the comparison asked to buy', async () => {
    const lesson = await ask(
      env.w,
      'what is the difference between a latte and a flat white? it is for my barista course',
    );
    expect(lesson.status).toBe(204);
    expect(lesson.decision.noAdReason).toBe('no_need');
    const buy = await ask(env.w, 'espresso machine or coffee maker for lattes, which should I buy?');
    expect(buy.status).toBe(200);
  });
});
