import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Package } from 'lucide-react';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { Select } from '#client/components/ui/Field.tsx';
import { PageHeader } from '#client/components/ui/PageHeader.tsx';
import { SearchInput } from '#client/components/ui/SearchInput.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { modalNavigation } from '#client/lib/url-search.ts';
import { PartCard } from './PartCard.tsx';
import { BinFilter } from './BinFilter.tsx';
import { PartDialog } from './PartDialog.tsx';
import { filterParts } from './part-filters.ts';
import { PartsToolbar } from './PartsToolbar.tsx';
import { useParts, type LocalPart } from './use-parts.ts';

const route = getRouteApi('/_app/parts');

/** The most cards shown at once: a search or a filter narrows the rest. */
const shownLimit = 120;

/** The storerooms the device's parts have moved through, by name (works offline). */
function storeroomsOf(parts: LocalPart[]) {
  const rooms = new Map<string, string>();
  for (const part of parts) for (const row of part.bins) rooms.set(row.bin.storeroom._id, row.bin.storeroom.name);
  return [...rooms].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * The stores (src/docs/parts.md): the catalogue as this device holds it, with the stock the server last
 * listed and this device's moves on top. Search, storeroom and below-minimum filters work offline.
 */
export function PartsPage() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/parts' });
  const parts = useParts();
  const all = parts ?? [];
  const shown = filterParts(all, search);
  const setFilter = (patch: Partial<typeof search>) =>
    void navigate({ search: (current) => ({ ...current, ...patch }), replace: true });
  const openPart = (id: string | undefined) =>
    void navigate({ search: (current) => ({ ...current, part: id }), ...modalNavigation });
  const discrepancies = all.filter((part) => part.discrepancy).length;

  return (
    <div>
      <PageHeader
        title="Parts"
        subtitle={
          parts
            ? `${all.length} parts · ${all.filter((part) => part.belowMinimum).length} below minimum · ${discrepancies} with a discrepancy`
            : 'The stores: parts, their bins and their stock.'
        }
        actions={<PartsToolbar filters={search} shown={shown} />}
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_14rem_auto] sm:items-center">
        <SearchInput
          aria-label="Search parts"
          placeholder="Part number or name"
          value={search.search ?? ''}
          onChange={(event) => setFilter({ search: event.target.value || undefined })}
        />
        <Select
          aria-label="Storeroom"
          placeholder="All storerooms"
          options={storeroomsOf(all)}
          value={search.storeroom ?? ''}
          onChange={(event) => setFilter({ storeroom: event.target.value || undefined })}
        />
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="size-5"
            checked={search.below === 1}
            onChange={(event) => setFilter({ below: event.target.checked ? 1 : undefined })}
          />
          Below minimum
        </label>
      </div>
      {search.bin && (
        <BinFilter
          binId={search.bin}
          parts={shown}
          isPartOpen={!!search.part}
          onOpen={openPart}
          onClear={() => setFilter({ bin: undefined })}
        />
      )}
      {!parts && <Spinner />}
      {parts && shown.length === 0 && (
        <EmptyState
          icon={Package}
          title="No parts"
          description={
            all.length === 0
              ? 'The catalogue reaches this device with the next sync.'
              : 'No part matches these filters.'
          }
        />
      )}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {shown.slice(0, shownLimit).map((part) => (
          <PartCard key={part._id} part={part} onOpen={() => openPart(part._id)} />
        ))}
      </div>
      {shown.length > shownLimit && (
        <p className="mt-4 text-sm text-slate-600">
          Showing {shownLimit} of {shown.length} parts: search or filter to find the others.
        </p>
      )}
      {search.part && <PartDialog partId={search.part} onClose={() => openPart(undefined)} />}
    </div>
  );
}
