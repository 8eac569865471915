/** A seeded pseudo-random source (mulberry32), so that every seed run produces the same plant. */
export function createRandom(seed: number) {
  let state = seed >>> 0;

  function next(): number {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  }

  const random = {
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    between: (min: number, max: number) => min + next() * (max - min),
    chance: (probability: number) => next() < probability,
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]!;
    },
    /** `count` distinct items in random order. */
    sample<T>(items: readonly T[], count: number): T[] {
      const pool = [...items];
      for (let index = pool.length - 1; index > 0; index -= 1) {
        const other = Math.floor(next() * (index + 1));
        [pool[index], pool[other]] = [pool[other]!, pool[index]!];
      }
      return pool.slice(0, count);
    },
    /** Picks by weight: `[['Pending', 3], ['Closed', 1]]` gives Pending three times as often. */
    weighted<T>(entries: readonly (readonly [T, number])[]): T {
      let roll = next() * entries.reduce((sum, [, weight]) => sum + weight, 0);
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      return entries[entries.length - 1]![0];
    },
    /** A version 4 UUID drawn from this source. */
    uuid(): string {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
      hex[12] = '4';
      hex[16] = (Math.floor(next() * 4) + 8).toString(16);
      const text = hex.join('');
      return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
    },
  };
  return random;
}

export type Random = ReturnType<typeof createRandom>;
