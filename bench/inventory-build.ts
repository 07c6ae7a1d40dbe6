/**
 * The serving inventory's build (`ctx.inventory.rebuild()`, what every
 * refresh after a change costs) at G ad groups × A ads, all approved, and with
 * a share of them carrying an edit in review (issue 27: serving reads the
 * approved version of each row). Run the same file on two trees for a
 * same-run comparison:
 *
 *   npx tsx bench/inventory-build.ts [--groups 2000] [--ads 50] [--rounds 5] [--edited 0.02]
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { closeContext, createContext } from '../src/server.js';
import * as accounts from '../src/modules/accounts/service.js';
import { updateAd } from '../src/modules/campaigns/service.js';
import { createApprovedCampaign, type SeedGroup } from '../src/modules/campaigns/seed.js';
import { median, tempDir } from './lib/harness.js';

const { values } = parseArgs({
  options: {
    groups: { type: 'string', default: '2000' },
    ads: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '5' },
    edited: { type: 'string', default: '0.02' },
  },
});
const GROUPS = Number(values.groups);
const ADS = Number(values.ads);
const ROUNDS = Number(values.rounds);
const EDITED = Number(values.edited);

const ctx = await createContext(loadConfig({ dataDir: tempDir('orbit-bench-inventory-'), logLevel: 'silent' }, {}));
const adv = await accounts.createAdvertiser(ctx, { name: 'Bench', hasPaymentMethod: true });
for (let c = 0; c * 10 < GROUPS; c++) {
  const groups: SeedGroup[] = Array.from({ length: Math.min(10, GROUPS - c * 10) }, (_, k) => ({
    name: `G${c * 10 + k}`,
    context: `topic ${c * 10 + k} words`,
    ads: Array.from({ length: ADS }, (_, i) => ({
      headline: `Ad ${i}`,
      copy: `Copy ${i} of group ${c * 10 + k}`,
      cta: 'Go',
    })),
  }));
  await createApprovedCampaign(ctx, adv.advertiser.id, {
    name: `C${c}`,
    landing_page: `https://c${c}.example.com/`,
    daily_budget: 100,
    max_cpm: 5,
    groups,
  });
}

async function measure(label: string): Promise<void> {
  const times: number[] = [];
  const cpu: number[] = [];
  let groups = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now();
    const c = process.cpuUsage();
    await ctx.inventory.rebuild();
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
    times.push(performance.now() - t);
    groups = (await ctx.inventory.current()).groups.length;
  }
  // CPU time is the steadier figure on a shared machine (the build reads SQLite on this thread).
  console.log(
    `${label}: rebuild median ${median(times).toFixed(0)} ms wall, ${median(cpu).toFixed(0)} ms CPU over ${ROUNDS} rounds (${GROUPS} groups × ${ADS} ads; ${groups} groups serving)`,
  );
}

await measure('all approved');
// Edits in review on a share of the ads, through the advertiser's edit (a reviewed field changed: on this
// branch the approved version keeps serving; before issue 27 the edited ad stopped serving).
const ids = (await ctx.db.selectFrom('ads').select('id').execute()).map((r) => r.id);
const edited = ids.filter((_, i) => i % Math.round(1 / EDITED) === 0);
for (const id of edited) await updateAd(ctx, adv.advertiser.id, id, { headline: 'Edited' });
await measure(`${(EDITED * 100).toFixed(0)} % of ads with an edit in review`);
await closeContext(ctx);
