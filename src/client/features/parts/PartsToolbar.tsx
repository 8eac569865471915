import { Link } from '@tanstack/react-router';
import { Plus, QrCode, ShoppingCart, Warehouse } from 'lucide-react';
import { useState } from 'react';
import { partStockColumns } from '#shared/export-columns.ts';
import { can } from '#shared/permissions.ts';
import { Button, buttonClasses } from '#client/components/ui/Button.tsx';
import { ExportButton } from '#client/components/ui/ExportButton.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import type { PartFilters } from './part-filters.ts';
import { PartFormModal } from './PartFormModal.tsx';
import { StoreroomsDialog } from './StoreroomsDialog.tsx';
import type { LocalPart } from './use-parts.ts';

/** A line per part and bin, as the server's stock export writes them (a part never stocked: one line). */
const stockLines = (parts: LocalPart[]) =>
  parts.flatMap((part) => (part.bins.length > 0 ? part.bins : [null]).map((stock) => ({ part, stock })));

/** The Parts screen's actions: the reorder list, labels and the stock export of what the filters show; for the stores, New part and Storerooms. */
export function PartsToolbar({ filters, shown }: { filters: PartFilters; shown: LocalPart[] }) {
  const user = useSignedInUser();
  const [open, setOpen] = useState<'part' | 'storerooms' | null>(null);
  const manages = can(user.role, 'part:manage');
  const { search, storeroom, below } = filters;
  return (
    <>
      <Link to="/purchasing" className={buttonClasses('secondary')}>
        <ShoppingCart aria-hidden="true" className="size-5" /> Reorder
      </Link>
      <Link to="/parts/labels" search={{ search, storeroom, below }} className={buttonClasses('secondary')}>
        <QrCode aria-hidden="true" className="size-5" /> Print Labels
      </Link>
      <ExportButton
        noun="parts"
        what="parts"
        query={{ search, storeroom, belowMinimum: below ? 'true' : undefined }}
        columns={partStockColumns}
        local={() => Promise.resolve(stockLines(shown))}
      />
      {manages && (
        <>
          <Button variant="secondary" onClick={() => setOpen('storerooms')}>
            <Warehouse aria-hidden="true" className="size-5" /> Storerooms
          </Button>
          <Button onClick={() => setOpen('part')}>
            <Plus aria-hidden="true" className="size-5" /> New part
          </Button>
        </>
      )}
      {open === 'part' && <PartFormModal onClose={() => setOpen(null)} />}
      {open === 'storerooms' && <StoreroomsDialog onClose={() => setOpen(null)} />}
    </>
  );
}
