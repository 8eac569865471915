import { describe, expect, it } from 'vitest';
import { inBatches } from '#client/data/store/batches.ts';

describe('inBatches', () => {
  it('issues a batch once the one before is answered, and answers the results in order', async () => {
    const issued: number[][] = [];
    const settle: (() => void)[] = [];
    const work = (batch: number[]) => {
      issued.push(batch);
      return new Promise<number[]>((resolve) => settle.push(() => resolve(batch.map((item) => item * 10))));
    };
    const done = inBatches([1, 2, 3, 4, 5], 2, work);
    await Promise.resolve();
    expect(issued).toEqual([[1, 2]]);
    settle[0]!();
    await new Promise((resolve) => setTimeout(resolve));
    expect(issued).toEqual([
      [1, 2],
      [3, 4],
    ]);
    settle[1]!();
    await new Promise((resolve) => setTimeout(resolve));
    settle[2]!();
    expect(await done).toEqual([10, 20, 30, 40, 50]);
  });

  it('fails with the first batch that fails and issues no more', async () => {
    let calls = 0;
    const failing = inBatches([1, 2, 3, 4, 5, 6], 2, (batch) => {
      calls += 1;
      return batch[0] === 1 ? Promise.reject(new Error('disk full')) : Promise.resolve(batch);
    });
    await expect(failing).rejects.toThrow('disk full');
    expect(calls).toBe(1);
  });
});
