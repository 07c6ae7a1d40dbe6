import { describe, expect, it } from 'vitest';
import { conversationQuery, excludedPhrases, RelevanceModel } from './relevance.js';
import { INFORMATIONAL_FLOOR } from './service.js';

/** Record 0049, round 3: a short follow-up's need is often named only in the assistant's answer it replies to. */
const model = new RelevanceModel([
  {
    name: 'Standing desks',
    context: 'standing desk, sit stand desk, height adjustable desk for the home office',
    negativeContext: null,
  },
  {
    name: 'Physiotherapy clinic',
    context: 'physiotherapy, back pain treatment, sports massage',
    negativeContext: null,
  },
  { name: 'Wine club', context: 'red wine, wine subscription, wine tasting', negativeContext: null },
]);
const U = (content: string) => ({ role: 'user' as const, content });
const A = (content: string) => ({ role: 'assistant' as const, content });
const relevanceOf = (msgs: { role: 'user' | 'assistant'; content: string }[], group: number): number =>
  model.judge(conversationQuery(msgs), excludedPhrases([]), 0).verdicts.get(group)?.relevance ?? 0;

const ACHE = U('my lower back aches by the end of every workday at home');
const ANSWER = A(
  'Sitting for hours is often the cause. Many people switch to a height adjustable standing desk and alternate ' +
    'between sitting and standing through the day.',
);

describe('a follow-up and the answer it replies to', () => {
  it('reads the need the answer named when the follow-up only points at it', () => {
    const r = relevanceOf([ACHE, ANSWER, U('which one would you pick?')], 0);
    // Even the floor of a conversation read as informational (a back ache reads so): the answer carries the need.
    expect(r).toBeGreaterThanOrEqual(INFORMATIONAL_FLOOR);
    expect(r).toBeGreaterThan(relevanceOf([ACHE, ANSWER, U('which one would you pick?')], 2));
  });

  it('weighs the answer as before when the last turn states its own need', () => {
    const own = U(
      'thanks, but I would rather book a physiotherapist nearby this week for proper back pain treatment and a sports massage',
    );
    const q = conversationQuery([ACHE, ANSWER, own]);
    const desk = q.weights.get('desk') ?? 0;
    const physio = q.weights.get('physiotherapist') ?? 0;
    expect(desk).toBeLessThan(physio / 2);
    expect(relevanceOf([ACHE, ANSWER, own], 1)).toBeGreaterThan(relevanceOf([ACHE, ANSWER, own], 0));
  });

  it('leaves an answer after the last user turn at its own weight', () => {
    const q = conversationQuery([ACHE, A('a standing desk can help'), U('which one?'), A('standing desk brands vary')]);
    const follow = conversationQuery([ACHE, A('a standing desk can help'), U('which one?')]);
    // The closing answer adds its terms at 1/3; the answer replied to carries the need in both.
    expect(q.weights.get('desk')! - follow.weights.get('desk')!).toBeLessThan(follow.weights.get('desk')!);
  });

  it('keeps the answer at its age weight when the follow-up asks about a detail of it', () => {
    const flat = U('my bike tyre keeps going flat every few days');
    const fix = A(
      'Probably a slow puncture or a thorn still in the tyre. Patch the tube with a repair kit, or a bike shop can fit a new tube.',
    );
    const detail = conversationQuery([flat, fix, U('how do I find the puncture?')]);
    expect(detail.turns[1].weight).toBeCloseTo((1 / 3) * 0.85, 6);
    const pointing = conversationQuery([flat, fix, U('which one would you pick?')]);
    expect(pointing.turns[1].weight).toBeCloseTo(0.8, 6);
  });
});
