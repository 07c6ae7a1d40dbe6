import { createHmac } from 'node:crypto';
import { adRequestBody, BROWSER_UA, requestAd, RUNNING_CAMPAIGN, type TestServer, type World } from '../helpers.js';
import type { SeedCampaign } from '../../src/modules/campaigns/seed.js';

/** Serve an ad and click it through the real redirect; returns the landing URL's attribution parameters. */
export async function clickThrough(s: TestServer, w: World, question?: string): Promise<Record<string, string>> {
  const res = await requestAd(s.url, w.publisherKey, question ? adRequestBody(question) : undefined);
  if (res.status !== 200) throw new Error(`ad request gave ${res.status}`);
  const ads = (await res.json()) as { impUrl: string; clickUrl: string }[];
  // The ad is seen, then clicked: a click without its impression is invalid traffic (issue 25).
  const seen = await fetch(ads[0].impUrl, { headers: { 'user-agent': BROWSER_UA } });
  if (seen.status !== 200) throw new Error(`impression gave ${seen.status}`);
  const click = await fetch(ads[0].clickUrl, { headers: { 'user-agent': BROWSER_UA }, redirect: 'manual' });
  if (click.status !== 302) throw new Error(`click gave ${click.status}`);
  const loc = new URL(click.headers.get('location')!);
  const out: Record<string, string> = {};
  for (const k of ['grclid', 'grcpid', 'grpuid', 'gradid', 'grsig', 'graid']) out[k] = loc.searchParams.get(k) ?? '';
  return out;
}

export async function sendEvents(
  s: TestServer,
  key: string,
  body: unknown,
  how: 'query' | 'bearer' = 'bearer',
): Promise<Response> {
  const url =
    how === 'query' ? `${s.url}/gateway/events?api_key=${encodeURIComponent(key)}` : `${s.url}/gateway/events`;
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(how === 'bearer' ? { authorization: `Bearer ${key}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function purchase(s: TestServer, extra: Record<string, unknown> = {}, userData: Record<string, unknown> = {}) {
  return {
    event_name: 'Purchase',
    event_time: Math.floor(s.ctx.clock.now() / 1000),
    action_source: 'website',
    event_source_url: 'https://shoes.example.com/checkout/done',
    user_data: { em: ['buyer@example.com'], ...userData },
    custom_data: { value: 49.99, currency: 'usd', order_id: `o-${Math.random().toString(36).slice(2)}` },
    ...extra,
  };
}

export interface GatewayOut {
  events_received: number;
  events_processed: number;
  events_errored: number;
  test_mode: boolean;
  results: { event_id: string; status: string; attributed: boolean; error?: string }[];
}

export async function dashboard(s: TestServer, key: string, path: string): Promise<Response> {
  return fetch(`${s.url}${path}`, { headers: { 'x-api-key': key } });
}

/** A campaign about one topic, so several worlds in one server each win their own conversations. */
export function topicCampaign(topic: string, words: string): SeedCampaign {
  return {
    ...RUNNING_CAMPAIGN,
    name: topic,
    groups: [
      {
        ...RUNNING_CAMPAIGN.groups[0],
        name: topic,
        context: words,
        brand_name: topic,
        ads: [{ headline: topic, copy: `All about ${words}`, cta: 'Go' }],
      },
    ],
  };
}

/** A Shopify OAuth callback query signed as Shopify signs it (hex HMAC of the sorted parameters). */
export function shopifyCallbackQuery(
  appSecret: string,
  shop: string,
  state: string,
  nowS: number,
  code = 'good-code',
): string {
  const q: Record<string, string> = {
    code,
    host: Buffer.from(`${shop}/admin`).toString('base64url'),
    shop,
    state,
    timestamp: String(nowS),
  };
  const message = Object.keys(q)
    .sort()
    .map((k) => `${k}=${q[k]}`)
    .join('&');
  q.hmac = createHmac('sha256', appSecret).update(message).digest('hex');
  return new URLSearchParams(q).toString();
}
