/** Escapes LIKE wildcards so user search text matches literally. */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export const iso = (value: Date) => value.toISOString();
export const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}
