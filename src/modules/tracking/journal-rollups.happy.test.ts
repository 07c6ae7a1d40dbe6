import { describe, expect, it } from 'vitest';
import type { AdRequestTable, AdServeTable } from '../../db/schema.js';
import { rollupRow } from '../ledger/rollup.js';
import { requestRollups } from './journal-batch.js';
import { decodeBatch, encodeBatch } from './journal-wire.js';

/**
 * An ad request's rollup deltas are made where the journal commits, from its request row, its serve rows
 * and the placements it asked for: a journal item carries two strings per placement instead of the rows.
 */
const AT = Date.UTC(2026, 10, 27, 5, 7, 11);
const request = (id: string, isTest: 0 | 1, device = 'mobile', country = 'FR'): AdRequestTable => ({
  id,
  publisher_id: 'pub1',
  at: AT,
  session_hash: 'h',
  slots: 2,
  filled: 1,
  device,
  country,
  is_test: isTest,
});
const serve = (requestId: string, n: number, isTest: 0 | 1 = 0): AdServeTable => ({
  click_id: `${requestId}-c${n}`,
  request_id: requestId,
  publisher_id: 'pub1',
  placement_id: `slot-${n}`,
  placement_type: 'below_response',
  campaign_id: `camp${n}`,
  ad_group_id: `group${n}`,
  ad_id: `ad${n}`,
  advertiser_id: `adv${n}`,
  pricing: 'cpm',
  price_micros: 1000,
  at: AT,
  is_test: isTest,
});
const asked = (device: string, country: string, id: string, type: string) =>
  rollupRow(
    AT,
    {
      publisher_id: 'pub1',
      device,
      country,
      placement_id: id,
      placement_type: type,
      advertiser_id: '',
      campaign_id: '',
      ad_group_id: '',
      ad_id: '',
    },
    { requests: 1 },
  );
const won = (device: string, country: string, n: number) =>
  rollupRow(
    AT,
    {
      publisher_id: 'pub1',
      device,
      country,
      placement_id: `slot-${n}`,
      placement_type: 'below_response',
      advertiser_id: `adv${n}`,
      campaign_id: `camp${n}`,
      ad_group_id: `group${n}`,
      ad_id: `ad${n}`,
    },
    { wins: 1 },
  );

describe("an ad request's rollup deltas", () => {
  const batch = {
    requests: [request('r1', 0), request('r2', 1), request('r3', 0, 'desktop', 'US'), request('r4', 0)],
    serves: [serve('r1', 1), serve('r2', 7, 1), serve('r3', 2), serve('r3', 3)],
    placements: [
      ['below_response', 'slot-1', 'sidebar', 'slot-9'],
      ['below_response', 'slot-7'],
      ['below_response', 'slot-2', 'below_response', 'slot-3'],
      [],
    ],
  };
  const expected = [
    asked('mobile', 'FR', 'slot-1', 'below_response'),
    asked('mobile', 'FR', 'slot-9', 'sidebar'),
    won('mobile', 'FR', 1),
    asked('desktop', 'US', 'slot-2', 'below_response'),
    asked('desktop', 'US', 'slot-3', 'below_response'),
    won('desktop', 'US', 2),
    won('desktop', 'US', 3),
  ];

  it('are a request per placement asked for, then a win per serve, in request order; none for a test request', () => {
    expect(requestRollups(batch)).toEqual(expected);
  });

  it('are made the same after the batch crossed to the writer thread', () => {
    const crossed = decodeBatch(structuredClone(encodeBatch({ ...batch, events: [], pixels: [] })));
    expect(crossed.placements).toEqual(batch.placements);
    expect(requestRollups(crossed)).toEqual(expected);
  });
});
