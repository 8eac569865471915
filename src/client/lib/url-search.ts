/*
 * Which form or record a screen has open lives in its URL (`?new=1`, `?ticket=<id>`), so the dashboard
 * and other screens can link straight to it and a reload keeps it open. Each screen route declares its
 * search with these; a malformed value is dropped instead of breaking the screen. They are plain
 * functions, not zod: route definitions load with the first page, and zod loads only when a record does.
 */
import { regexes } from 'zod/v4/core';

/** Reads one search value: the value when it is well formed, else undefined. */
type Reader<T> = (value: unknown) => T | undefined;

/** `?new=1`: the screen's create form is open. */
export const newFlag: Reader<1> = (value) => (value === 1 ? 1 : undefined);

/** The pattern of `idSchema` (`z.uuid()`): zod's regexes module alone, not its parsers. */
const uuid = regexes.uuid();

/** A record's id (`?ticket=<id>`, `?edit=<id>`). */
export const recordId: Reader<string> = (value) => (typeof value === 'string' && uuid.test(value) ? value : undefined);

export const oneOf =
  <T extends string>(values: readonly T[]): Reader<T> =>
  (value) =>
    values.find((known) => known === value);

export const text: Reader<string> = (value) => (typeof value === 'string' ? value : undefined);

/**
 * A route's `validateSearch`: each key read by its reader. Every key is answered, undefined when missing
 * or malformed, because the router lays the answer over the raw search: a key left out keeps its raw value.
 */
export function searchOf<R extends Record<string, Reader<unknown>>>(readers: R) {
  return (search: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(readers).map(([key, reader]) => [key, reader(search[key])])) as {
      [K in keyof R]?: ReturnType<R[K]>;
    };
}

/** How a screen opens or closes a modal: the search replaces the current one without a history entry. */
export const modalNavigation = { replace: true, resetScroll: false } as const;
