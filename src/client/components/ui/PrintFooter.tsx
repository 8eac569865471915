import { Printer } from 'lucide-react';
import { Button } from './Button.tsx';
import { formatDateTime } from '#client/lib/dates.ts';

/** The Print button of a record's dialog (it prints the dialog alone: styles.css). */
export function PrintButton() {
  return (
    <Button variant="secondary" onClick={() => window.print()}>
      <Printer aria-hidden="true" className="size-4" /> Print
    </Button>
  );
}

/** On paper only: when it was printed, and the lines a report is signed on before it is filed. */
export function PrintSignatures({ signers }: { signers: string[] }) {
  return (
    <section aria-hidden="true" className="hidden space-y-6 pt-4 text-sm text-slate-700 print:block">
      <p>Printed {formatDateTime(new Date())} from IMSP.</p>
      <div className="grid grid-cols-2 gap-x-8 gap-y-10">
        {signers.map((signer) => (
          <div key={signer} className="space-y-1">
            <div className="h-10 border-b border-slate-500" />
            <p>{signer}: name, signature, date</p>
          </div>
        ))}
      </div>
    </section>
  );
}
