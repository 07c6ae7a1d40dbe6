import { describe, expect, it } from 'vitest';
import { stem, terms, PhraseSet, expandTopics } from '../../lib/text.js';
import { conversationQuery, excludedPhrases, RelevanceModel } from './relevance.js';
import { assessOffline } from '../safety/service.js';
import { loadDataset, score, type Prediction } from '../../../bench/relevance/evaluate.js';
import { loadConfig } from '../../config.js';

const model = new RelevanceModel([
  {
    name: 'Running shoes',
    context: 'running shoes, marathon training, trail running',
    negativeContext: 'stress fracture, injury',
  },
  { name: 'Espresso machines', context: 'espresso machine, coffee grinder, latte at home', negativeContext: null },
  { name: 'Wine club', context: 'red wine, wine subscription, wine tasting', negativeContext: null },
]);
const top = (msgs: { role: 'user' | 'assistant'; content: string }[], excluded: string[] = [], floor = 0.3) => {
  const q = conversationQuery(msgs);
  let best = -1;
  let bestR = 0;
  for (const [i, v] of model.judge(q, excludedPhrases(excluded), floor).verdicts)
    if (v.ok && v.relevance > bestR) [best, bestR] = [i, v.relevance];
  return best;
};
const U = (content: string) => ({ role: 'user' as const, content });
const A = (content: string) => ({ role: 'assistant' as const, content });

describe('text normalisation', () => {
  it('stems inflections and folds synonyms together', () => {
    expect(stem('running')).toBe(stem('run'));
    expect(stem('sneakers')).toBe(stem('shoe'));
    expect(stem('attorneys')).toBe(stem('lawyer'));
    expect(terms('The BEST Running Shoes!!')).toEqual([stem('running'), stem('shoes')]);
  });

  it('matches phrases across inflection and case, and expands excluded topics', () => {
    const p = new PhraseSet(['running shoes', 'want to die']);
    expect(p.find(conversationQuery([U('I bought new Running Sneakers')]).stems)).toBe(
      `${stem('running')} ${stem('shoes')}`,
    );
    expect(p.find(conversationQuery([U('sometimes I want to die')]).stems)).not.toBeNull();
    expect(expandTopics(['alcohol'])).toContain('wine');
  });

  it('reads a bounded amount of a huge message', () => {
    const huge = 'alpha beta gamma delta '.repeat(50_000) + 'marathon shoes';
    const q = conversationQuery([U(huge)]);
    expect(q.weights.has(stem('marathon'))).toBe(true);
    // Only the tail is read: the stems kept are bounded by the per-turn character cap, not the message size.
    expect(q.stems.length).toBeLessThan(2000 / 2);
  });
});

describe('relevance model', () => {
  it('picks the group the conversation is about', () => {
    expect(top([U('Which shoes should I get for my first marathon?')])).toBe(0);
    expect(top([U('What grinder do I need for espresso at home?')])).toBe(1);
  });

  it('weighs the last turns most and the user more than the assistant', () => {
    expect(top([U('I love red wine tastings'), A('Nice.'), U('Now, which espresso machine makes good lattes?')])).toBe(
      1,
    );
    expect(
      top([A('Marathon running shoes are great for training.'), U('What about a coffee grinder for espresso?')]),
    ).toBe(1);
  });

  it('excludes a group whose negative context the conversation mentions', () => {
    expect(top([U('I have a stress fracture from marathon running, which shoes now?')])).toBe(-1);
  });

  it('excludes groups on excluded topics (expanded) and conversations about them', () => {
    expect(top([U('What red wine should I bring to dinner?')])).toBe(2);
    expect(top([U('What red wine should I bring to dinner?')], ['alcohol'])).toBe(-1);
  });

  it('finds sensitive topics where no ad may show', () => {
    for (const t of [
      'I want to end my life',
      'my chest pain is getting worse, heart attack?',
      "I'm 13 and need shoes",
      'He abused me',
    ]) {
      expect(assessOffline([U(t)]).category).not.toBeNull();
    }
    expect(assessOffline([U('Which running shoes for a marathon?')]).category).toBeNull();
  });
});

describe('labelled evaluation set', () => {
  const { groups, conversations } = loadDataset();
  const m = new RelevanceModel(groups.map((g) => ({ name: g.name, context: g.context, negativeContext: g.negative })));
  const floor = loadConfig({}, {}).minRelevance;
  const predict = (i: number): Prediction => {
    const c = conversations[i];
    const q = conversationQuery(c.messages);
    if (assessOffline(c.messages).category) return { top: null, relevance: 0 };
    let best: Prediction = { top: null, relevance: 0 };
    for (const [gi, v] of m.judge(q, excludedPhrases(c.excluded), floor).verdicts)
      if (v.ok && v.relevance > best.relevance) best = { top: groups[gi].id, relevance: v.relevance };
    return best;
  };

  it('is large and varied enough to mean something', () => {
    expect(conversations.length).toBeGreaterThanOrEqual(300);
    expect(new Set(conversations.map((c) => c.vertical)).size).toBeGreaterThanOrEqual(30);
    expect(conversations.filter((c) => c.split === 'test').length).toBeGreaterThan(100);
  });

  it('meets the targets on the held-out split: precision@1 >= 0.8 (issue 23: adrel-dev now steers), no-ad accuracy >= 0.9', () => {
    const idx = conversations.map((_, i) => i).filter((i) => conversations[i].split === 'test');
    const s = score(
      idx.map((i) => conversations[i]),
      idx.map(predict),
    );
    expect(s.precisionAt1).toBeGreaterThanOrEqual(0.8);
    expect(s.noAdAccuracy).toBeGreaterThanOrEqual(0.9);
    expect(s.mustNotViolations).toBe(0);
  });
});
