import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ConversionEvent, leanConversionEvent } from './schemas.js';

/**
 * The gateway's lean event check must never accept what ConversionEvent
 * rejects, and must return exactly what ConversionEvent outputs. Values sit on
 * the rules' edges: lengths at the limits, surrounding spaces, numbers in and
 * out of range, wrong types, nulls, odd URLs and currencies.
 */
const around = (n: number) => fc.constantFrom(0, 1, n - 1, n, n + 1);
const str = (limit: number) =>
  fc.oneof(
    { weight: 40, arbitrary: fc.stringMatching(/^[a-z0-9-]{1,12}$/) },
    { weight: 1, arbitrary: around(limit).map((k) => 'x'.repeat(k)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
    { weight: 1, arbitrary: fc.constantFrom(' a', 'a ', ' ', '\t', '', '\u00a0b', 'A\u2028') },
  );
const num = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.integer({ min: 0, max: 2_000_000_000 }),
  fc.double({ noNaN: true }),
  fc.constantFrom(0.5, 19.99, 1e9, 1e9 + 1, 1_000_000, 1_000_001, -0, Number.MAX_SAFE_INTEGER, 2 ** 60, 1_763_900_000),
);
/** Mostly valid values, sometimes one from the edges. */
const edgy = <T, U>(valid: fc.Arbitrary<T>, edge: fc.Arbitrary<U>) =>
  fc.oneof({ weight: 10, arbitrary: valid }, { weight: 1, arbitrary: edge });
const amount = edgy(fc.double({ min: 0, max: 1e9, noNaN: true }), num);
const junk = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constant(0).map(() => []),
  fc.constant(0).map(() => ({})),
  num,
  fc.string({ maxLength: 3 }),
);
/** A value usually of the expected kind, sometimes absent, null or of another type. */
const maybe = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 40, arbitrary: arb },
    { weight: 4, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: junk },
  );
const url = edgy(
  fc.constantFrom('https://shoes.example.com/checkout/done?x=1', 'http://a.b/'),
  fc.constantFrom(
    'https://shoes.example.com/checkout/done',
    'http://a.b/',
    'https://',
    'ftp://x.example/',
    'javascript:alert(1)',
    'https://ex ample.com/',
    ' https://x.example/',
    'HTTPS://X.EXAMPLE/',
    'https://x.example/' + 'p'.repeat(2040),
    'https://[::1]:99999/',
  ),
);

const userData = fc.record(
  {
    em: maybe(fc.constant(['a@b.co'])),
    grclid: maybe(str(200)),
    grcpid: maybe(str(200)),
    grpuid: maybe(str(200)),
    gradid: maybe(str(200)),
    graid: maybe(str(200)),
    grsig: maybe(str(200)),
    visitor_id: maybe(str(100)),
    session_id: maybe(str(100)),
    client_user_agent: maybe(str(1000)),
    opt_out: maybe(fc.boolean()),
  },
  { requiredKeys: [] },
);
const item = fc.record(
  {
    id: maybe(fc.oneof(str(200), num)),
    quantity: maybe(edgy(fc.integer({ min: 0, max: 1_000_000 }), num)),
    item_price: maybe(amount),
    title: maybe(str(500)),
    extra: maybe(fc.string()),
  },
  { requiredKeys: [] },
);
const customData = fc.record(
  {
    value: maybe(amount),
    currency: maybe(edgy(fc.constantFrom('USD', 'usd', 'Eur'), fc.constantFrom('US', 'USDX', 'U$D', ' USD'))),
    order_id: maybe(fc.oneof(str(200), num)),
    contents: maybe(edgy(fc.array(item, { maxLength: 2 }), fc.constant(Array.from({ length: 201 }, () => ({}))))),
    content_name: maybe(str(500)),
    content_category: maybe(str(500)),
    predicted_ltv: maybe(amount),
    note: maybe(fc.string()),
  },
  { requiredKeys: [] },
);
const event = fc.record(
  {
    event_name: maybe(str(100)),
    event_time: maybe(
      fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 1, max: 2_000_000_000 }) }, { weight: 1, arbitrary: num }),
    ),
    event_id: maybe(fc.oneof(str(200), num)),
    action_source: maybe(edgy(fc.constantFrom('website', 'app', 'other'), fc.constantFrom('Website', 'web'))),
    event_source_url: maybe(url),
    user_data: fc.oneof({ weight: 8, arbitrary: userData }, { weight: 1, arbitrary: junk }),
    client_context: maybe(
      edgy(fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 })), fc.constant([1])),
    ),
    custom_data: maybe(customData),
    extra_top: maybe(fc.jsonValue({ maxDepth: 2 })),
  },
  { requiredKeys: [] },
);

/** A string at the edges: lengths at the limit, surrounding spaces, empty. */
const edgeStr = (limit: number) =>
  fc.oneof(
    around(limit).map((k) => 'x'.repeat(k)),
    fc.constantFrom(' a', 'a ', ' ', '\t', '', '\u00a0b', 'A\u2028'),
    fc.string({ maxLength: 4 }),
  );

