import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AdRequestBody, leanAdRequest } from './schemas.js';
import { PLACEMENT_TYPES } from '../../lib/placement-types.js';

/**
 * The fast path's lean check of an ad request body must never accept what
 * AdRequestBody rejects, must return exactly what AdRequestBody outputs, and
 * must accept every valid body Zod would not change (no unknown key to
 * strip), so the fast path rarely falls back. Values sit on the schema's
 * edges: lengths at the limits, blank messages, nulls, wrong types, extra keys.
 */
const around = (n: number) => fc.constantFrom(0, 1, n - 1, n, n + 1).map((k) => 'x'.repeat(Math.max(0, k)));
const junk = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constant(0).map(() => []),
  fc.constant(0).map(() => ({})),
  fc.double(),
  fc.integer(),
  fc.string({ maxLength: 3 }),
);
/** Usually a value of the expected kind, sometimes absent or junk. */
const maybe = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 80, arbitrary: arb },
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: junk },
  );
const str = (limit: number) =>
  fc.oneof(
    { weight: 40, arbitrary: fc.string({ minLength: 1, maxLength: 20 }) },
    { weight: 1, arbitrary: around(limit) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t\n', '\u00a0') },
  );
/** An object with, now and then, a key its schema does not name. */
const withExtra = <T extends Record<string, unknown>>(arb: fc.Arbitrary<T>) =>
  fc
    .tuple(
      arb,
      fc.oneof(
        { weight: 12, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constantFrom('extra', 'Role', 'constructor', 'toString', '') },
      ),
    )
    .map(([o, k]) => (k === null ? o : { ...o, [k]: 1 }));

const message = withExtra(
  fc.record({
    role: maybe(fc.constantFrom('user', 'assistant', 'user', 'assistant', 'system')),
    content: maybe(str(100_000)),
  }),
);
const placement = withExtra(
  fc.record({
    placement: maybe(
      fc.oneof(
        { weight: 10, arbitrary: fc.constantFrom(...PLACEMENT_TYPES) },
        { weight: 1, arbitrary: fc.constantFrom('sidebar', 'Below_response') },
      ),
    ),
    placement_id: maybe(str(128)),
  }),
);
const body = withExtra(
  fc.record(
    {
      messages: maybe(fc.array(message, { minLength: 0, maxLength: 3 })),
      sessionId: maybe(str(256)),
      placements: maybe(
        fc.oneof(
          { weight: 10, arbitrary: fc.array(placement, { minLength: 1, maxLength: 2 }) },
          { weight: 1, arbitrary: fc.array(placement, { minLength: 0, maxLength: 11 }) },
        ),
      ),
      userId: maybe(str(256)),
      user: maybe(
        fc.record(
          {
            id: maybe(str(256)),
            uid: maybe(str(256)),
            hashed_email: maybe(str(256)),
            other: maybe(fc.string()),
            tags: maybe(fc.array(fc.string())),
          },
          { requiredKeys: [] },
        ),
      ),
      device: maybe(
        fc.record(
          {
            ip: maybe(str(64)),
            ua: maybe(str(1024)),
            country: maybe(str(64)),
            os: maybe(str(64)),
            ifa: maybe(str(128)),
            model: maybe(fc.string()),
          },
          { requiredKeys: [] },
        ),
      ),
      excludedTopics: maybe(fc.oneof(fc.array(str(200), { maxLength: 3 }), fc.constant(null))),
      relevancy: maybe(
        fc.oneof(
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.constantFrom(-0.01, 1.01, Number.NaN, Number.POSITIVE_INFINITY, 0, 1, null),
        ),
      ),
      testAd: maybe(fc.boolean()),
      // The public clients' fields (sdk-contract.happy.test.ts): null relevancy and excludedTopics, numAds, render_context, chatId.
      numAds: maybe(fc.oneof(fc.integer({ min: -1, max: 12 }), fc.constantFrom(1.5, Number.NaN))),
      render_context: maybe(
        fc.record({ max_ad_length: maybe(fc.integer()), supports_links: maybe(fc.boolean()) }, { requiredKeys: [] }),
      ),
      chatId: maybe(str(256)),
    },
    { requiredKeys: ['messages', 'sessionId', 'placements'] },
  ),
);
/** The same bodies with their absent keys dropped, as JSON would carry them. */
const asJson = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(asJson);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .filter(([, x]) => x !== undefined)
        .map(([k, x]) => [k, asJson(x)]),
    );
  return v;
};

describe('leanAdRequest', () => {
  it('agrees with AdRequestBody: never accepts what it rejects, returns what it outputs, accepts what it leaves unchanged', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof(body, body.map(asJson), fc.jsonValue(), fc.anything()), (raw) => {
        const lean = leanAdRequest(raw);
        const z = AdRequestBody.safeParse(raw);
        if (lean !== undefined) {
          accepted++;
          expect(z.success).toBe(true);
          expect(lean).toEqual(z.data);
        } else if (z.success && isDeepStrictEqual(asJson(z.data), asJson(raw))) {
          // Valid, and Zod changes nothing: the lean check must take it.
          throw new Error(`valid body refused: ${JSON.stringify(raw)?.slice(0, 300)}`);
        }
      }),
      { numRuns: 20_000 },
    );
    expect(accepted).toBeGreaterThan(500);
  });

  it('takes the usual request as it is', () => {
    const b = {
      messages: [
        { role: 'user', content: 'Which running shoes for a marathon?' },
        { role: 'assistant', content: 'Cushioned ones.' },
      ],
      sessionId: 's-1',
      placements: [{ placement: 'below_response', placement_id: 'Chat-Below' }],
      device: { ua: 'Mozilla/5.0', country: 'US', model: 'x' },
      user: { id: 'u1', other: true },
      relevancy: 0.5,
    };
    expect(leanAdRequest(b)).toBe(b);
    // The public clients' defaults take the lean path too.
    const sdk = {
      ...b,
      relevancy: null,
      excludedTopics: [],
      numAds: 1,
      render_context: { max_ad_length: 200 },
      user: { uid: 'u1', gender: 'female' },
    };
    expect(leanAdRequest(sdk)).toBe(sdk);
  });
});
