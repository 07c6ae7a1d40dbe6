import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../server.js';
import { BACKEND, dropStorage, seedWorld, testConfig } from '../../../test/helpers.js';
import { useTwoTenants } from '../../../test/fixtures/seeded-server.js';
import {
  clickThrough,
  dashboard,
  purchase,
  sendEvents,
  SKILLETS,
  type GatewayOut,
} from '../../../test/fixtures/conversions.js';

const PII = {
  email: 'Grace.Hopper.Secret@navy-example.org',
  phone: '+1 (202) 555-0147',
  phoneDigits: '12025550147',
  first: 'Gracelyn',
  last: 'Hopperstein',
  external: 'CUSTOMER-77431-XQ',
};
const needles = [
  PII.email,
  PII.email.toLowerCase(),
  PII.phone,
  PII.phoneDigits,
  '2025550147',
  PII.first,
  PII.first.toLowerCase(),
  PII.last,
  PII.last.toLowerCase(),
  PII.external,
];

describe('conversion gateway: security', () => {
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const env = useTwoTenants(SKILLETS, { logLevel: 'trace' }, { log: pino({ level: 'trace' }, sink) });

  it("never attributes to another advertiser's click, and never shows one tenant's conversions to another", async () => {
    const attrA = await clickThrough(env.s, env.a);
    const res = await sendEvents(env.s, env.b.advertiserKey, {
      data: [purchase(env.s, { event_id: 'steal-1' }, attrA)],
    });
    expect(((await res.json()) as GatewayOut).results[0]).toEqual({
      event_id: 'steal-1',
      status: 'ok',
      attributed: false,
    });
    const row = await env.s.ctx.db
      .selectFrom('conversions')
      .selectAll()
      .where('event_id', '=', 'steal-1')
      .executeTakeFirstOrThrow();
    expect(row.campaign_id).toBeNull();
    expect(row.advertiser_id).toBe(env.b.advertiserId);
    const listA = (await (await dashboard(env.s, env.a.advertiserKey, '/advertiser-dashboard/conversions')).json()) as {
      conversions: { conversion_id: string }[];
    };
    expect(listA.conversions.map((c) => c.conversion_id)).not.toContain(row.id);
    expect(
      (await dashboard(env.s, env.b.advertiserKey, `/advertiser-dashboard/conversions?campaign_id=${env.a.campaignId}`))
        .status,
    ).toBe(404);
    // The same event id is a different key for another advertiser.
    const again = await sendEvents(env.s, env.a.advertiserKey, {
      data: [purchase(env.s, { event_id: 'steal-1' }, attrA)],
    });
    expect(((await again.json()) as GatewayOut).results[0]).toEqual({
      event_id: 'steal-1',
      status: 'ok',
      attributed: true,
    });
  });

  it('refuses forged signatures and tampered ids: the conversion is stored unattributed', async () => {
    const attr = await clickThrough(env.s, env.a);
    const forged = { ...attr, grsig: attr.grsig.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) };
    const otherAd = { ...attr, gradid: '00000000-0000-7000-8000-000000000000' };
    const unknown = { grclid: '01900000-0000-7000-8000-000000000000' };
    // As many characters as the real one but more bytes, and a truncated one: refused, never an error.
    const multibyte = { ...attr, grsig: attr.grsig.replace(/^./, 'é') };
    const short = { ...attr, grsig: attr.grsig.slice(1) };
    const res = await sendEvents(env.s, env.a.advertiserKey, {
      data: [
        purchase(env.s, { event_id: 'f-1' }, forged),
        purchase(env.s, { event_id: 'f-2' }, otherAd),
        purchase(env.s, { event_id: 'f-3' }, unknown),
        purchase(env.s, { event_id: 'f-4' }, multibyte),
        purchase(env.s, { event_id: 'f-5' }, short),
      ],
    });
    const body = (await res.json()) as GatewayOut;
    expect(body.results.map((r) => [r.status, r.attributed])).toEqual(Array.from({ length: 5 }, () => ['ok', false]));
    const ids = ['f-1', 'f-2', 'f-3', 'f-4', 'f-5'];
    const notes = await env.s.ctx.db
      .selectFrom('conversions')
      .select(['event_id', 'attribution_note'])
      .where('event_id', 'in', ids)
      .orderBy('event_id')
      .execute();
    expect(notes.map((n) => n.attribution_note)).toEqual([
      'bad_signature',
      'ids_mismatch',
      'click_not_found',
      'bad_signature',
      'bad_signature',
    ]);
  });

  it('deduplicates concurrent requests carrying the same event: exactly one is stored', async () => {
    const e = purchase(env.s, { event_id: 'race-1' });
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        sendEvents(env.s, env.a.advertiserKey, { data: [e] }).then((r) => r.json() as Promise<GatewayOut>),
      ),
    );
    const statuses = results.map((r) => r.results[0].status);
    expect(statuses.filter((x) => x === 'ok')).toHaveLength(1);
    expect(statuses.filter((x) => x === 'duplicate')).toHaveLength(11);
    expect(
      await env.s.ctx.db.selectFrom('conversions').select('id').where('event_id', '=', 'race-1').execute(),
    ).toHaveLength(1);
  });

  it('stores and logs no plaintext personal data: the whole database and the log output are scanned', async () => {
    const attr = await clickThrough(env.s, env.a);
    const res = await sendEvents(
      env.s,
      env.a.advertiserKey,
      {
        data: [
          purchase(
            env.s,
            { event_id: 'pii-1' },
            { ...attr, em: [PII.email], ph: [PII.phone], fn: PII.first, ln: PII.last, external_id: [PII.external] },
          ),
          purchase(
            env.s,
            {
              event_id: 'pii-2',
              event_source_url: `https://shoes.example.com/thanks?email=${encodeURIComponent(PII.email)}&e=${PII.email}#${PII.first}`,
            },
            { em: [PII.email.toLowerCase()], ph: [PII.phoneDigits] },
          ),
          purchase(env.s, { event_id: 'pii-3' }, { em: [PII.email], ph: ['not a phone'] }), // an error result must not echo the values either
        ],
      },
      'query',
    );
    const body = (await res.json()) as GatewayOut;
    expect(body.results.map((r) => r.status)).toEqual(['ok', 'ok', 'error']);
    for (const n of needles) expect(JSON.stringify(body)).not.toContain(n);
    await env.s.ctx.journal.drain();

    if (BACKEND === 'sqlite') {
      const dir = env.s.config.dataDir;
      const files = fs.readdirSync(dir).filter((f) => f.startsWith(env.s.config.sqliteFile));
      expect(files.some((f) => f.endsWith('-wal'))).toBe(true);
      for (const f of files) {
        const bytes = fs.readFileSync(path.join(dir, f));
        for (const n of needles) expect(bytes.includes(Buffer.from(n, 'utf8')), `${n} in ${f}`).toBe(false);
      }
    } else {
      const c = new pg.Client({ connectionString: env.s.config.databaseUrl });
      await c.connect();
      try {
        const cols = await c.query(
          `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = $1 AND data_type IN ('text', 'character varying')`,
          [env.s.config.databaseSchema],
        );
        expect(cols.rows.length).toBeGreaterThan(20);
        const patterns = needles.map((n) => `%${n}%`);
        for (const { table_name, column_name } of cols.rows as { table_name: string; column_name: string }[]) {
          const hit = await c.query(
            `SELECT "${column_name}" AS v FROM ${env.s.config.databaseSchema}."${table_name}" WHERE "${column_name}" ILIKE ANY($1::text[]) LIMIT 1`,
            [patterns],
          );
          expect(
            hit.rowCount,
            `personal data in ${table_name}.${column_name}: ${String(hit.rows[0]?.v).slice(0, 80)}`,
          ).toBe(0);
        }
      } finally {
        await c.end();
      }
    }
    const logText = logs.join('');
    expect(logText).toContain('/gateway/events'); // the request was logged…
    for (const n of needles) expect(logText).not.toContain(n); // …without personal data
    expect(logText).not.toContain(env.a.advertiserKey);
  });
});

describe('conversion gateway: dedup across instances sharing one database', () => {
  it('two servers on the same storage store a concurrently sent event once', async () => {
    const config = testConfig();
    const one = await startServer(config);
    const two = await startServer(config);
    try {
      const w = await seedWorld(one.ctx);
      const e = {
        event_name: 'Purchase',
        event_time: Math.floor(Date.now() / 1000),
        event_id: 'cross-1',
        action_source: 'website',
        user_data: {},
      };
      const send = (url: string) =>
        fetch(`${url}/gateway/events`, {
          method: 'POST',
          headers: { authorization: `Bearer ${w.advertiserKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ data: [e] }),
        }).then((r) => r.json() as Promise<GatewayOut>);
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => send(i % 2 ? one.url : two.url)));
      const statuses = results.map((r) => r.results[0].status);
      expect(statuses.filter((x) => x === 'ok')).toHaveLength(1);
      expect(statuses.filter((x) => x === 'duplicate')).toHaveLength(9);
      expect(
        await one.ctx.db.selectFrom('conversions').select('id').where('event_id', '=', 'cross-1').execute(),
      ).toHaveLength(1);
    } finally {
      await two.close();
      await one.close();
      await dropStorage(config);
    }
  });
});
