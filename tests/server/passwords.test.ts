import { expect, it } from 'vitest';
import { hashPassword, unknownUserHash, verifyPassword } from '#server/lib/passwords.ts';

const parameters = (stored: string) => stored.split('$').slice(0, 4);

it('checks an unknown email against a hash made with the parameters of new passwords', async () => {
  const made = await hashPassword('Roller#2026');
  expect(parameters(unknownUserHash)).toEqual(parameters(made));
  expect(await verifyPassword('Roller#2026', made)).toBe(true);
  expect(await verifyPassword('Roller#2026', unknownUserHash)).toBe(false);
});
