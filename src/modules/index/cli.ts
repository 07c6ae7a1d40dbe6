import type { Command } from 'commander';
import cliProgress from 'cli-progress';
import type { Ctx } from '../../context.js';
import { origin } from '../../config.js';
import { FILE_FORMATS, type FileFormat } from '../../lib/records.js';
import * as accounts from '../accounts/service.js';
import { importProductsFile, ensureDemoProducts, type ImportResult } from '../shop/catalog.js';
import { generateProducts, DEMO_MERCHANT, DEMO_PRODUCT_COUNT } from '../shop/generator.js';
import { importServicesFile, ensureDemoServices } from './catalog.js';
import { startMerchant } from '../merchant/server.js';

/**
 * The index's CLI commands (registered by src/cli.ts):
 *   orbit catalog import services|products FILE [--format F] [--merchant NAME | --advertiser ID] [--full] [--currency C] [--shop-url U] [--encoding E]
 *   orbit catalog generate products --count N [--seed S]   (JSON Lines on stdout)
 *   orbit merchant demo [--port P]
 */
type WithCtx = <T>(fn: (ctx: Ctx) => Promise<T>) => Promise<void>;

function progressBar(label: string) {
  const bar = new cliProgress.SingleBar(
    {
      format: `${label} [{bar}] {percentage}% | {value}/{total} records | {rate}/s | ETA {eta_formatted}`,
      hideCursor: true,
      etaBuffer: 50,
      stream: process.stderr,
      // Piped to a log (CI, a file), the bar still reports: a line every two seconds.
      noTTYOutput: true,
      notTTYSchedule: 2000,
    },
    cliProgress.Presets.shades_classic,
  );
  const t0 = performance.now();
  let started = false;
  return {
    update(done: number, total: number) {
      const rate = Math.round(done / Math.max(0.001, (performance.now() - t0) / 1000));
      if (!started) {
        bar.start(Math.max(total, done), done, { rate });
        started = true;
      } else {
        if (done > bar.getTotal()) bar.setTotal(done);
        bar.update(done, { rate });
      }
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

function summary(r: ImportResult, kind: string) {
  return {
    read: r.read,
    upserted: r.upserted,
    ...(kind === 'products' ? { without_price: r.without_price } : {}),
    dropped_out_of_stock_or_no_image: r.dropped,
    removed_from_catalog: r.removed,
    rejected: r.rejected,
    ...(r.encoding ? { encoding: r.encoding } : {}),
    ...(r.complete
      ? {}
      : {
          complete: false,
          note: 'the file could not be read to its end: rows after the error were not imported and nothing was removed',
        }),
    errors: r.errors.slice(0, 50).map((e) => (e.line ? `line ${e.line}: ${e.message}` : e.message)),
    ...(r.errors.length > 50 || r.rejected > r.errors.length
      ? { more_errors: r.rejected - Math.min(50, r.errors.length) }
      : {}),
  };
}

export async function ensureDemoCatalogs(ctx: Ctx): Promise<{ services: number | null; products: number | null }> {
  const s = await ensureDemoServices(ctx);
  const p = await ensureDemoProducts(ctx, `http://127.0.0.1:${ctx.config.merchantDemoPort}/mcp`);
  return { services: s?.upserted ?? null, products: p?.upserted ?? null };
}

export function registerIndexCommands(program: Command, withCtx: WithCtx): void {
  const catalog = program.command('catalog').description('manage the index catalogs (developer services, products)');
  catalog
    .command('import')
    .description(
      'import a catalog file, upserting by id: services (CSV, JSON Lines) or products — a Google Merchant Center feed (CSV, TSV or RSS/Atom XML), ' +
        "a Shopify products.json, or JSON Lines. Every run is safe to repeat; with --full the file is the merchant's whole catalog and its listings missing from it are removed",
    )
    .argument('<kind>', 'services or products')
    .argument('<file>', 'the file to import')
    .option('--format <format>', `${FILE_FORMATS.join(', ')} (default: from the file name and its first bytes)`)
    .option(
      '--merchant <name>',
      'products: the merchant selling every listing of the feed (Merchant Center feeds name none)',
    )
    .option(
      '--advertiser <id>',
      "products: the feed belongs to this advertiser; its name is the merchant (so it can report the feed's orders)",
    )
    .option(
      '--full',
      "products: the file is the merchant's complete catalog; remove its listings the file does not contain (default: a partial update)",
    )
    .option('--currency <code>', 'products: currency of prices that state none (default USD)')
    .option('--shop-url <url>', "products: a Shopify store's address, for listing URLs (<url>/products/<handle>)")
    .option(
      '--encoding <label>',
      'the file encoding, e.g. windows-1252 (default: detected; UTF-8 unless the file says otherwise)',
    )
    .action(
      (
        kind: string,
        file: string,
        o: {
          format?: FileFormat;
          merchant?: string;
          advertiser?: string;
          full?: boolean;
          currency?: string;
          shopUrl?: string;
          encoding?: string;
        },
      ) =>
        withCtx(async (ctx) => {
          if (kind !== 'services' && kind !== 'products') throw new Error('kind must be "services" or "products"');
          if (o.format && !FILE_FORMATS.includes(o.format))
            throw new Error(`--format must be one of ${FILE_FORMATS.join(', ')}`);
          if (o.merchant && o.advertiser) throw new Error('give --merchant or --advertiser, not both');
          if (o.currency && !/^[A-Za-z]{3}$/.test(o.currency))
            throw new Error('--currency must be an ISO 4217 code such as USD');
          const merchant = o.advertiser ? (await accounts.getAdvertiser(ctx, o.advertiser)).name : o.merchant;
          const bar = progressBar(`import ${kind}`);
          try {
            const r =
              kind === 'services'
                ? await importServicesFile(ctx, file, bar.update, o.format)
                : await importProductsFile(ctx, file, {
                    format: o.format,
                    merchant,
                    full: o.full,
                    currency: o.currency,
                    shopUrl: o.shopUrl,
                    encoding: o.encoding,
                    onProgress: bar.update,
                  });
            bar.stop();
            return summary(r, kind);
          } catch (err) {
            bar.stop();
            throw err;
          }
        }),
    );
  catalog
    .command('generate')
    .description('write the deterministic demo product catalog (or a bigger one) as JSON Lines to stdout')
    .argument('<kind>', 'products')
    .option('--count <n>', 'feed rows', String(DEMO_PRODUCT_COUNT))
    .option('--seed <n>', 'generator seed', '42')
    .action((kind: string, o: { count: string; seed: string }) => {
      if (kind !== 'products') throw new Error('only products can be generated');
      for (const { product } of generateProducts({ count: Number(o.count), seed: Number(o.seed) }))
        process.stdout.write(`${JSON.stringify(product)}\n`);
    });

  program
    .command('merchant')
    .description('the reference UCP merchant')
    .command('demo')
    .description(
      `run the reference UCP merchant (${DEMO_MERCHANT}) over MCP on 127.0.0.1; completed orders are reported to Orbit with their grclid`,
    )
    .option('--port <port>', 'port (default ORBIT_MERCHANT_DEMO_PORT or 8790)')
    .action(async (o: { port?: string }) => {
      const { loadConfig } = await import('../../config.js');
      const { createContext } = await import('../../server.js');
      const config = loadConfig({ logLevel: 'warn' });
      const ctx = await createContext(config);
      // The merchant is an Orbit advertiser; it reports orders with its own key.
      const advs = await accounts.listAdvertisers(ctx);
      const adv =
        advs.find((a) => a.name === DEMO_MERCHANT) ??
        (await accounts.createAdvertiser(ctx, { name: DEMO_MERCHANT })).advertiser;
      await accounts.revokeLabelledKeys(ctx, adv.id, 'merchant-demo');
      const key = (await accounts.createApiKey(ctx, { accountId: adv.id, kind: 'adv', label: 'merchant-demo' })).key;
      const orbit = (config.indexUrl ?? origin(config)).replace(/\/$/, '');
      const items = [];
      for (const { product } of generateProducts({ count: DEMO_PRODUCT_COUNT })) {
        if (product.merchant === DEMO_MERCHANT)
          items.push({
            id: product.checkout?.item_id ?? product.product_id,
            title: product.name,
            price_cents: Math.round(product.price * 100),
            currency: product.currency,
            image_url: product.image_url || undefined,
          });
      }
      const m = await startMerchant({
        port: o.port ? Number(o.port) : config.merchantDemoPort,
        items,
        onOrder: async (order) => {
          if (!order.grclid) return;
          const res = await fetch(`${orbit}/index/conversions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': key },
            body: JSON.stringify({
              grclid: order.grclid,
              order_id: order.order_id,
              value: order.value_cents / 100,
              currency: order.currency,
            }),
          });
          console.log(
            `order ${order.order_id} (${order.value_cents / 100} ${order.currency}) reported to Orbit: HTTP ${res.status}`,
          );
        },
      });
      console.log(
        `${DEMO_MERCHANT}: UCP checkout over MCP at ${m.endpoint} (${items.length} items); orders are reported to ${orbit}/index/conversions`,
      );
      const stop = async () => {
        await m.close();
        const { closeContext } = await import('../../server.js');
        await closeContext(ctx);
        process.exit(0);
      };
      process.on('SIGINT', () => void stop());
      process.on('SIGTERM', () => void stop());
    });
}

/** The index part of the `npm start` banner: copy-paste calls for both searches and the tools. */
export function indexBanner(indexUrl: string, publisherKey: string): string {
  const h = `-H 'x-api-key: ${publisherKey}' -H 'content-type: application/json'`;
  return [
    '# 4. the index: one developer service for a need, then products to buy (tracked links in click_url)',
    `curl -s ${indexUrl}/search ${h} -d '{"query":"send transactional emails from my Next.js app"}'`,
    `curl -s ${indexUrl}/shop/search ${h} -d '{"query":"waterproof hiking boots","max_results":3,"price_max":200}'`,
    `#    index MCP tools: POST ${indexUrl}/index/mcp   ·   reference UCP merchant: npm run orbit -- merchant demo`,
    '',
  ].join('\n');
}
