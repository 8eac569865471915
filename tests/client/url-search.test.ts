import { expect, it } from 'vitest';
import { newId } from '#shared/ids.ts';
import { idSchema } from '#shared/schemas/common.ts';
import { newFlag, oneOf, recordId, searchOf, text } from '#client/lib/url-search.ts';

it('keeps the well-formed values of a screen search and answers undefined for the rest', () => {
  const id = newId();
  const search = searchOf({ new: newFlag, ticket: recordId, department: oneOf(['Casting', 'Smelting']), sheet: text });
  expect(search({ new: 1, ticket: id, department: 'Casting', sheet: 'a4-24', other: 'x' })).toEqual({
    new: 1,
    ticket: id,
    department: 'Casting',
    sheet: 'a4-24',
  });
  // Every key is answered, so the router's raw value under it is replaced.
  const malformed = search({ new: 'abc', ticket: 'not-an-id', department: 'Offices', sheet: 7 });
  expect(Object.keys(malformed)).toEqual(['new', 'ticket', 'department', 'sheet']);
  expect(Object.values(malformed).every((value) => value === undefined)).toBe(true);
});

it('accepts the record ids the server accepts', () => {
  const ids = [
    newId(),
    newId().toUpperCase(),
    '00000000-0000-0000-0000-000000000000',
    '0c5f4a52-9d3e-9a4b-8c1d-2e3f4a5b6c7d', // version 9
    '0c5f4a52-9d3e-4a4b-cc1d-2e3f4a5b6c7d', // variant c
    'not-an-id',
    '',
  ];
  for (const id of ids) expect(recordId(id) !== undefined, id).toBe(idSchema.safeParse(id).success);
});
