import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers.js';

/** The index routes' schemas render into the shared OpenAPI document. */
describe('index in the OpenAPI document', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.stop());

  it('lists the index endpoints with their request schemas', async () => {
    const r = await fetch(`${s.url}/docs/json`);
    expect(r.status).toBe(200);
    const doc = (await r.json()) as { paths: Record<string, any> };
    for (const p of ['/search', '/shop/search', '/services', '/services/{slug}', '/go/{id}', '/index/mcp'])
      expect(doc.paths[p], p).toBeDefined();
    const body = doc.paths['/shop/search'].post.requestBody.content['application/json'].schema;
    expect(body.properties.max_results).toBeDefined();
    expect(body.properties.categories).toBeDefined();
  });
});
