import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropStorage, runOrbit, testConfig } from '../../../test/helpers.js';

/** The operator's commands for the index: a merchant feed imported with its merchant given once, and the per-publisher index switch. */
const config = testConfig();

const orbit = (...args: string[]) => runOrbit(config, ...args);

describe('orbit catalog import and publishers index-access', () => {
  beforeAll(async () => {
    expect((await orbit('migrate')).code).toBe(0);
  }, 300_000);
  afterAll(() => dropStorage(config));

  it(
    'imports a Merchant Center TSV with --merchant, reporting progress, price-less rows and rejected lines',
    { timeout: 300_000 },
    async () => {
      const file = path.join(config.dataDir, 'feed.tsv');
      fs.writeFileSync(
        file,
        [
          ['id', 'title', 'description', 'link', 'image_link', 'price', 'product_type'].join('\t'),
          [
            't-1',
            'Cast Iron Skillet 12 Inch',
            'Pre-seasoned',
            'https://s.example/1',
            'https://img.example/1.jpg',
            '24.99 USD',
            'Home & Garden > Kitchen & Dining > Cookware & Bakeware',
          ].join('\t'),
          [
            't-2',
            'Enamel Dutch Oven',
            '',
            'https://s.example/2',
            'https://img.example/2.jpg',
            '',
            'Home & Garden > Kitchen & Dining > Cookware & Bakeware',
          ].join('\t'),
          ['t-3', 'Broken Pan', '', 'https://s.example/3', 'https://img.example/3.jpg', 'twelve dollars', ''].join(
            '\t',
          ),
        ].join('\n'),
      );
      const r = await orbit('catalog', 'import', 'products', file, '--merchant', 'Kitchen Store', '--full');
      expect(r.code, r.stderr).toBe(0);
      const summary = JSON.parse(r.stdout);
      expect(summary).toMatchObject({
        read: 3,
        upserted: 2,
        without_price: 1,
        rejected: 1,
        errors: ['line 4: t-3: invalid price "twelve dollars"'],
      });
      expect(r.stderr).toMatch(/import products \[.*\] 100% \| 3\/3 records/);

      const bad = await orbit('catalog', 'import', 'products', file, '--merchant', 'X', '--advertiser', 'y');
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/give --merchant or --advertiser, not both/);
    },
  );

  it('switches a publisher’s index access off and on', { timeout: 300_000 }, async () => {
    const pub = JSON.parse((await orbit('publishers', 'create', '--name', 'Chat')).stdout) as { publisher_id: string };
    const off = await orbit('publishers', 'index-access', pub.publisher_id, 'off');
    expect(JSON.parse(off.stdout)).toMatchObject({ publisher_id: pub.publisher_id, index_access: false });
    const list = JSON.parse((await orbit('publishers', 'list')).stdout) as { id: string; index_access: boolean }[];
    expect(list.find((p) => p.id === pub.publisher_id)?.index_access).toBe(false);
    expect(JSON.parse((await orbit('publishers', 'index-access', pub.publisher_id, 'on')).stdout).index_access).toBe(
      true,
    );
    const wrong = await orbit('publishers', 'index-access', pub.publisher_id, 'maybe');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/state must be "on" or "off"/);
  });
});
