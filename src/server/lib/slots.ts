/** At most `size` tasks at a time; the others wait their turn, first come first served. */
export class Slots {
  #free: number;
  readonly #waiting: (() => void)[] = [];
  readonly #maxWaiting: number;

  constructor(size: number, maxWaiting = Number.POSITIVE_INFINITY) {
    this.#free = size;
    this.#maxWaiting = maxWaiting;
  }

  /** Every slot is taken and `maxWaiting` tasks wait already: a caller that must not queue longer refuses. */
  get isFull(): boolean {
    return this.#free === 0 && this.#waiting.length >= this.#maxWaiting;
  }

  async run<T>(task: () => T | Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free -= 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free += 1;
    }
  }
}
