import type { LocalPart } from './use-parts.ts';

/** The Parts screen's filters, as its URL holds them. */
export interface PartFilters {
  search?: string | undefined;
  storeroom?: string | undefined;
  below?: 1 | undefined;
  bin?: string | undefined;
}

const matches = (part: LocalPart, words: string) =>
  `${part.partNumber} ${part.name}`.toLowerCase().includes(words.trim().toLowerCase());

/** The parts these filters keep (on the device, so offline too). */
export const filterParts = (parts: LocalPart[], filters: PartFilters) =>
  parts.filter(
    (part) =>
      (!filters.search || matches(part, filters.search)) &&
      (!filters.storeroom || part.bins.some((row) => row.bin.storeroom._id === filters.storeroom)) &&
      (!filters.below || part.belowMinimum) &&
      (!filters.bin || part.bins.some((row) => row.bin._id === filters.bin)),
  );
