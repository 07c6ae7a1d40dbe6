import { Command, InvalidArgumentError } from 'commander';
import { loadConfig } from './config.js';
import { closeContext, createContext, startServer, type RunningServer } from './server.js';
import { ensureDemo, demoBanner } from './db/demo.js';
import * as accounts from './modules/accounts/service.js';
import { decideReviewItem, listForReview, reviewCampaign, reviewQueue } from './modules/campaigns/service.js';
import { ITEM_KINDS, type ItemKind } from './modules/campaigns/review.js';
import { DomainError } from './lib/errors.js';
import type { Ctx } from './context.js';
import { registerIndexCommands, ensureDemoCatalogs, indexBanner } from './modules/index/cli.js';

/**
 * `orbit` — the operator's command line. Every command calls the same
 * services as the admin API, so an operator never edits the database by hand.
 */
const program = new Command();
program.name('orbit').description('Orbit: open ad platform and agent-commerce index').showHelpAfterError();

const num = (v: string) => {
  const n = Number(v);
  if (!Number.isFinite(n)) throw new InvalidArgumentError('not a number');
  return n;
};

async function withCtx<T>(fn: (ctx: Ctx) => Promise<T>): Promise<void> {
  const ctx = await createContext(loadConfig({ logLevel: 'warn' }));
  try {
    const out = await fn(ctx);
    if (out !== undefined) console.log(JSON.stringify(out, null, 2));
  } catch (err) {
    if (err instanceof DomainError) {
      console.error(`error: ${err.message}`);
      process.exitCode = 1;
    } else throw err;
  } finally {
    await closeContext(ctx);
  }
}

