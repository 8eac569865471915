import { Eye } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { Button } from '#client/components/ui/Button.tsx';
import type { RecordColumn } from './record-kind.ts';

type Keep<R> = ((record: R) => Promise<void>) | undefined;

interface RecordTableProps<R extends { _id: string }> {
  records: R[];
  /** The first column's head ('Ticket'). */
  titleHeader: string;
  title: (record: R) => ReactNode;
  /** The accessible name of a record ('TKT-000042'). */
  name: (record: R) => string;
  columns: readonly RecordColumn<R>[];
  onView: (record: R) => void;
  keep: Keep<R>;
}

function ViewButton({ name, onView }: { name: string; onView: () => void }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`View ${name}`}
      onClick={(event) => {
        event.stopPropagation();
        onView();
      }}
    >
      <Eye aria-hidden="true" className="size-5" />
    </Button>
  );
}

const head = 'px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase';

const cell = 'px-3 py-3 align-middle';
/** Columns the narrower table leaves out; the class strings are whole so Tailwind finds them. */
const wideOnly = 'hidden @4xl:table-cell';

type RowProps<R extends { _id: string }> = Omit<RecordTableProps<R>, 'records' | 'titleHeader'> & { record: R };

/**
 * A row, drawn again only when its record or the list's way of drawing it changed: a live list's
 * answers keep the objects of unchanged records (use-live-query.ts), so a sync's page that adds
 * older records leaves the rows on screen as they are.
 */
const TableRow = memo(function TableRow({ record, title, name, columns, onView, keep }: RowProps<{ _id: string }>) {
  return (
    <tr onClick={() => onView(record)} className="cursor-pointer hover:bg-slate-50">
      <td className={cell}>{title(record)}</td>
      {columns.map((column) => (
        <td key={column.header} className={`${cell} ${column.wideOnly ? wideOnly : ''}`}>
          {column.cell(record, keep)}
        </td>
      ))}
      <td className="px-1 py-1 text-right">
        <ViewButton name={name(record)} onView={() => onView(record)} />
      </td>
    </tr>
  );
});

/** The same record as a card, for a narrow list. */
const CardRow = memo(function CardRow({ record, title, name, columns, onView, keep }: RowProps<{ _id: string }>) {
  return (
    <li onClick={() => onView(record)} className="cursor-pointer rounded-xl border border-slate-200 bg-surface p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">{title(record)}</div>
        <ViewButton name={name(record)} onView={() => onView(record)} />
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-3 text-sm min-[22rem]:grid-cols-2">
        {columns.map((column) => (
          <div key={column.header} className="min-w-0">
            <dt className="text-xs font-medium text-slate-500">{column.header}</dt>
            <dd className="mt-1 min-w-0">{column.cell(record, keep)}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
});

/**
 * The list as wide as its container allows: the whole table from about 900 px, the table without its
 * less important columns from 672 px, cards below, so no column is squeezed and a phone never
 * scrolls sideways. A tap anywhere on a row or card opens the record; the status control keeps to itself.
 */
export function RecordTable<R extends { _id: string }>(props: RecordTableProps<R>) {
  const { records, titleHeader, columns, ...rest } = props;
  // The rows take any record: the list's own type stays on its callbacks, which they only pass it back to.
  const rowProps = { ...rest, columns } as unknown as Omit<RowProps<{ _id: string }>, 'record'>;
  return (
    <div className="@container">
      <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-surface @2xl:block">
        <table className="w-full table-fixed text-sm">
          <thead className="border-b border-slate-200 bg-slate-50">
            <tr>
              <th scope="col" className={head}>
                {titleHeader}
              </th>
              {columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={`${head} ${column.width ?? ''} ${column.wideOnly ? wideOnly : ''}`}
                >
                  {column.header}
                </th>
              ))}
              <th scope="col" className={`${head} w-14`}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {records.map((record) => (
              <TableRow key={record._id} {...rowProps} record={record} />
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 @2xl:hidden">
        {records.map((record) => (
          <CardRow key={record._id} {...rowProps} record={record} />
        ))}
      </ul>
    </div>
  );
}
