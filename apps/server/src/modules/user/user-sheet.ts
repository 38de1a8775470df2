import * as XLSX from '@e965/xlsx';

/**
 * Spreadsheets of user import and export (SheetJS CE): write one sheet, read the first sheet of an xls or
 * xlsx file as text cells. Pure functions on buffers; nothing touches the disk.
 */

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** What the bytes are (an xlsx is a zip, an xls an OLE compound file), whatever the name says. */
export function sniffSpreadsheet(data: Buffer): 'xlsx' | 'xls' | null {
  if (data.length >= 4 && data.subarray(0, 4).equals(ZIP_SIGNATURE)) return 'xlsx';
  if (data.length >= 8 && data.subarray(0, 8).equals(CFB_SIGNATURE)) return 'xls';
  return null;
}

export interface SheetColumn {
  header: string;
  /** characters */
  width?: number;
}

/** One sheet of text cells with a header row, as an xlsx file. */
export function writeSheet(
  name: string,
  columns: SheetColumn[],
  rows: Array<Array<string | number>>,
): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([columns.map((column) => column.header), ...rows]);
  sheet['!cols'] = columns.map((column) => ({ wch: column.width ?? Math.max(10, column.header.length * 2) }));
  // Text format on every column, so phones and dates typed into the template stay as typed.
  const range = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1');
  for (let row = range.s.r; row <= range.e.r; row++) {
    for (let col = range.s.c; col <= range.e.c; col++) {
      const cell = sheet[XLSX.utils.encode_cell({ r: row, c: col })] as XLSX.CellObject | undefined;
      if (cell && cell.t === 's') cell.z = '@';
    }
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, name.slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

export interface SheetRow {
  /** the row number a spreadsheet shows (the header is row 1) */
  row: number;
  cells: string[];
}

export type ReadResult =
  | { ok: true; headers: string[]; rows: SheetRow[]; truncated: boolean }
  | { ok: false; problem: 'unreadable' | 'empty' };

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** A cell as text: dates as yyyy-MM-dd, whole numbers without exponent (phones), the rest as shown. */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  if (cell.t === 'n' && typeof cell.v === 'number') {
    if (cell.z && XLSX.SSF.is_date(cell.z)) {
      const date = XLSX.SSF.parse_date_code(cell.v) as { y: number; m: number; d: number } | null;
      if (date) return `${date.y}-${pad(date.m)}-${pad(date.d)}`;
    }
    return Number.isInteger(cell.v) ? String(cell.v) : (cell.w ?? String(cell.v));
  }
  if (cell.t === 'd' && cell.v instanceof Date) {
    const date = cell.v;
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  }
  if (cell.t === 'b') return cell.v ? '1' : '0';
  if (cell.t === 'e') return '';
  return String(cell.v).trim();
}

/**
 * The first sheet's header row and up to `maxRows` data rows (blank rows skipped). `truncated` tells that
 * the sheet had more; reading stops there, so a huge file costs no more than the limit.
 */
export function readSheet(data: Buffer, maxRows: number): ReadResult {
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(data, {
      type: 'buffer',
      cellNF: true,
      cellDates: false,
      cellHTML: false,
      cellFormula: false,
      sheetRows: maxRows + 2,
      sheets: 0,
    });
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  const sheet = book.SheetNames[0] ? book.Sheets[book.SheetNames[0]] : undefined;
  if (!sheet || !sheet['!ref']) return { ok: false, problem: 'empty' };
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const width = Math.min(range.e.c, 63) + 1;
  const line = (r: number) =>
    Array.from({ length: width }, (_, c) =>
      cellText(sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined),
    );
  const headers = line(range.s.r);
  const rows: SheetRow[] = [];
  let truncated = false;
  for (let r = range.s.r + 1; r <= range.e.r; r++) {
    const cells = line(r);
    if (cells.every((cell) => cell === '')) continue;
    if (rows.length === maxRows) {
      truncated = true;
      break;
    }
    rows.push({ row: r + 1, cells });
  }
  if (rows.length === 0) return { ok: false, problem: 'empty' };
  return { ok: true, headers, rows, truncated };
}
