import type { ListQuery } from '#client/data/store/read-page.ts';
import type { ListFilters } from './record-kind.ts';

/** A list's filters and search as the device's lists take them (`data/store/read-page.ts`): the set ones only. */
export const listQuery = <F extends ListFilters>(filters: F, fields: readonly (keyof F & string)[]): ListQuery => ({
  filters: fields.map((field) => [field, String(filters[field])] as const).filter(([, value]) => value !== ''),
  search: filters.search,
});
