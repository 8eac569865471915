import { getRouteApi } from '@tanstack/react-router';
import { binLink, partLink } from '#shared/part-link.ts';
import { Select } from '#client/components/ui/Field.tsx';
import { LabelPrint } from '#client/features/labels/LabelPrint.tsx';
import { QrLabel } from '#client/features/labels/LabelSheets.tsx';
import { filterParts } from './part-filters.ts';
import { useParts, useStorerooms } from './use-parts.ts';

const route = getRouteApi('/_app/parts_/labels');

/**
 * QR labels of the parts the Parts screen's filters keep (`?search=&storeroom=&below=`), or of a
 * storeroom's bins (`?binsOf=<storeroom>`). A part's label opens the part, a bin's the bin's parts.
 */
export function PartLabelsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const parts = useParts();
  const rooms = useStorerooms().data;
  const room = rooms?.find((candidate) => candidate._id === search.binsOf);
  const choose = (next: Partial<typeof search>) => void navigate({ search: { ...search, ...next }, replace: true });
  const origin = window.location.origin;
  const filters = (
    <div className="w-72 max-w-full">
      <Select
        aria-label="Labels of"
        placeholder="Parts (the Parts screen's filters)"
        options={(rooms ?? []).map(({ _id, name }) => ({ value: _id, label: `Bins of ${name}` }))}
        value={search.binsOf ?? ''}
        onChange={(event) => choose({ binsOf: event.target.value || undefined })}
      />
    </div>
  );
  const common = {
    filters,
    sheetId: search.sheet,
    onSheet: (sheet: string) => choose({ sheet }),
    subtitle: 'QR labels that open the part in the app; print at 100 % on the chosen sheet',
  };

  if (search.binsOf) {
    return (
      <LabelPrint {...common} title="Bin Labels" items={room?.bins} loading="Loading the storeroom">
        {(bin, sheet) => (
          <QrLabel
            sheet={sheet}
            link={binLink(origin, bin._id)}
            title={`${room!.name} ${bin.code}`}
            code={bin.code}
            note={bin.description || room!.location}
            marker={{ 'data-bin-label': bin._id }}
          />
        )}
      </LabelPrint>
    );
  }
  return (
    <LabelPrint {...common} title="Part Labels" items={parts && filterParts(parts, search)} loading="Loading parts">
      {(part, sheet) => (
        <QrLabel
          sheet={sheet}
          link={partLink(origin, part._id)}
          title={part.name}
          code={part.partNumber}
          note={part.bins.map((row) => `${row.bin.storeroom.name} ${row.bin.code}`).join(', ') || part.unit}
          marker={{ 'data-part-label': part._id }}
        />
      )}
    </LabelPrint>
  );
}
