import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_PRODUCT_COUNT, generateProducts, PRODUCT_TYPES } from './generator.js';

/** SHA-256 of the generated rows, one JSON line each. */
function catalogHash(count: number, seed: number): string {
  const hash = createHash('sha256');
  for (const row of generateProducts({ count, seed })) hash.update(JSON.stringify(row) + '\n');
  return hash.digest('hex');
}

// The hashes were taken from the generator before its product types became data (issue 26): the demo
// catalog, the relevance set and the benchmarks are built from these rows, so they must not move.
describe('demo catalog generator', () => {
  it('gives the same catalog for a seed, byte for byte', () => {
    expect(catalogHash(DEMO_PRODUCT_COUNT, 42)).toBe(
      'e9fe482a97cc23282f3d4011f21004a06f26493ea87c998ae53c07c38bba492f',
    );
    expect(catalogHash(20_000, 7)).toBe('f4f6b941083cb23acea61a4d74dfdcd6102fa31f87188030897e8ffeebbe8c87');
  });

  it('reads the product type table unchanged', () => {
    const hash = createHash('sha256').update(JSON.stringify(PRODUCT_TYPES)).digest('hex');
    expect(hash).toBe('69f6854cb921c07cd5a040068c181d425ea8f79611b2c5fd2cc5ea4623cfe44b');
  });

  it('gives another catalog for another seed', () => {
    expect(catalogHash(1000, 43)).not.toBe(catalogHash(1000, 42));
  });
});
