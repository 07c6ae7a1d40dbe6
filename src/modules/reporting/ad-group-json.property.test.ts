import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as m from '../../lib/metrics.js';
import { microsToDollars } from '../../lib/money.js';
import { dayString } from '../../lib/tz.js';
import { JsonWriter } from './json.js';
import { writeAdGroupReport, type AdGroupMetrics, type AdGroupReportInput } from './advertiser.js';

/**
 * The ad-group report writes its JSON bytes itself. These properties hold it
 * to JSON.stringify: the same bytes as stringifying the report object built
 * the plain way from the same counters.
 */

const write = (fn: (w: JsonWriter) => void): string => {
  const w = new JsonWriter();
  fn(w);
  return w.done().toString('utf8');
};

/** The report object built the plain way (the reference the writer must match byte for byte). */
function reference(r: AdGroupReportInput): AdGroupMetrics {
  return {
    ad_groups: r.groups.map((g, i) => {
      const t = { impressions: 0, clicks: 0, spend: 0, conversions: 0 };
      const data: AdGroupMetrics['ad_groups'][number]['data'] = [];
      for (let d = 0; d < r.days; d++) {
        const [imps, clicks, spend, conversions] = r.cells.subarray((i * r.days + d) * 4, (i * r.days + d) * 4 + 4);
        t.impressions += imps;
        t.clicks += clicks;
        t.spend += spend;
        t.conversions += conversions;
        if (imps === 0 && clicks === 0 && spend === 0 && conversions === 0) continue;
        data.push({
          date: dayString(r.firstDay + d),
          impressions: imps,
          clicks,
          spend: microsToDollars(spend),
          conversions,
          ctr: m.ctr(clicks, imps),
          cpc: m.cpc(spend, clicks),
          cpm: m.cpm(spend, imps),
        });
      }
      return {
        ad_group_id: g.id,
        campaign_id: g.campaign_id,
        name: g.name,
        group_type: g.group_type,
        status: g.status,
        total_impressions: t.impressions,
        total_clicks: t.clicks,
        total_spend: microsToDollars(t.spend),
        total_conversions: t.conversions,
        cpa: m.cpa(t.spend, t.conversions),
        feedback: r.feedback.get(g.id) ?? { thumbs_up: 0, thumbs_down: 0 },
        data,
      };
    }),
    total_ad_groups: r.totalGroups,
    offset: r.offset,
    truncated: r.offset + r.groups.length < r.totalGroups,
  };
}

const counter = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 0, max: 50 }),
  fc.integer({ min: 0, max: 10_000_000 }),
  fc.integer({ min: 0, max: 2 ** 40 }),
);
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('Spring "sale" \\ 50%', 'Café ☕ 👍', '\u2028\u0000\ud800'),
);

const report = fc
  .record({
    days: fc.integer({ min: 1, max: 12 }),
    firstDay: fc.integer({ min: 19_000, max: 21_000 }),
    groups: fc.array(
      fc.record({
        id: fc.uuid(),
        campaign_id: fc.uuid(),
        name: text,
        group_type: fc.constantFrom('manual', 'generative'),
        status: fc.constantFrom('active', 'paused', 'archived'),
        feedback: fc.option(fc.record({ thumbs_up: fc.nat(1000), thumbs_down: fc.nat(1000) })),
        silent: fc.boolean(),
      }),
      { maxLength: 6 },
    ),
    offset: fc.nat(5000),
    extra: fc.nat(3),
  })
  .chain((s) =>
    fc
      .array(fc.tuple(counter, counter, counter, fc.oneof(fc.constant(0), fc.nat(5))), {
        minLength: s.groups.length * s.days,
        maxLength: s.groups.length * s.days,
      })
      .map((cells): AdGroupReportInput => ({
        groups: s.groups.map(({ id, campaign_id, name, group_type, status }) => ({
          id,
          campaign_id,
          name,
          group_type,
          status,
        })),
        cells: Float64Array.from(cells.flatMap((c, k) => (s.groups[Math.floor(k / s.days)].silent ? [0, 0, 0, 0] : c))),
        firstDay: s.firstDay,
        days: s.days,
        feedback: new Map(s.groups.flatMap((g) => (g.feedback ? [[g.id, g.feedback] as const] : []))),
        totalGroups: s.offset + s.groups.length + s.extra,
        offset: s.offset,
      })),
  );

describe('the ad-group report JSON writer', () => {
  it('writes exactly the bytes of JSON.stringify of the report object (zero rows, cpa null, truncated, offset)', () => {
    fc.assert(
      fc.property(report, (r) => {
        expect(writeAdGroupReport(r).toString('utf8')).toBe(JSON.stringify(reference(r)));
      }),
      { numRuns: 300 },
    );
  });

  it('writes an empty page', () => {
    const r: AdGroupReportInput = {
      groups: [],
      cells: new Float64Array(0),
      firstDay: 20_000,
      days: 30,
      feedback: new Map(),
      totalGroups: 4,
      offset: 4,
    };
    expect(writeAdGroupReport(r).toString('utf8')).toBe(
      '{"ad_groups":[],"total_ad_groups":4,"offset":4,"truncated":false}',
    );
  });

  it('writes rates and dollar amounts as JSON.stringify does', () => {
    const pairs = fc.tuple(fc.integer({ min: 0, max: 2 ** 45 }), fc.integer({ min: 0, max: 2 ** 45 }));
    fc.assert(
      fc.property(pairs, ([a, b]) => {
        for (const [v, places] of [
          [m.ctr(a, b), 4],
          [m.cpc(a, b), 6],
          [m.cpm(a, b), 6],
          [microsToDollars(a), 6],
          [-microsToDollars(a), 6],
          [m.cpa(a, b) ?? 0, 6],
        ] as const) {
          expect(write((w) => w.fixed(v, places))).toBe(JSON.stringify(v));
        }
      }),
      { numRuns: 2000 },
    );
    for (const v of [
      0,
      -0,
      0.000001,
      0.0001,
      1e-7,
      0.1 + 0.2,
      1 / 3,
      123456789.123456,
      2 ** 53 - 1,
      2 ** 60,
      1e21,
      NaN,
      Infinity,
    ]) {
      expect(write((w) => w.fixed(v, 6))).toBe(JSON.stringify(v));
      expect(write((w) => w.fixed(v, 4))).toBe(JSON.stringify(v));
      expect(write((w) => w.number(v))).toBe(JSON.stringify(v));
    }
  });

  it('writes integers and strings as JSON.stringify does', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double()), text, (n, s) => {
        expect(write((w) => w.number(n).string(s))).toBe(JSON.stringify(n) + JSON.stringify(s));
      }),
      { numRuns: 2000 },
    );
  });
});
