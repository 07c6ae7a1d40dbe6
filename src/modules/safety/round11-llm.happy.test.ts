import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessConversation, assessOffline } from './service.js';
import { startFakeLlm, type FakeLlm } from '../../../test/fake-llm.js';
import { testContext } from '../../../test/helpers.js';
import type { Ctx } from '../../context.js';

const U = (content: string) => ({ role: 'user' as const, content });
const A = (content: string) => ({ role: 'assistant' as const, content });

// Record 0036 (round 11): the configured model reads what the offline stage reads and keeps its rules where they
// apply. Conversations written for this test; the model is a fake OpenAI-compatible server on 127.0.0.1.
describe('the configured safety model', () => {
  let llm: FakeLlm;
  let ctx: Ctx;
  let stop: () => Promise<void>;
  let answer = '{"category": "none", "commercial": true}';
  beforeAll(async () => {
    llm = await startFakeLlm(() => answer);
    ({ ctx, stop } = await testContext({ llmBaseUrl: llm.baseUrl, llmModel: 'fake', safetyTimeoutMs: 5000 }));
  });
  afterAll(async () => {
    await stop();
    await llm.close();
  });

  it('sees the answers in the middle of the conversation, in order, not only the last one', async () => {
    answer = '{"category": "none", "commercial": true}';
    await assessConversation(ctx, [
      U('We moved into a new flat last week and the living room is very dark.'),
      A('A floor lamp with a warm bulb in the corner brightens a room a lot.'),
      U('Nice. And for the hallway?'),
      A('Small ceiling spots or a plug-in wall light work well there.'),
      U('Which brand of smart bulbs would you pick?'),
    ]);
    const sent = llm.requests.at(-1)!.messages.at(-1)!.content;
    expect(sent).toContain('floor lamp with a warm bulb');
    expect(sent).toContain('plug-in wall light');
    expect(sent.indexOf('dark')).toBeLessThan(sent.indexOf('floor lamp'));
    expect(sent.indexOf('floor lamp')).toBeLessThan(sent.indexOf('hallway'));
  });

  it('keeps a request form informational whatever the model says about a commercial need', async () => {
    answer = '{"category": "none", "commercial": true}';
    const v = await assessConversation(ctx, [U('Please write me a short poem about autumn leaves and warm coffee.')]);
    expect(v.category).toBeNull();
    expect(v.informational).toBeGreaterThanOrEqual(0.9);
    const plain = await assessConversation(ctx, [U('Which coffee grinder would you buy for a small kitchen?')]);
    expect(plain.informational).toBe(0);
  });

  it("keeps a block on a publisher's excluded topic made at its lower bar", async () => {
    answer = '{"category": "none", "commercial": true}';
    const conv = [U('I spend most evenings at the casino, any good poker books?')];
    // Offline, this blocks only at the excluded topic's lower bar (a model verdict, not a lexicon hit).
    const offline = assessOffline(conv, ['problem gambling']);
    expect([offline.category, offline.source, offline.publisherExcluded]).toEqual(['addiction', 'model', true]);
    expect(assessOffline(conv).category).toBeNull();
    const v = await assessConversation(ctx, conv, ['problem gambling']);
    expect(v.category).toBe('addiction');
    // Without the exclusion the configured model's verdict replaces the offline one.
    expect((await assessConversation(ctx, conv)).category).toBeNull();
  });
});
