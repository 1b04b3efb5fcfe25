/**
 * A small seeded PRNG for the seed data generator: sfc32 (Chris Doty-Humphrey's "small fast
 * chaotic" generator, 128-bit state, passes PractRand), seeded through splitmix32. Pure 32-bit
 * integer arithmetic, so the same seed gives the same sequence on every platform and Node version.
 *
 * Never use Math.random or the clock for seed data: everything must follow from the seed.
 */

/** splitmix32 step: a good 32-bit integer mixer, used to spread seeds and for hashing. */
export function mix32(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** A stateless hash of a few integers to an unsigned 32-bit integer. */
export function hash32(a: number, b = 0, c = 0, d = 0): number {
  let h = mix32(a | 0);
  h = mix32((h ^ (b | 0)) >>> 0);
  h = mix32((h ^ (c | 0)) >>> 0);
  return mix32((h ^ (d | 0)) >>> 0);
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** `stream` selects an independent sequence for the same seed (one per generator section). */
  constructor(seed: number, stream = 0) {
    const s = hash32(seed, stream, 0x5eed);
    this.a = mix32(s);
    this.b = mix32(this.a ^ 0x1234567);
    this.c = mix32(this.b ^ 0x89abcdef);
    this.d = 1;
    for (let i = 0; i < 15; i++) this.u32(); // warm up
  }

  /** Next unsigned 32-bit integer. */
  u32(): number {
    const a = this.a;
    const b = this.b;
    const c = this.c;
    const d = this.d;
    const t = (((a + b) | 0) + d) | 0;
    this.d = (d + 1) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    const r = (c << 21) | (c >>> 11);
    this.c = (r + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** A uniformly chosen element (the array must not be empty). */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Index chosen with probability proportional to `weights[i]` (linear scan; small arrays). */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i] as number;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  /** An element chosen with probability proportional to its weight. */
  pickWeighted<T>(items: readonly T[], weights: readonly number[]): T {
    return items[this.weighted(weights)] as T;
  }

  /**
   * Index chosen from a cumulative weight table (`cumulative(...)`), by binary search:
   * for large tables such as one weight per student.
   */
  pickCumulative(cum: Float64Array): number {
    const n = cum.length;
    const r = this.next() * (cum[n - 1] as number);
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cum[mid] as number) > r) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** Fisher–Yates shuffle in place; returns the same array. */
  shuffle<A extends { length: number; [i: number]: unknown }>(arr: A): A {
    for (let i = arr.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const t = arr[i];
      arr[i] = arr[j];
      arr[j] = t;
    }
    return arr;
  }

  /** Standard normal deviate (Box–Muller). */
  normal(): number {
    const u = 1 - this.next(); // (0, 1]
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}

/** Running sums of `weights`, for `Rng.pickCumulative`. */
export function cumulative(weights: ArrayLike<number>): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  for (let i = 0; i < weights.length; i++) {
    sum += weights[i] as number;
    out[i] = sum;
  }
  return out;
}
