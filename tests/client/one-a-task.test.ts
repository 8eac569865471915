import { describe, expect, it } from 'vitest';
import { nextTask, oneATask } from '#client/lib/next-task.ts';

describe('oneATask', () => {
  it('runs the steps in order, a task each, and passes over one that fails', async () => {
    const ran: string[] = [];
    const step = (name: string) => () => {
      ran.push(name);
      // Work queued behind a step runs before the next step starts.
      void nextTask().then(() => ran.push(`after ${name}`));
      return Promise.resolve();
    };
    await oneATask([step('first'), () => Promise.reject(new Error('chunk not found')), () => undefined, step('last')]);
    expect(ran).toEqual(['first', 'after first', 'last', 'after last']);
  });
});
