import { BROWSER_UA, MOBILE_UA, adRequestBody, requestAd } from '../helpers.js';

/** GET a JSON endpoint with a key; returns status and body. */
export async function getJson(
  url: string,
  key: string | undefined,
  path: string,
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${url}${path}`, { headers: key ? { 'x-api-key': key } : {} });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export async function postJson(
  url: string,
  key: string | undefined,
  path: string,
  body: unknown,
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export interface ServedAd {
  impUrl: string;
  clickUrl: string;
  campaignId: string;
  placement: string;
}

/** Serve one ad (through POST /api/v1/ad) and optionally fire its impression and click, as a browser would. */
export async function serveAndTrack(
  url: string,
  publisherKey: string,
  opts: { imp?: boolean; click?: boolean; mobile?: boolean; country?: string; body?: Record<string, unknown> } = {},
): Promise<ServedAd | null> {
  const ua = opts.mobile ? MOBILE_UA : BROWSER_UA;
  const body = {
    ...adRequestBody(),
    ...(opts.body ?? {}),
    device: { ua, ...(opts.country ? { country: opts.country } : {}) },
  };
  const res = await requestAd(url, publisherKey, body);
  if (res.status === 204) return null;
  const ads = (await res.json()) as ServedAd[];
  const ad = ads[0];
  const headers = { 'user-agent': ua, ...(opts.country ? {} : {}) };
  if (opts.imp) expectOk(await fetch(ad.impUrl, { headers }));
  if (opts.click) {
    const r = await fetch(ad.clickUrl, { headers, redirect: 'manual' });
    if (r.status !== 302) throw new Error(`click answered ${r.status}`);
  }
  return ad;
}

function expectOk(r: Response): void {
  if (r.status !== 200) throw new Error(`impression answered ${r.status}`);
}
