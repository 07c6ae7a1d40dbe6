import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ManualClock } from '../../lib/clock.js';
import { seedWorld, startTestServer, type TestServer, type World } from '../../../test/helpers.js';
import { getJson, serveAndTrack } from '../../../test/fixtures/reporting.js';

async function connect(url: string, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'orbit-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } }));
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const r = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: { type: string; text: string }[];
  };
  return { isError: r.isError === true, body: JSON.parse(r.content[0].text) };
}

const PUBLISHER_TOOLS = [
  'publisher_get_activity',
  'publisher_get_countries',
  'publisher_get_devices',
  'publisher_get_geography',
  'publisher_get_info',
  'publisher_get_placements',
  'publisher_get_stats',
];

describe('MCP tool server', () => {
  let s: TestServer;
  let w: World;
  let other: World;
  const clock = new ManualClock(Date.UTC(2026, 7, 3, 18, 40));
  beforeAll(async () => {
    s = await startTestServer({}, { clock });
    w = await seedWorld(s.ctx);
    other = await seedWorld(s.ctx);
    for (let i = 0; i < 3; i++) {
      await serveAndTrack(s.url, w.publisherKey, { imp: true, click: i === 0 });
      clock.advance(25 * 60_000);
    }
  });
  afterAll(() => s.stop());

  it('a publisher key (X-API-Key) lists exactly the seven publisher tools, with JSON Schemas of the query parameters', async () => {
    const client = await connect(s.url, { 'x-api-key': w.publisherKey });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(PUBLISHER_TOOLS);
    const stats = tools.find((t) => t.name === 'publisher_get_stats')!;
    expect(stats.inputSchema.properties).toHaveProperty('tz');
    expect(stats.inputSchema.properties).toHaveProperty('days');
    expect(stats.inputSchema.properties).toHaveProperty('start_date');
    expect(stats.inputSchema.additionalProperties).toBe(false);
    await client.close();
  });

  it('publisher tools return exactly the REST responses, with the same totals across stats, activity and the tools', async () => {
    const client = await connect(s.url, { authorization: `Bearer ${w.publisherKey}` });
    const pairs: [string, Record<string, unknown>, string][] = [
      ['publisher_get_info', {}, '/publisher-dashboard/info'],
      ['publisher_get_stats', { days: 5, tz: 'Asia/Kathmandu' }, '/publisher-dashboard/stats?days=5&tz=Asia/Kathmandu'],
      [
        'publisher_get_activity',
        { start_date: '2026-08-01', end_date: '2026-08-04', tz: 'America/Los_Angeles' },
        '/publisher-dashboard/activity?start_date=2026-08-01&end_date=2026-08-04&tz=America/Los_Angeles',
      ],
      ['publisher_get_placements', {}, '/publisher-dashboard/placements'],
      ['publisher_get_devices', { days: 3 }, '/publisher-dashboard/devices?days=3'],
      ['publisher_get_geography', {}, '/publisher-dashboard/geography'],
      ['publisher_get_countries', { limit: 3 }, '/publisher-dashboard/countries?limit=3'],
    ];
    for (const [tool, args, path] of pairs) {
      const viaTool = await call(client, tool, args);
      const viaRest = await getJson(s.url, w.publisherKey, path);
      expect(viaTool.isError, tool).toBe(false);
      expect(viaTool.body, tool).toEqual(viaRest.body);
    }
    const stats = await call(client, 'publisher_get_stats', { days: 5, tz: 'Asia/Kathmandu' });
    const activity = await call(client, 'publisher_get_activity', { days: 5, tz: 'Asia/Kathmandu' });
    expect(stats.body.totalImpressions).toBe(3);
    expect(activity.body.total_impressions).toBe(stats.body.totalImpressions);
    await client.close();
  });

  it('an advertiser key sees only the advertiser tools and its own data', async () => {
    const client = await connect(s.url, { 'x-api-key': w.advertiserKey });
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names.sort()).toEqual([
      'advertiser_get_ad_group_metrics',
      'advertiser_get_billing',
      'advertiser_get_campaign',
      'advertiser_get_conversion_stats',
      'advertiser_get_conversions',
      'advertiser_get_events_analytics',
      'advertiser_get_info',
      'advertiser_get_integrations',
      'advertiser_get_metrics',
      'advertiser_list_campaigns',
    ]);
    const pairs: [string, Record<string, unknown>, string][] = [
      ['advertiser_get_info', {}, '/advertiser-dashboard/info'],
      ['advertiser_list_campaigns', {}, '/advertiser-dashboard/campaigns'],
      ['advertiser_list_campaigns', { status: 'active' }, '/advertiser-dashboard/campaigns?status=active'],
      ['advertiser_get_campaign', { campaign_id: w.campaignId }, `/advertiser-dashboard/campaigns/${w.campaignId}`],
      ['advertiser_get_conversions', { limit: 5 }, '/advertiser-dashboard/conversions?limit=5'],
      ['advertiser_get_events_analytics', { days: 7 }, '/advertiser-dashboard/events/analytics?days=7'],
      ['advertiser_get_conversion_stats', { days: 7 }, '/advertiser-dashboard/events/conversion-stats?days=7'],
      ['advertiser_get_integrations', {}, '/advertiser-dashboard/integrations'],
      ['advertiser_get_billing', {}, '/advertiser-dashboard/billing'],
    ];
    for (const [tool, args, path] of pairs) {
      const viaTool = await call(client, tool, args);
      const viaRest = await getJson(s.url, w.advertiserKey, path);
      expect(viaRest.status, path).toBe(200);
      expect(viaTool.isError, tool).toBe(false);
      if (tool === 'advertiser_get_billing') {
        delete viaTool.body.last_spend_sync_at;
        delete viaRest.body.last_spend_sync_at;
      }
      expect(viaTool.body, tool).toEqual(viaRest.body);
    }
    const campaign = await call(client, 'advertiser_get_campaign', { campaign_id: w.campaignId });
    expect(campaign.body).toMatchObject({ campaign_id: w.campaignId, impressions: 3 });
    const metrics = await call(client, 'advertiser_get_metrics', { days: 2, campaign_id: w.campaignId });
    expect(metrics.body).toEqual(
      (await getJson(s.url, w.advertiserKey, `/advertiser-dashboard/metrics?days=2&campaign_id=${w.campaignId}`)).body,
    );
    expect(metrics.body.total_impressions).toBe(3);
    const groups = await call(client, 'advertiser_get_ad_group_metrics', {});
    expect(groups.body).toEqual((await getJson(s.url, w.advertiserKey, '/advertiser-dashboard/ad-group-metrics')).body);
    const billing = await call(client, 'advertiser_get_billing');
    expect(billing.body.credits_dollars).toBe(500);
    // Another account's campaign is not found, as over REST.
    const foreign = await call(client, 'advertiser_get_metrics', { campaign_id: other.campaignId });
    expect(foreign.isError).toBe(true);
    expect(foreign.body).toMatchObject({ statusCode: 404 });
    // A publisher tool is unknown to an advertiser key.
    const r = (await client.callTool({ name: 'publisher_get_info', arguments: {} })) as { isError?: boolean };
    expect(r.isError).toBe(true);
    await client.close();
  });

  it('bad tool arguments are tool errors naming the parameter', async () => {
    const client = await connect(s.url, { 'x-api-key': w.publisherKey });
    for (const [args, field] of [
      [{ tz: 'Mars/Base' }, 'tz'],
      [{ days: 0 }, 'days'],
      [{ start_date: '2026-02-30', end_date: '2026-03-01' }, 'start_date'],
      [{ bogus: 1 }, 'bogus'],
    ] as const) {
      const r = (await client.callTool({ name: 'publisher_get_stats', arguments: args })) as {
        isError?: boolean;
        content: { text: string }[];
      };
      expect(r.isError, JSON.stringify(args)).toBe(true);
      expect(r.content[0].text).toContain(field);
    }
    await client.close();
  });

  it('401 without a valid key', async () => {
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    for (const headers of [
      {},
      { 'x-api-key': 'orb_pub_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      { authorization: 'Bearer nope' },
    ] as Record<string, string>[]) {
      const res = await fetch(`${s.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify(init),
      });
      expect(res.status).toBe(401);
    }
    await expect(connect(s.url, {})).rejects.toThrow();
  });
});