/** Every field the rules name, with values at and around its limits. */
const EDGES: [string[], fc.Arbitrary<unknown>][] = [
  [['event_name'], edgeStr(100)],
  [['event_time'], num],
  [['event_id'], fc.oneof(edgeStr(200), num)],
  [['action_source'], fc.constantFrom('Website', 'web', '', 'app')],
  [['event_source_url'], url],
  [['user_data'], junk],
  [['client_context'], fc.oneof(junk, fc.constant([1]))],
  [['custom_data'], junk],
  ...['grclid', 'grcpid', 'grpuid', 'gradid', 'graid', 'grsig'].map((k): [string[], fc.Arbitrary<unknown>] => [
    ['user_data', k],
    fc.oneof(edgeStr(200), junk),
  ]),
  ...['visitor_id', 'session_id'].map((k): [string[], fc.Arbitrary<unknown>] => [
    ['user_data', k],
    fc.oneof(edgeStr(100), junk),
  ]),
  [['user_data', 'client_user_agent'], fc.oneof(edgeStr(1000), junk)],
  [['user_data', 'opt_out'], junk],
  [['custom_data', 'value'], num],
  [['custom_data', 'predicted_ltv'], num],
  [['custom_data', 'currency'], fc.oneof(fc.constantFrom('usd', 'US', 'USDX', 'U$D', ' USD', 'ÜSD'), junk)],
  [['custom_data', 'order_id'], fc.oneof(edgeStr(200), num)],
  [['custom_data', 'content_name'], fc.oneof(edgeStr(500), junk)],
  [['custom_data', 'content_category'], fc.oneof(edgeStr(500), junk)],
  [
    ['custom_data', 'contents'],
    fc.oneof(
      junk,
      fc.constantFrom(200, 201).map((n) => Array.from({ length: n }, () => ({}))),
    ),
  ],
  [['custom_data', 'contents', '0', 'id'], fc.oneof(edgeStr(200), num, junk)],
  [['custom_data', 'contents', '0', 'quantity'], fc.oneof(num, junk)],
  [['custom_data', 'contents', '0', 'item_price'], fc.oneof(num, junk)],
  [['custom_data', 'contents', '0', 'title'], fc.oneof(edgeStr(500), junk)],
];
const validEvent = () => ({
  event_name: 'Purchase',
  event_time: 1_763_900_000,
  event_id: 'evt-1',
  action_source: 'website',
  event_source_url: 'https://shoes.example.com/checkout/done',
  user_data: {
    em: ['a@b.co'],
    grclid: 'c-1',
    grcpid: 'p',
    grpuid: 'u',
    gradid: 'a',
    graid: 'r',
    grsig: 's',
    visitor_id: 'v',
    session_id: 's',
    client_user_agent: 'UA',
    opt_out: false,
  },
  client_context: { timezone: 'Europe/Paris' },
  custom_data: {
    value: 1,
    predicted_ltv: 2,
    currency: 'USD',
    order_id: 'o',
    content_name: 'n',
    content_category: 'c',
    contents: [{ id: 's', quantity: 1, item_price: 2, title: 't' }],
  },
});
/** A valid event with one to three fields set to edge values. */
const edged = fc
  .array(
    fc.nat(EDGES.length - 1).chain((i) => EDGES[i][1].map((v) => [EDGES[i][0], v] as const)),
    { minLength: 1, maxLength: 3 },
  )
  .map((changes) => {
    const e = validEvent() as Record<string, unknown>;
    for (const [path, v] of changes) {
      let o = e;
      for (const k of path.slice(0, -1)) {
        if (typeof o[k] !== 'object' || o[k] === null) o[k] = {}; // an edge value set earlier: build the path again
        o = o[k] as Record<string, unknown>;
      }
      o[path[path.length - 1]] = v;
    }
    return e;
  });

/** JSON round trip: what a request body holds (no undefined values, no -0). */
const asJson = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

describe('leanConversionEvent', () => {
  it('accepts only what ConversionEvent accepts, and returns what it outputs', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof(event, edged), (e) => {
        const raw = asJson(e);
        const lean = leanConversionEvent(raw);
        if (lean === undefined) return;
        accepted++;
        const zod = ConversionEvent.safeParse(raw);
        expect(zod.success).toBe(true);
        expect(lean).toEqual(zod.data);
      }),
      { numRuns: 20_000 },
    );
    expect(accepted).toBeGreaterThan(2000);
  });

  it('takes the common shapes (the gateway only falls back to Zod for unusual ones)', () => {
    const now = Math.floor(Date.now() / 1000);
    const base = {
      event_name: 'Purchase',
      event_time: now,
      event_id: 'evt-1',
      action_source: 'website',
      event_source_url: 'https://shoes.example.com/checkout/done',
      user_data: {
        em: ['buyer@example.com'],
        ph: ['+1 (555) 123-4567'],
        grclid: '0197a3c2-1111-7000-8000-000000000000',
        grsig: 'abc',
        visitor_id: 'v-1',
      },
      client_context: { timezone: 'Europe/Paris', screen: { width: 1920, height: 1080 } },
      custom_data: {
        value: 19.99,
        currency: 'USD',
        order_id: 'o-1',
        contents: [{ id: 'sku-1', quantity: 1, item_price: 19.99 }],
      },
    };
    expect(leanConversionEvent(base)).toBe(base);
    expect(
      leanConversionEvent({ ...base, custom_data: undefined, client_context: null, event_source_url: null }),
    ).toBeDefined();
    const lower = leanConversionEvent({ ...base, custom_data: { ...base.custom_data, currency: 'usd' } });
    expect(lower?.custom_data?.currency).toBe('USD');
    // Left to Zod: values it would transform or reject.
    expect(leanConversionEvent({ ...base, event_id: 42 })).toBeUndefined();
    expect(leanConversionEvent({ ...base, event_name: ' Purchase' })).toBeUndefined();
    expect(leanConversionEvent({ ...base, event_time: 'now' })).toBeUndefined();
    expect(leanConversionEvent({ ...base, user_data: undefined })).toBeUndefined();
  });
});
