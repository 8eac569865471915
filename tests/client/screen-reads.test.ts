import { expect, it } from 'vitest';
import { countedRead, screensHadTheirTurn } from '#client/data/store/screen-reads.ts';

const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

it('waits for a read that starts again as the last one ends (a live query whose answer a write made stale)', async () => {
  let endFirst!: () => void;
  let endAgain!: () => void;
  const again = new Promise<void>((resolve) => (endAgain = resolve));
  const reads = countedRead(() => new Promise<void>((resolve) => (endFirst = resolve))).then(() =>
    countedRead(() => again),
  );
  let hadTurn = false;
  const turn = screensHadTheirTurn(5_000).then(() => (hadTurn = true));

  await settled();
  endFirst();
  await settled();
  expect(hadTurn).toBe(false);
  endAgain();
  await Promise.all([reads, turn]);
  expect(hadTurn).toBe(true);
});
