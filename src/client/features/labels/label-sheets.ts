/** Common self-adhesive label sheets, measured in millimetres (src/docs/qr-labels.md). */
export interface LabelSheet {
  id: string;
  name: string;
  page: { width: number; height: number };
  label: { width: number; height: number };
  columns: number;
  rows: number;
  /** Page margins: top and left; the gaps between labels. */
  top: number;
  left: number;
  columnGap: number;
  rowGap: number;
}

export const labelSheets: LabelSheet[] = [
  {
    id: 'a4-14',
    name: 'A4, 14 per sheet: 99.1 × 38.1 mm (Avery L7163)',
    page: { width: 210, height: 297 },
    label: { width: 99.1, height: 38.1 },
    columns: 2,
    rows: 7,
    top: 15.1,
    left: 4.7,
    columnGap: 2.5,
    rowGap: 0,
  },
  {
    id: 'a4-8',
    name: 'A4, 8 per sheet: 99.1 × 67.7 mm (Avery L7165)',
    page: { width: 210, height: 297 },
    label: { width: 99.1, height: 67.7 },
    columns: 2,
    rows: 4,
    top: 13.1,
    left: 4.7,
    columnGap: 2.5,
    rowGap: 0,
  },
  {
    id: 'letter-10',
    name: 'Letter, 10 per sheet: 4 × 2 in (Avery 5163)',
    page: { width: 215.9, height: 279.4 },
    label: { width: 101.6, height: 50.8 },
    columns: 2,
    rows: 5,
    top: 12.7,
    left: 4.0,
    columnGap: 4.8,
    rowGap: 0,
  },
];

export const perSheet = (sheet: LabelSheet) => sheet.columns * sheet.rows;

/** The items in sheets of `perSheet` labels, in order. */
export function intoSheets<T>(items: T[], sheet: LabelSheet): T[][] {
  const size = perSheet(sheet);
  const sheets: T[][] = [];
  for (let at = 0; at < items.length; at += size) sheets.push(items.slice(at, at + size));
  return sheets;
}
