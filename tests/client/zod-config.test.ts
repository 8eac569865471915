import '#client/lib/zod-config.ts';
import { expect, it } from 'vitest';
import { z } from 'zod';

it('makes zod parse without compiling code, so the CSP sees no eval probe', () => {
  expect(z.config().jitless).toBe(true);
  const RealFunction = globalThis.Function;
  let compiled = 0;
  globalThis.Function = new Proxy(RealFunction, {
    construct(target, args: string[]) {
      compiled += 1;
      return Reflect.construct(target, args);
    },
  });
  try {
    const schema = z.object({ name: z.string(), count: z.number() });
    expect(schema.parse({ name: 'Press', count: 2 })).toEqual({ name: 'Press', count: 2 });
  } finally {
    globalThis.Function = RealFunction;
  }
  expect(compiled).toBe(0);
});
