import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export const cellClass = {
  text: 'px-3 py-2 text-left',
  number: 'px-3 py-2 text-right whitespace-nowrap tabular-nums',
} as const;

export interface FigureColumn<Row> {
  header: string;
  value: (row: Row) => ReactNode;
  /** Right-aligned, in figures of one width. */
  numeric?: boolean;
  strong?: boolean;
}

interface FigureTableProps<Row> {
  columns: FigureColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Said in place of the rows when there are none. */
  empty: string;
}

/** The analytics' tables of figures: a header, a row a record, and a line when there is none. */
export function FigureTable<Row>({ columns, rows, rowKey, empty }: FigureTableProps<Row>) {
  const classOf = (column: FigureColumn<Row>) =>
    `${cellClass[column.numeric ? 'number' : 'text']}${column.strong ? ' font-medium' : ''}`;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead className="text-slate-600">
          <tr>
            {columns.map((column) => (
              <th key={column.header} className={cellClass[column.numeric ? 'number' : 'text']}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.header} className={classOf(column)}>
                  {column.value(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p className="px-3 py-2 text-sm text-slate-500">{empty}</p>}
    </div>
  );
}

/** A machine's name that opens it on the Machines screen. */
export function MachineLink({ machine }: { machine: { _id: string; name: string } }) {
  return (
    <Link
      to="/machines"
      search={{ machine: machine._id }}
      className="inline-flex min-h-11 min-w-11 items-center text-brand-700 hover:underline"
    >
      {machine.name}
    </Link>
  );
}
