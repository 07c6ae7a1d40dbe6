import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleVerifications, verifyPixel } from './service.js';
import { isPublicAddress } from '../creative/fetch.js';
import type { TestServer } from '../../../test/helpers.js';
import { client, newAdvertiser, startAdvServer, type Adv, type Api } from '../../../test/fixtures/advertiser-api.js';

describe('pixels: bad input', () => {
  let s: TestServer;
  let adv: Adv;
  let api: Api;
  beforeAll(async () => {
    s = await startAdvServer({ fetchPrivateHosts: false });
    adv = await newAdvertiser(s);
    api = client(s, adv.key);
  });
  afterAll(async () => {
    await settleVerifications();
    await s.stop();
  });

  it('invalid URLs are 422 naming url', async () => {
    for (const url of [
      '',
      'not a url',
      'ftp://files.example.com',
      'javascript:alert(1)',
      'https://',
      'https://user:pw@example.com',
      'http://exa mple.com',
      'nodot',
    ]) {
      const res = await api('POST', '/advertiser-dashboard/pixels', { url });
      expect(res.status, url).toBe(422);
      expect(res.body.details[0].field).toBe('url');
    }
    for (const body of [
      {},
      { url: 42 },
      { url: 'https://ok.example.com', name: '' },
      { url: 'https://ok.example.com', extra: 1 },
    ]) {
      expect((await api('POST', '/advertiser-dashboard/pixels', body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await api('GET', '/advertiser-dashboard/pixels')).body).toEqual([]);
  });

  it('an existing URL is 409 (after normalisation); another account may register it', async () => {
    expect((await api('POST', '/advertiser-dashboard/pixels', { url: 'https://dup.example.com' })).status).toBe(201);
    expect((await api('POST', '/advertiser-dashboard/pixels', { url: 'dup.example.com/' })).status).toBe(409);
    expect((await api('POST', '/advertiser-dashboard/pixels', { url: 'HTTPS://DUP.example.com' })).status).toBe(409);
    const other = await newAdvertiser(s);
    expect(
      (await client(s, other.key)('POST', '/advertiser-dashboard/pixels', { url: 'https://dup.example.com' })).status,
    ).toBe(201);
  });

  it('the verifier refuses private addresses unless allowed, and records why', async () => {
    expect(isPublicAddress('127.0.0.1')).toBe(false);
    expect(isPublicAddress('10.1.2.3')).toBe(false);
    expect(isPublicAddress('::ffff:192.168.1.1')).toBe(false);
    expect(isPublicAddress('169.254.169.254')).toBe(false);
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    const p = (await api('POST', '/advertiser-dashboard/pixels', { url: 'http://127.0.0.1:9/' })).body;
    await settleVerifications();
    const row = (await s.ctx.db.selectFrom('pixels').selectAll().where('id', '=', p.pixel_id).executeTakeFirst())!;
    expect(row.is_functional).toBe(0);
    expect(row.verification_error).toMatch(/private or local network/);
    expect(await verifyPixel(s.ctx, row)).toBe(false);
  });
});
