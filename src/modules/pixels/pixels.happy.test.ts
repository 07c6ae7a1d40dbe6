import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markPixelSeen, settleVerifications } from './service.js';
import type { TestServer } from '../../../test/helpers.js';
import { client, newAdvertiser, startAdvServer, type Adv, type Api } from '../../../test/fixtures/advertiser-api.js';

describe('pixels', () => {
  let s: TestServer;
  let adv: Adv;
  let api: Api;
  let site: http.Server;
  let origin: string;
  beforeAll(async () => {
    s = await startAdvServer();
    adv = await newAdvertiser(s);
    api = client(s, adv.key);
    // A site on 127.0.0.1: /installed carries the snippet, /bare does not, /moved redirects to /installed.
    site = http.createServer((req, res) => {
      if (req.url === '/installed') {
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            `<html><head><script async src="${s.ctx.urls.pixelScript}" data-advertiser-id="${adv.id}"></script></head></html>`,
          );
      } else if (req.url === '/moved') res.writeHead(301, { location: '/installed' }).end();
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>no pixel here</body></html>');
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await settleVerifications();
    await s.stop();
    site.closeAllConnections();
    await new Promise((r) => site.close(r));
  });

  it('creates with is_functional null, then the background check finds the snippet', async () => {
    const res = await api('POST', '/advertiser-dashboard/pixels', { url: `${origin}/installed`, name: 'Shop pixel' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Shop pixel',
      url: `${origin}/installed`,
      domain: '127.0.0.1',
      is_functional: null,
      last_checked_at: null,
    });
    expect(res.body.snippet).toContain(s.ctx.urls.pixelScript);
    expect(res.body.snippet).toContain(adv.id);
    await settleVerifications();
    const [p] = (await api('GET', '/advertiser-dashboard/pixels')).body;
    expect(p).toMatchObject({ pixel_id: res.body.pixel_id, is_functional: true, verification_error: null });
    expect(p.last_checked_at).toMatch(/^\d{4}-/);
  });

  it('a page without the snippet is not functional; redirects are followed', async () => {
    const bare = (await api('POST', '/advertiser-dashboard/pixels', { url: `${origin}/bare` })).body;
    expect(bare.name).toBe('Untitled Pixel');
    const moved = (await api('POST', '/advertiser-dashboard/pixels', { url: `${origin}/moved` })).body;
    await settleVerifications();
    const list = (await api('GET', '/advertiser-dashboard/pixels')).body;
    expect(list.find((p: any) => p.pixel_id === bare.pixel_id)).toMatchObject({
      is_functional: false,
      verification_error: expect.stringContaining('pixel snippet is not on it'),
    });
    expect(list.find((p: any) => p.pixel_id === moved.pixel_id).is_functional).toBe(true);
  });

  it('prepends https:// when no scheme is given', async () => {
    const res = await api('POST', '/advertiser-dashboard/pixels', { url: 'Shop.Example.com/checkout' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ url: 'https://shop.example.com/checkout', domain: 'shop.example.com' });
  });

  it('a pixel that received events is functional, whatever the page check says', async () => {
    const other = await newAdvertiser(s);
    const oapi = client(s, other.key);
    const p = (await oapi('POST', '/advertiser-dashboard/pixels', { url: `${origin}/bare` })).body;
    await settleVerifications();
    expect((await oapi('GET', '/advertiser-dashboard/pixels')).body[0].is_functional).toBe(false);
    await markPixelSeen(s.ctx, adv.id, '127.0.0.1'); // another advertiser's event changes nothing here
    expect((await oapi('GET', '/advertiser-dashboard/pixels')).body[0].is_functional).toBe(false);
    await markPixelSeen(s.ctx, other.id, 'https://127.0.0.1/thanks');
    const seen = (await oapi('GET', '/advertiser-dashboard/pixels')).body[0];
    expect(seen).toMatchObject({ pixel_id: p.pixel_id, is_functional: true });
    expect(seen.last_event_at).toMatch(/^\d{4}-/);
  });
});
