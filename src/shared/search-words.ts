/**
 * The text search of tickets and incidents, the same on the server and on the device: a record
 * matches when every word of the query is the start of some word of the record. A word is a run of
 * letters and digits (any script); case does not matter.
 */

const wordPattern = /[\p{L}\p{N}]+/gu;

/** The words of a text, lower-cased, in order (repeats kept). */
export function wordsOf(text: string): string[] {
  return text.normalize('NFC').toLowerCase().match(wordPattern) ?? [];
}

/** The distinct words of a query. */
export function queryWords(search: string): string[] {
  return [...new Set(wordsOf(search))];
}

/**
 * The words of a record number ('TKT-000042'): its parts, and its digits without leading zeros as
 * well, so that '42' finds it.
 */
export function numberWords(recordNumber: string): string[] {
  const words = wordsOf(recordNumber);
  const unpadded = words.filter((word) => /^0+\d/.test(word)).map((word) => word.replace(/^0+(?=\d)/, ''));
  return [...words, ...unpadded];
}

/** The distinct words a record is found by: its number's (`numberWords`) and those of its texts. */
export function recordWords(ofNumber: readonly string[], texts: readonly string[]): string[] {
  const words = new Set(ofNumber);
  for (const text of texts) for (const word of wordsOf(text)) words.add(word);
  return [...words];
}

/** Whether a record with these words matches every query word. */
export const matchesAll = (words: readonly string[], query: readonly string[]) =>
  query.every((part) => words.some((word) => word.startsWith(part)));
