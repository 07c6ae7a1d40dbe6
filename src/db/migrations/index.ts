import type { Kysely } from 'kysely';
import type { Dialect } from '../index.js';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_advertiser.js';
import * as m0003 from './0003_conversions.js';
import * as m0004 from './0004_reporting.js';
import * as m0005 from './0005_index.js';
import * as m0005b from './0005_index_prominence.js';
import * as m0005c from './0005_index_tracked_merchant.js';
import * as m0006 from './0006_tracking_hot_path.js';
import * as m0007 from './0007_rollup_mirrors_per_batch.js';
import * as m0008 from './0008_ad_requests_one_index.js';
import * as m0009 from './0009_rollup_log.js';
import * as m0011a from './0011_index_open_access.js';
import * as m0011b from './0011_shop_feeds.js';
import * as m0012 from './0012_money_integrity.js';
import * as m0013 from './0013_self_serve.js';
import * as m0014 from './0014_dashboard.js';
import * as m0015 from './0015_ledger_all_time.js';

export interface OrbitMigration {
  up(db: Kysely<any>, dialect: Dialect): Promise<void>;
}

/** Every migration, in order. Names are permanent once released. */
export const MIGRATIONS: Record<string, OrbitMigration> = {
  '0001_foundation': m0001,
  '0002_advertiser': m0002,
  '0003_conversions': m0003,
  '0004_reporting': m0004,
  '0005_index': m0005,
  '0005_index_prominence': m0005b,
  '0005_index_tracked_merchant': m0005c,
  '0006_tracking_hot_path': m0006,
  '0007_rollup_mirrors_per_batch': m0007,
  '0008_ad_requests_one_index': m0008,
  '0009_rollup_log': m0009,
  '0011_index_open_access': m0011a,
  '0011_shop_feeds': m0011b,
  '0012_money_integrity': m0012,
  '0013_self_serve': m0013,
  '0014_dashboard': m0014,
  '0015_ledger_all_time': m0015,
};
