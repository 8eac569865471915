import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/Button.tsx';
import { Select } from '#client/components/ui/Field.tsx';
import { PageHeader } from '#client/components/ui/PageHeader.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { labelSheets, perSheet, type LabelSheet } from './label-sheets.ts';
import { LabelSheets } from './LabelSheets.tsx';

interface LabelPrintProps<T> {
  title: string;
  subtitle: string;
  /** The filters that choose what is labelled, before the sheet choice. */
  filters: ReactNode;
  /** Undefined while they load. */
  items: T[] | undefined;
  loading: string;
  /** `?sheet=`: the chosen label sheet's id. */
  sheetId: string | undefined;
  onSheet: (id: string) => void;
  children: (item: T, sheet: LabelSheet) => ReactNode;
}

const counted = (count: number, noun: string) => `${count} ${count === 1 ? noun : `${noun}s`}`;

/** A screen of QR labels: what to label, the sheet, Print, and the sheets as they will print. */
export function LabelPrint<T extends { _id: string }>(props: LabelPrintProps<T>) {
  const sheet = labelSheets.find((candidate) => candidate.id === props.sheetId) ?? labelSheets[0]!;
  const count = props.items?.length ?? 0;
  return (
    <>
      <div className="print:hidden">
        <PageHeader
          title={props.title}
          subtitle={props.subtitle}
          actions={
            <Button onClick={() => window.print()} disabled={count === 0}>
              <Printer aria-hidden="true" className="size-4" /> Print Labels
            </Button>
          }
        />
        <div className="mb-6 flex flex-wrap items-center gap-3">
          {props.filters}
          <div className="w-96 max-w-full">
            <Select
              aria-label="Label sheet"
              options={labelSheets.map(({ id, name }) => ({ value: id, label: name }))}
              value={sheet.id}
              onChange={(event) => props.onSheet(event.target.value)}
            />
          </div>
          <p className="text-sm text-slate-600">
            {counted(count, 'label')} on {counted(Math.ceil(count / perSheet(sheet)), 'sheet')}
          </p>
        </div>
      </div>
      {props.items ? (
        <LabelSheets items={props.items} sheet={sheet}>
          {props.children}
        </LabelSheets>
      ) : (
        <Spinner label={props.loading} />
      )}
    </>
  );
}
