import { expect, it } from 'vitest';
import { Slots } from '#server/lib/slots.ts';

it('runs at most its size of tasks at a time, the others in the order they came', async () => {
  const slots = new Slots(2);
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const task = (index: number) =>
    slots.run(async () => {
      started.push(index);
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (index === 3) throw new Error('a failed task frees its turn too');
      return index;
    });
  const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(task));
  expect(most).toBe(2);
  expect(started).toEqual([1, 2, 3, 4, 5, 6]);
  expect(results.map((result) => result.status)).toEqual([
    'fulfilled',
    'fulfilled',
    'rejected',
    'fulfilled',
    'fulfilled',
    'fulfilled',
  ]);
});

it('is full once every slot is taken and its most waiting tasks wait', async () => {
  const slots = new Slots(1, 1);
  let release = () => {};
  const first = slots.run(() => new Promise<void>((resolve) => (release = resolve)));
  expect(slots.isFull).toBe(false);
  const second = slots.run(() => undefined);
  expect(slots.isFull).toBe(true);
  release();
  await Promise.all([first, second]);
  expect(slots.isFull).toBe(false);
});
