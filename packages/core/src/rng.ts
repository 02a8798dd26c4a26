/**
 * Seeded pseudo-random generator (sfc32, seeded through cyrb128). Integer arithmetic only,
 * so the same seed gives the same sequence on every machine; its whole state is four
 * 32-bit words and can be saved and restored.
 */
export type RngState = readonly [number, number, number, number];

/** Hashes a string seed into four 32-bit words (cyrb128). */
export function seedWords(seed: string): RngState {
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  private constructor(state: RngState) {
    [this.a, this.b, this.c, this.d] = state;
  }

  /** A generator from a string seed; the first outputs are discarded to mix the state. */
  static fromSeed(seed: string): Rng {
    const rng = new Rng(seedWords(seed));
    for (let i = 0; i < 12; i++) rng.next();
    return rng;
  }

  static fromState(state: RngState): Rng {
    return new Rng(state);
  }

  state(): RngState {
    return [this.a, this.b, this.c, this.d];
  }

  clone(): Rng {
    return new Rng(this.state());
  }

  /** The next 32-bit unsigned integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A uniform integer in [0, n), for 0 < n <= 2^32 (rejection sampling: no bias). */
  int(n: number): number {
    if (n <= 1) return 0;
    const limit = 4294967296 - (4294967296 % n);
    let x = this.next();
    while (x >= limit) x = this.next();
    return x % n;
  }

  /** A float in [0, 1) with 32 bits of randomness. */
  float(): number {
    return this.next() / 4294967296;
  }

  /** Shuffles in place (Fisher–Yates) and returns the array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = items[i];
      items[i] = items[j];
      items[j] = t;
    }
    return items;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  /** A fresh seed string derived from this generator (for child generators). */
  deriveSeed(): string {
    return `${this.next().toString(36)}-${this.next().toString(36)}`;
  }
}
