import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startIndexWorld, type IndexWorld } from '../../../test/fixtures/index-world.js';

async function connect(url: string, key?: string): Promise<Client> {
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/index/mcp`), {
    requestInit: { headers: key ? { 'x-api-key': key } : {} },
  });
  await client.connect(transport);
  return client;
}

const json = (r: any) => JSON.parse(r.content[0].text);

describe('index MCP tool server', () => {
  let w: IndexWorld;
  let client: Client;
  beforeAll(async () => {
    w = await startIndexWorld({ generated: 200 });
    client = await connect(w.url, w.key);
  });
  afterAll(async () => {
    await client.close();
    await w.server.stop();
  });

  it('lists the five tools', async () => {
    const tools = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(tools).toEqual([
      'orbit_index_browse',
      'orbit_index_get_service',
      'orbit_index_list_categories',
      'orbit_index_report_integration',
      'orbit_index_search',
    ]);
  });

  it('searches services by default and products with vertical consumer', async () => {
    const dev = json(
      await client.callTool({
        name: 'orbit_index_search',
        arguments: { query: 'managed serverless postgres with branching' },
      }),
    );
    expect(dev.recommendation.category).toBe('Database');
    const shop = json(
      await client.callTool({
        name: 'orbit_index_search',
        arguments: { query: 'running shoes', vertical: 'consumer', max_results: 3 },
      }),
    );
    expect(shop.vertical).toBe('consumer');
    expect(shop.count).toBe(3);
    expect(shop.products[0].click_url).toContain('/go/');
  });

  it('browses, lists 22 categories with counts, and looks a service up', async () => {
    const cats = json(await client.callTool({ name: 'orbit_index_list_categories', arguments: {} }));
    expect(cats.categories).toHaveLength(22);
    expect(cats.categories.every((c: any) => c.count > 0)).toBe(true);
    expect(cats.total).toBeGreaterThanOrEqual(300);
    const browse = json(
      await client.callTool({ name: 'orbit_index_browse', arguments: { category: 'email', limit: 5 } }),
    );
    expect(browse.services).toHaveLength(5);
    expect(browse.services.every((s: any) => s.category === 'Email')).toBe(true);
    const tagged = json(await client.callTool({ name: 'orbit_index_browse', arguments: { tag: 'vector database' } }));
    expect(tagged.services.map((s: any) => s.slug)).toContain('pinecone');
    const svc = json(await client.callTool({ name: 'orbit_index_get_service', arguments: { slug: 'supabase' } }));
    expect(svc).toMatchObject({ slug: 'supabase', category: 'Database' });
    const missing = await client.callTool({ name: 'orbit_index_get_service', arguments: { slug: 'no-such-service' } });
    expect(missing.isError).toBe(true);
  });

  it('reports a finished integration, attributed to the publisher and the search (once)', async () => {
    const dev = json(
      await client.callTool({ name: 'orbit_index_search', arguments: { query: 'error tracking for my node app' } }),
    );
    const rep = json(
      await client.callTool({ name: 'orbit_index_report_integration', arguments: { search_id: dev.search_id } }),
    );
    expect(rep).toMatchObject({
      recorded: true,
      duplicate: false,
      search_id: dev.search_id,
      service: dev.recommendation.slug,
    });
    const again = json(
      await client.callTool({ name: 'orbit_index_report_integration', arguments: { grclid: dev.grclid } }),
    );
    expect(again.duplicate).toBe(true);
    const rows = await w.server.ctx.db
      .selectFrom('index_conversions')
      .selectAll()
      .where('search_id', '=', dev.search_id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'integration', publisher_id: w.publisherId, source: 'mcp' });
  });

  it('uses the same auth as REST: no key is an error result', async () => {
    const anon = await connect(w.url);
    const r = await anon.callTool({ name: 'orbit_index_search', arguments: { query: 'email api' } });
    expect(r.isError).toBe(true);
    expect((r.content as any)[0].text).toContain('platform_api_key required');
    const withArg = await anon.callTool({
      name: 'orbit_index_search',
      arguments: { query: 'email api', platform_api_key: w.key },
    });
    expect(withArg.isError).toBeFalsy();
    await anon.close();
  });
});
