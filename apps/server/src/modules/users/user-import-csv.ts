import { USER_IMPORT_COLUMNS, USER_IMPORT_MAX_ROWS, type UserImportColumn } from '@rally/shared';
import { badRequest } from '../../lib/errors.ts';

/** One data row of an import CSV: its line number in the file (header = 1) and its cells by column. */
export interface ImportRow {
  row: number;
  cells: Partial<Record<UserImportColumn, string>>;
}

/** Splits CSV text into records (RFC 4180: quoted cells may hold commas, quotes doubled, line breaks). */
export function parseCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else cell += ch;
  }
  if (quoted) throw badRequest('file has a quoted cell that is never closed');
  if (cell !== '' || record.length > 0) {
    record.push(cell);
    records.push(record);
  }
  return records;
}

/**
 * Reads an import CSV: a header naming known columns (email required), then at least one row. Blank lines are
 * skipped. Throws 400 naming what is wrong with the file as a whole; rows are checked later, one by one.
 */
export function readImportCsv(text: string): ImportRow[] {
  const records = parseCsvRecords(text);
  const header = records[0]?.map((h) => h.trim().toLowerCase());
  if (!header || header.every((h) => h === ''))
    throw badRequest('file is empty: send a CSV with a header row');
  const known = new Set<string>(USER_IMPORT_COLUMNS);
  const unknown = header.filter((h) => !known.has(h));
  if (unknown.length > 0)
    throw badRequest(
      `file has an unknown column "${unknown[0]}": the columns are ${USER_IMPORT_COLUMNS.join(', ')}`,
    );
  if (!header.includes('email')) throw badRequest('file needs an email column');
  if (new Set(header).size !== header.length) throw badRequest('file names a column twice');
  const rows: ImportRow[] = [];
  records.slice(1).forEach((record, index) => {
    if (record.every((c) => c.trim() === '')) return;
    const cells: ImportRow['cells'] = {};
    header.forEach((column, i) => {
      cells[column as UserImportColumn] = (record[i] ?? '').trim();
    });
    rows.push({ row: index + 2, cells });
  });
  if (rows.length === 0) throw badRequest('file has no rows: add one person per line under the header');
  if (rows.length > USER_IMPORT_MAX_ROWS)
    throw badRequest(`file must have ${USER_IMPORT_MAX_ROWS} rows or fewer`);
  return rows;
}
