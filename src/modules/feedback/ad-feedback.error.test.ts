import { beforeAll, describe, expect, it } from 'vitest';
import { seedWorld, type World } from '../../../test/helpers.js';
import { useSeededServer } from '../../../test/fixtures/seeded-server.js';
import { postJson, serveAndTrack } from '../../../test/fixtures/reporting.js';

describe('POST /ad-feedback: bad input', () => {
  const env = useSeededServer();
  let other: World;
  let impUrl: string;
  beforeAll(async () => {
    other = await seedWorld(env.s.ctx);
    impUrl = (await serveAndTrack(env.s.url, env.w.publisherKey, {}))!.impUrl;
  });

  const ok = () => ({ sessionId: 's1', impUrl, sentiment: 'thumbs_up' });

  it('422 when impUrl cannot be decrypted or is not this publisher’s ad', async () => {
    const tampered = impUrl.replace(/p=(.)/, (_m, c: string) => `p=${c === 'A' ? 'B' : 'A'}`);
    for (const bad of [
      tampered,
      'https://example.com/track/imp',
      'not a url at all',
      `${impUrl.split('?')[0]}?p=garbage`,
    ]) {
      const r = await postJson(env.s.url, env.w.publisherKey, '/ad-feedback', { ...ok(), impUrl: bad });
      expect(r.status, bad).toBe(422);
      expect(r.body.message).toContain('impUrl');
    }
    const foreign = await postJson(env.s.url, other.publisherKey, '/ad-feedback', ok());
    expect(foreign.status).toBe(422);
    expect(foreign.body.message).toContain('not an ad served to this publisher');
  });

  it('422 names the field for invalid bodies', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok(), sentiment: 'meh' }, 'sentiment'],
      [{ ...ok(), comment: 'x'.repeat(1001) }, 'comment'],
      [{ impUrl, sentiment: 'thumbs_up' }, 'sessionId'],
      [{ sessionId: 's', sentiment: 'thumbs_up' }, 'impUrl'],
      [{ ...ok(), reasons: 'irrelevant' }, 'reasons'],
      [{ ...ok(), device: 'iphone' }, 'device'],
    ];
    for (const [body, field] of cases) {
      const r = await postJson(env.s.url, env.w.publisherKey, '/ad-feedback', body);
      expect(r.status, field).toBe(422);
      expect(r.body.message).toContain(field);
    }
    expect(
      (await postJson(env.s.url, env.w.publisherKey, '/ad-feedback', { ...ok(), comment: 'x'.repeat(1000) })).status,
    ).toBe(200);
  });

  it('401 without a publisher key', async () => {
    expect((await postJson(env.s.url, undefined, '/ad-feedback', ok())).status).toBe(401);
    expect((await postJson(env.s.url, env.w.advertiserKey, '/ad-feedback', ok())).status).toBe(401);
  });
});
