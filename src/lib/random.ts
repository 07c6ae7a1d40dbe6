/**
 * A deterministic pseudo-random source (mulberry32): the same seed gives the same sequence in [0, 1),
 * so generated catalogs, test decisions and bench data are the same every run. The one copy: the
 * shop's generator, the tests' `seeded` and the benches take it from here.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
