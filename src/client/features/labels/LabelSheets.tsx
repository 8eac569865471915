import type { Machine } from '#shared/schemas/machine.ts';
import { machineLink } from '#shared/machine-link.ts';
import { intoSheets, type LabelSheet } from './label-sheets.ts';
import { QrCode } from './QrCode.tsx';

const mm = (value: number) => `${value}mm`;

function Label({ machine, sheet }: { machine: Machine; sheet: LabelSheet }) {
  const { height } = sheet.label;
  const qrSize = Math.min(height - 6, 40);
  return (
    <div className="flex h-full items-center gap-[3mm] overflow-hidden p-[3mm]" data-machine-label={machine._id}>
      <QrCode
        text={machineLink(window.location.origin, machine._id)}
        label={`QR code of ${machine.name}`}
        size={mm(qrSize)}
      />
      <div className="min-w-0 leading-tight text-black">
        <p className="line-clamp-2 text-[11pt] font-bold">{machine.name}</p>
        <p className="mt-[1mm] font-mono text-[10pt]">{machine.machineId}</p>
        <p className="mt-[1mm] line-clamp-2 text-[8pt]">
          {machine.location} · {machine.department}
        </p>
      </div>
    </div>
  );
}

/**
 * The labels laid out on real sheets, in millimetres: one page each, printed at 100 % with no margins
 * (the page's own @page rule), so each label lands on its sticker.
 */
export function LabelSheets({ machines, sheet }: { machines: Machine[]; sheet: LabelSheet }) {
  return (
    <div data-label-sheets className="space-y-6 overflow-x-auto print:space-y-0 print:overflow-visible">
      <style>{`@page { size: ${mm(sheet.page.width)} ${mm(sheet.page.height)}; margin: 0; }`}</style>
      {intoSheets(machines, sheet).map((labels, index) => (
        <section
          key={index}
          aria-label={`Sheet ${index + 1}`}
          className="relative bg-white shadow-md break-after-page print:shadow-none"
          style={{ width: mm(sheet.page.width), height: mm(sheet.page.height) }}
        >
          {labels.map((machine, at) => {
            const column = at % sheet.columns;
            const row = Math.floor(at / sheet.columns);
            return (
              <div
                key={machine._id}
                className="absolute outline outline-dashed outline-slate-200 print:outline-none"
                style={{
                  left: mm(sheet.left + column * (sheet.label.width + sheet.columnGap)),
                  top: mm(sheet.top + row * (sheet.label.height + sheet.rowGap)),
                  width: mm(sheet.label.width),
                  height: mm(sheet.label.height),
                }}
              >
                <Label machine={machine} sheet={sheet} />
              </div>
            );
          })}
        </section>
      ))}
    </div>
  );
}
