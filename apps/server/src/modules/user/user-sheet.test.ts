import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { readSheet, sniffSpreadsheet, writeSheet } from './user-sheet.js';

function book(rows: unknown[][], bookType: 'xlsx' | 'biff8' = 'xlsx', dates = false): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows, { cellDates: dates }), 'S');
  return XLSX.write(workbook, { type: 'buffer', bookType }) as Buffer;
}

describe('user spreadsheets', () => {
  it('tells xlsx and xls apart by their bytes, whatever the name', () => {
    expect(sniffSpreadsheet(book([['a']]))).toBe('xlsx');
    expect(sniffSpreadsheet(book([['a']], 'biff8'))).toBe('xls');
    expect(sniffSpreadsheet(Buffer.from('account,name'))).toBeNull();
    expect(sniffSpreadsheet(Buffer.alloc(0))).toBeNull();
  });

  it('reads cells as text: date cells as yyyy-MM-dd, long numbers whole, blank rows skipped', () => {
    const result = readSheet(
      book(
        [['account', 'phone', 'birthday'], ['a', 13812345678, new Date(1990, 4, 1)], [], ['b', '', '']],
        'xlsx',
        true,
      ),
      10,
    );
    expect(result).toEqual({
      ok: true,
      headers: ['account', 'phone', 'birthday'],
      rows: [
        { row: 2, cells: ['a', '13812345678', '1990-05-01'] },
        { row: 4, cells: ['b', '', ''] },
      ],
      truncated: false,
    });
  });

  it('stops at the row limit and says so; an empty or unreadable file is a problem, not a crash', () => {
    const many = book([['account'], ...Array.from({ length: 30 }, (_, index) => [`u${index}`])]);
    const limited = readSheet(many, 10);
    expect(limited.ok && limited.rows.length).toBe(10);
    expect(limited.ok && limited.truncated).toBe(true);
    expect(readSheet(book([['account']]), 10)).toEqual({ ok: false, problem: 'empty' });
    expect(readSheet(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 1, 2, 3]), 10).ok).toBe(
      false,
    );
  });

  it('writes a sheet that reads back the same', () => {
    const file = writeSheet(
      'Users',
      [{ header: '账号' }, { header: 'Phone' }],
      [['zhangsan', '13800000000']],
    );
    expect(readSheet(file, 10)).toMatchObject({
      ok: true,
      headers: ['账号', 'Phone'],
      rows: [{ row: 2, cells: ['zhangsan', '13800000000'] }],
    });
  });
});
