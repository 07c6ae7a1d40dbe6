/**
 * Campaign creation with 10 ad groups × 20 authored ads, end to end over HTTP
 * (auth, validation, one transaction, response with every group and ad),
 * against a baseline measured in the same run: the same 211 rows inserted
 * with raw prepared SQL in one transaction on the same database.
 *
 *   npx tsx bench/campaigns-create.ts [iterations=200]
 *
 * SQLite with its default synchronous=NORMAL (docs/decisions/0006): commits are not fsynced.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import * as accounts from '../src/modules/accounts/service.js';
import { newId } from '../src/lib/ids.js';
import { writeResult } from './lib/results.js';

const N = Number(process.argv[2] ?? 200);
const GROUPS = 10;
const ADS = 20;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

function body(i: number) {
  return {
    name: `Bench campaign ${i}`,
    landing_page: 'https://bench.example.com/',
    daily_budget: 100,
    max_cpc: 0.5,
    utm_params: [{ key: 'utm_source', value: 'orbit' }],
    ad_groups: Array.from({ length: GROUPS }, (_, g) => ({
      name: `Group ${g}`,
      group_type: 'manual',
      context: `topic ${g} running shoes trail marathon`,
      ads: Array.from({ length: ADS }, (_, a) => ({
        headline: `Headline ${g}-${a} for trail runners`,
        copy: `Copy ${g}-${a}: light shoes with grip for long trail runs.`,
        cta: 'Shop now',
      })),
    })),
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-create-'));
  const server = await startServer(loadConfig({ dataDir, port: 0, logLevel: 'silent' }, {}));
  try {
    const { advertiser, apiKey } = await accounts.createAdvertiser(server.ctx, {
      name: 'Bench',
      hasPaymentMethod: true,
    });
    const post = async (i: number) => {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/advertiser-dashboard/campaigns`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body(i)),
      });
      const out = (await res.json()) as { ad_groups?: { ads_total: number }[] };
      const ms = performance.now() - t0;
      if (res.status !== 201 || out.ad_groups?.length !== GROUPS || out.ad_groups[0].ads_total !== ADS)
        throw new Error(`unexpected ${res.status}`);
      return ms;
    };
    for (let i = 0; i < 10; i++) await post(-1 - i); // warm-up

    // Baseline: the same rows with raw prepared statements in one transaction.
    const sqlite = server.ctx.database.sqlite!;
    const insC = sqlite.prepare(
      `INSERT INTO campaigns (id, advertiser_id, name, status, is_active, is_archived, daily_budget_micros, landing_page, max_cpc_micros, utm_params_json, deployment_status, review_status, created_at, updated_at)
       VALUES (?, ?, ?, 'draft', 0, 0, 100000000, 'https://bench.example.com/', 500000, '[{"key":"utm_source","value":"orbit"}]', 'not_deployed', 'not_submitted', ?, ?)`,
    );
    const insG = sqlite.prepare(
      `INSERT INTO ad_groups (id, campaign_id, advertiser_id, name, group_type, status, context, brand_name, auto_optimize_budget, sort_order, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'manual', 'active', ?, 'bench.example.com', 1, ?, ?, ?)`,
    );
    const insA = sqlite.prepare(
      `INSERT INTO ads (id, ad_group_id, campaign_id, advertiser_id, headline, copy, cta, source, status, review_status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 'Shop now', 'manual', 'active', 'pending', ?, ?)`,
    );
    const raw = sqlite.transaction((i: number) => {
      const now = Date.now();
      const cid = newId();
      insC.run(cid, advertiser.id, `Raw campaign ${i}`, now, now);
      for (let g = 0; g < GROUPS; g++) {
        const gid = newId();
        insG.run(gid, cid, advertiser.id, `Group ${g}`, `topic ${g} running shoes trail marathon`, g, now, now);
        for (let a = 0; a < ADS; a++) {
          insA.run(
            newId(),
            gid,
            cid,
            advertiser.id,
            `Headline ${g}-${a} for trail runners`,
            `Copy ${g}-${a}: light shoes with grip for long trail runs.`,
            now,
            now,
          );
        }
      }
    });

    const api: number[] = [];
    const base: number[] = [];
    for (let i = 0; i < N; i++) {
      api.push(await post(i));
      const t0 = performance.now();
      raw.immediate(i);
      base.push(performance.now() - t0);
    }
    const row = (label: string, xs: number[]) =>
      `${label.padEnd(34)} p50 ${pct(xs, 50).toFixed(2)} ms   p95 ${pct(xs, 95).toFixed(2)} ms`;
    console.log(
      `campaign with ${GROUPS} ad groups × ${ADS} ads, ${N} iterations, SQLite synchronous=${server.ctx.config.sqliteSync}`,
    );
    console.log(row('POST /advertiser-dashboard/campaigns', api));
    console.log(row('baseline: raw SQL insert, same rows', base));
    console.log(`ratio p95 api/baseline: ${(pct(api, 95) / pct(base, 95)).toFixed(1)}×`);
    writeResult('campaigns-create', {
      p95: {
        label: `create, ${GROUPS} ad groups × ${ADS} ads, p95`,
        unit: 'ms',
        value: pct(api, 95),
        baseline: pct(base, 95),
        baselineLabel: 'raw SQL insert of the same rows',
      },
    });
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