function handleSignals(server: RunningServer): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.ctx.log.info({ signal }, 'shutting down: draining in-flight work');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (err) => {
        server.ctx.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

program
  .command('serve')
  .description('run the server (config from the environment: PORT, DATABASE_URL, REDIS_URL, …)')
  .action(async () => {
    const server = await startServer(loadConfig());
    handleSignals(server);
    server.ctx.log.info({ url: server.url, storage: server.ctx.database.dialect }, 'orbit listening');
  });

program
  .command('demo')
  .description('run the server with a demo publisher, advertiser and campaign, and print keys and example calls')
  .action(async () => {
    const t0 = performance.now();
    const server = await startServer(loadConfig({ logLevel: 'warn' }));
    handleSignals(server);
    const keys = await ensureDemo(server.ctx);
    await ensureDemoCatalogs(server.ctx); // index catalogs: imported on the first start only
    await server.ctx.inventory.rebuild();
    console.log(demoBanner(server.url, keys, server.ctx.secrets.adminToken));
    console.log(indexBanner(server.ctx.urls.index, keys.publisherKey));
    console.log(`ready in ${Math.round(performance.now() - t0)} ms — Ctrl-C to stop`);
  });

program
  .command('migrate')
  .description('apply database migrations and exit')
  .action(() => withCtx(async () => ({ migrated: true })));

const publishers = program.command('publishers').description('manage publishers');
publishers
  .command('create')
  .requiredOption('--name <name>', 'display name')
  .option('--url <url>', 'site or app URL')
  .option('--revenue-share <fraction>', 'share of spend paid to the publisher (0-1)', num)
  .action((o: { name: string; url?: string; revenueShare?: number }) =>
    withCtx(async (ctx) => {
      const r = await accounts.createPublisher(ctx, {
        name: o.name,
        url: o.url,
        revenueShareBps: o.revenueShare === undefined ? undefined : Math.round(o.revenueShare * 10_000),
      });
      return { publisher_id: r.publisher.id, name: r.publisher.name, api_key: r.apiKey, note: 'the key is shown once' };
    }),
  );
publishers.command('list').action(() =>
  withCtx(async (ctx) =>
    (await accounts.listPublishers(ctx)).map((p) => ({
      id: p.id,
      name: p.name,
      index_access: p.index_approved === 1,
    })),
  ),
);
publishers
  .command('index-access')
  .description("switch a publisher's index access (/search, /shop/search) on or off; it is on for every new publisher")
  .argument('<publisher_id>')
  .argument('<state>', 'on or off')
  .action((id: string, state: string) =>
    withCtx(async (ctx) => {
      if (state !== 'on' && state !== 'off') throw new InvalidArgumentError('state must be "on" or "off"');
      const p = await accounts.setIndexAccess(ctx, id, state === 'on');
      return { publisher_id: p.id, name: p.name, index_access: p.index_approved === 1 };
    }),
  );

const advertisers = program.command('advertisers').description('manage advertisers');
advertisers
  .command('create')
  .requiredOption('--name <name>', 'display name')
  .option('--email <email>', 'contact email (stored encrypted)')
  .option('--payment-method', 'mark a payment method as on file')
  .action((o: { name: string; email?: string; paymentMethod?: boolean }) =>
    withCtx(async (ctx) => {
      const r = await accounts.createAdvertiser(ctx, {
        name: o.name,
        email: o.email,
        hasPaymentMethod: o.paymentMethod,
      });
      return {
        advertiser_id: r.advertiser.id,
        name: r.advertiser.name,
        api_key: r.apiKey,
        note: 'the key is shown once',
      };
    }),
  );
advertisers
  .command('list')
  .action(() => withCtx(async (ctx) => (await accounts.listAdvertisers(ctx)).map((a) => ({ id: a.id, name: a.name }))));

const keys = program.command('keys').description('manage API keys');
keys
  .command('create')
  .requiredOption('--account <id>', 'publisher or advertiser id')
  .option('--label <label>', 'a name for the key')
  .action((o: { account: string; label?: string }) =>
    withCtx(async (ctx) => {
      const k = await accounts.createApiKey(ctx, { accountId: o.account, label: o.label });
      return { key_id: k.id, kind: k.kind, api_key: k.key, note: 'the key is shown once' };
    }),
  );
keys
  .command('revoke')
  .argument('<key_id>')
  .action((id: string) =>
    withCtx(async (ctx) => {
      await accounts.revokeApiKey(ctx, id);
      return { revoked: id };
    }),
  );

const credits = program.command('credits').description('manage advertiser credits');
credits
  .command('add')
  .requiredOption('--advertiser <id>', 'advertiser id')
  .requiredOption('--amount <dollars>', 'amount in dollars', num)
  .option('--note <note>')
  .action((o: { advertiser: string; amount: number; note?: string }) =>
    withCtx((ctx) => accounts.addCredits(ctx, { advertiserId: o.advertiser, amountDollars: o.amount, note: o.note })),
  );

const campaignCmd = program
  .command('campaigns')
  .description('review advertiser campaigns (everything of a campaign at once)');
campaignCmd
  .command('review')
  .description('approve or reject a campaign and its ad groups and ads waiting for review')
  .requiredOption('--campaign <id>', 'campaign id')
  .option('--approve', 'approve it (it serves once active)')
  .option('--reject', 'reject it')
  .option('--notes <text>', 'review notes shown to the advertiser')
  .action((o: { campaign: string; approve?: boolean; reject?: boolean; notes?: string }) =>
    withCtx(async (ctx) => {
      if (Boolean(o.approve) === Boolean(o.reject))
        throw new InvalidArgumentError('give exactly one of --approve and --reject');
      const c = await reviewCampaign(ctx, o.campaign, { approve: Boolean(o.approve), notes: o.notes });
      return {
        campaign_id: c.campaign_id,
        review_status: c.review_status,
        deployment_status: c.deployment_status,
        review_notes: c.review_notes,
      };
    }),
  );
campaignCmd
  .command('pending')
  .description('list campaigns waiting for review')
  .action(() => withCtx((ctx) => listForReview(ctx)));

const reviewCmd = program
  .command('reviews')
  .description('the review queue: campaign fields, ad groups and ads waiting for review');
reviewCmd
  .command('list')
  .description('items waiting for review, oldest first, with what serves now and what is proposed')
  .action(() => withCtx((ctx) => reviewQueue(ctx)));
reviewCmd
  .command('decide')
  .description('approve or reject one item (approved versions keep serving while edits wait)')
  .requiredOption('--kind <kind>', `one of ${ITEM_KINDS.join(', ')}`)
  .requiredOption('--id <id>', 'the item id')
  .option('--approve', 'approve this version (it becomes the serving one)')
  .option('--reject', 'reject this version')
  .option('--notes <text>', 'review notes shown to the advertiser')
  .action((o: { kind: string; id: string; approve?: boolean; reject?: boolean; notes?: string }) =>
    withCtx(async (ctx) => {
      if (Boolean(o.approve) === Boolean(o.reject))
        throw new InvalidArgumentError('give exactly one of --approve and --reject');
      if (!(ITEM_KINDS as string[]).includes(o.kind))
        throw new InvalidArgumentError(`--kind must be one of ${ITEM_KINDS.join(', ')}`);
      return decideReviewItem(ctx, o.kind as ItemKind, o.id, { approve: Boolean(o.approve), notes: o.notes });
    }),
  );
program
  .command('doctor')
  .description(
    'check the storage as a start would (files, PRAGMA quick_check, migrations, data and token keys) without changing anything',
  )
  .action(async () => {
    const { doctor } = await import('./startup.js');
    const checks = await doctor(loadConfig({ logLevel: 'warn' }));
    for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'}  ${c.name}: ${c.detail}`);
    const failed = checks.filter((c) => !c.ok).length;
    console.log(
      failed ? `${failed} problem(s) found: the server refuses to start until they are fixed` : 'no problems found',
    );
    if (failed) process.exitCode = 1;
  });

const dataKey = program
  .command('data-key')
  .description('the data key that seals personal data and integration secrets in the database');
dataKey
  .command('rotate')
  .description(
    're-seal everything under a new data key (run with the current key in place); the new key goes to secrets.json, or is printed for ORBIT_DATA_KEY',
  )
  .option('--new-key <base64>', 'the new 32-byte key, base64 (generated when omitted)')
  .action(async (o: { newKey?: string }) => {
    const { rotateDataKey } = await import('./startup.js');
    const { randomBytes } = await import('node:crypto');
    const key = o.newKey ? Buffer.from(o.newKey, 'base64') : randomBytes(32);
    const out = await rotateDataKey(loadConfig({ logLevel: 'warn' }), key, Date.now());
    console.log(`re-sealed ${out.resealed} value(s) under the new data key`);
    if (out.written === 'env')
      console.log(`set ORBIT_DATA_KEY=${key.toString('base64')} on every instance before the next start`);
    else
      console.log(
        'the new key is in secrets.json; instances that take ORBIT_DATA_KEY from the environment need it too',
      );
  });
dataKey
  .command('forget')
  .description(
    'the old data key is lost for good: clear what was sealed with it (contact emails, integration secrets, shop connections) and adopt the current keys',
  )
  .option('--yes', 'confirm: the cleared values cannot be recovered')
  .action(async (o: { yes?: boolean }) => {
    if (!o.yes) throw new InvalidArgumentError('this clears data sealed with the lost key: pass --yes to confirm');
    const { forgetDataKey } = await import('./startup.js');
    const cleared = await forgetDataKey(loadConfig({ logLevel: 'warn' }), Date.now());
    console.log(
      JSON.stringify(
        { cleared, note: 'advertisers must re-enter their Stripe signing secrets and reconnect their shops' },
        null,
        2,
      ),
    );
  });

registerIndexCommands(program, withCtx);

program.parseAsync(process.argv).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
