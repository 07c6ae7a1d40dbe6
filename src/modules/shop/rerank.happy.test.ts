import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../test/fake-llm.js';
import { useWebSearch } from './service.js';
import { post, startIndexWorld, type IndexWorld } from '../../../test/fixtures/index-world.js';

/** ranking "llm": only genuine fits, relevance tier first, then the listing that pays the publisher more; web results only when nothing fits. */
describe('POST /shop/search with the reranker', () => {
  let w: IndexWorld;
  let llm: FakeLlm;
  let mode: 'tiers' | 'none' | 'broken' = 'tiers';
  beforeAll(async () => {
    llm = await startFakeLlm((req) => {
      if (mode === 'broken') return 'not json at all';
      const user = JSON.parse(req.messages.at(-1)!.content) as { candidates: { id: string; title: string }[] };
      if (mode === 'none') return JSON.stringify({ fits: [], reasoning: 'None of these is a lamp.' });
      // Both Stride shoes are tier 1; the Kestrel one tier 2; everything else does not fit.
      const fits = user.candidates
        .filter((c) => /Stride Cloud|Kestrel Tempo/.test(c.title))
        .map((c) => ({ id: c.id, tier: c.title.includes('Kestrel') ? 2 : 1 }));
      return JSON.stringify({ fits, reasoning: 'Stride Cloud is a cushioned daily trainer that fits.' });
    });
    w = await startIndexWorld({ config: { llmBaseUrl: llm.baseUrl } });
  });
  afterAll(async () => {
    await w.server.stop();
    await llm.close();
  });

  it('keeps only fits, ordered by tier and then by publisher payout', async () => {
    mode = 'tiers';
    const r = await post(w.url, '/shop/search', { query: 'running shoes for daily training', max_results: 10 }, w.key);
    expect(r.status).toBe(200);
    expect(r.body.ranking).toBe('llm');
    // tier 1: fx-run-w-navy ($120 × 8%) pays more than fx-run-m-red ($110 × 8%); then tier 2
    expect(r.body.products.map((p: any) => p.product_id)).toEqual(['fx-run-w-navy', 'fx-run-m-red', 'fx-run-eur']);
    expect(r.body.reasoning).toBe('Stride Cloud is a cushioned daily trainer that fits.');
    const prompt = llm.requests.at(-1)!;
    expect(prompt.messages[0].content).not.toContain('daily training');
    expect(prompt.messages[1].content).toContain('daily training');
  });

  it('rerank false skips the model', async () => {
    const before = llm.requests.length;
    const r = await post(w.url, '/shop/search', { query: 'running shoes', rerank: false }, w.key);
    expect(r.body.ranking).toBe('retrieval');
    expect(llm.requests.length).toBe(before);
  });

  it('falls back to retrieval order when the model answers nonsense', async () => {
    mode = 'broken';
    const r = await post(w.url, '/shop/search', { query: 'running shoes' }, w.key);
    expect(r.status).toBe(200);
    expect(r.body.ranking).toBe('retrieval');
    expect(r.body.count).toBeGreaterThan(0);
  });

  it('may keep nothing; then web results from a plugged provider (at most 5, untracked) fill in', async () => {
    mode = 'none';
    useWebSearch(w.server.ctx, {
      search: async () =>
        Array.from({ length: 7 }, (_, i) => ({
          name: `Lamp ${i}`,
          brand: null,
          price: i === 0 ? 30 : null,
          currency: i === 0 ? 'USD' : 'EUR',
          description: null,
          image_url: null,
          url: `https://www.shop${i}.example/lamp`,
          site: 'x',
        })),
    });
    const r = await post(w.url, '/shop/search', { query: 'desk lamp' }, w.key);
    expect(r.body).toMatchObject({
      ranking: 'llm',
      count: 0,
      products: [],
      recommendation: null,
      reasoning: 'None of these is a lamp.',
    });
    expect(r.body.web_results).toHaveLength(5);
    expect(r.body.web_results[0]).toMatchObject({
      price: 30,
      currency: 'USD',
      site: 'shop0.example',
      url: 'https://www.shop0.example/lamp',
    });
    expect(r.body.web_results[1]).toMatchObject({ price: null, currency: null }); // a currency without a price is not shown
    useWebSearch(w.server.ctx, null);
  });
});
