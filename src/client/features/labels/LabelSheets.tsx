import type { ReactNode } from 'react';
import { intoSheets, type LabelSheet } from './label-sheets.ts';
import { QrCode } from './QrCode.tsx';

const mm = (value: number) => `${value}mm`;

interface QrLabelProps {
  sheet: LabelSheet;
  /** The URL the QR code holds. */
  link: string;
  title: string;
  /** The code printed in monospace under the title (a machine ID, a part number, a bin code). */
  code: string;
  note: string;
  /** The data attribute that finds this label (`data-machine-label`). */
  marker: Record<`data-${string}`, string>;
}

/** One label: the QR code and, beside it, what it names in large print. */
export function QrLabel({ sheet, link, title, code, note, marker }: QrLabelProps) {
  const qrSize = Math.min(sheet.label.height - 6, 40);
  return (
    <div className="flex h-full items-center gap-[3mm] overflow-hidden p-[3mm]" {...marker}>
      <QrCode text={link} label={`QR code of ${title}`} size={mm(qrSize)} />
      <div className="min-w-0 leading-tight text-black">
        <p className="line-clamp-2 text-[11pt] font-bold">{title}</p>
        <p className="mt-[1mm] font-mono text-[10pt]">{code}</p>
        <p className="mt-[1mm] line-clamp-2 text-[8pt]">{note}</p>
      </div>
    </div>
  );
}

interface LabelSheetsProps<T> {
  items: T[];
  sheet: LabelSheet;
  /** The label of one item (a `QrLabel`) on this sheet. */
  children: (item: T, sheet: LabelSheet) => ReactNode;
}

/**
 * The labels laid out on real sheets, in millimetres: one page each, printed at 100 % with no margins
 * (the page's own @page rule), so each label lands on its sticker.
 */
export function LabelSheets<T extends { _id: string }>({ items, sheet, children }: LabelSheetsProps<T>) {
  return (
    <div data-label-sheets className="space-y-6 overflow-x-auto print:space-y-0 print:overflow-visible">
      <style>{`@page { size: ${mm(sheet.page.width)} ${mm(sheet.page.height)}; margin: 0; }`}</style>
      {intoSheets(items, sheet).map((labels, index) => (
        <section
          key={index}
          aria-label={`Sheet ${index + 1}`}
          className="relative bg-white shadow-md break-after-page print:shadow-none"
          style={{ width: mm(sheet.page.width), height: mm(sheet.page.height) }}
        >
          {labels.map((item, at) => {
            const column = at % sheet.columns;
            const row = Math.floor(at / sheet.columns);
            return (
              <div
                key={item._id}
                className="absolute outline outline-dashed outline-slate-200 print:outline-none"
                style={{
                  left: mm(sheet.left + column * (sheet.label.width + sheet.columnGap)),
                  top: mm(sheet.top + row * (sheet.label.height + sheet.rowGap)),
                  width: mm(sheet.label.width),
                  height: mm(sheet.label.height),
                }}
              >
                {children(item, sheet)}
              </div>
            );
          })}
        </section>
      ))}
    </div>
  );
}
