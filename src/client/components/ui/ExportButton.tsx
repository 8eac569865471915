import { Download } from 'lucide-react';
import { useState } from 'react';
import { exportList, type ListExport } from '#client/lib/export-csv.ts';
import { notify } from '#client/lib/notify.ts';
import { Button } from './Button.tsx';
import { formatCount } from '#client/lib/counts.ts';

type ExportButtonProps<T> = ListExport<T> & {
  /** `tickets`: what the toasts call the records. */
  noun: string;
};

/** Export CSV: what the filters show, all pages; offline from this device, and the toast says so. */
export function ExportButton<T>({ noun, ...list }: ExportButtonProps<T>) {
  const [busy, setBusy] = useState(false);
  async function exportNow() {
    setBusy(true);
    try {
      const result = await exportList(list);
      if (result.from === 'server') notify.success(`Exported the ${noun} that match`);
      else {
        notify.success(
          `Offline: exported the ${formatCount(result.count)} ${noun} on this device; older ones on the server need a connection`,
        );
      }
    } catch (error) {
      notify.error(error, `Failed to export ${noun}`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" loading={busy} onClick={() => void exportNow()}>
      <Download aria-hidden="true" className="size-5" /> Export CSV
    </Button>
  );
}
