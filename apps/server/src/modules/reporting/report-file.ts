import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { csvCell } from '@rally/shared';
import type { WordKey, Words } from '../../lib/client-words.ts';

/** Writes a report's table to a file row by row, so an export never holds the whole table in memory. */
export interface ReportFileWriter {
  addRow(cells: (string | number | null)[]): Promise<void>;
  /** Finishes the file. */
  close(): Promise<void>;
}

/** CSV with a header row; every text cell is defused against spreadsheet formulas (csvCell), CRLF line ends. */
export async function createCsvWriter(path: string, header: string[]): Promise<ReportFileWriter> {
  const out = createWriteStream(path);
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, 'drain');
  };
  const cell = (v: string | number | null) => (typeof v === 'number' ? String(v) : csvCell(v ?? ''));
  await write(`${header.map(csvCell).join(',')}\r\n`);
  return {
    addRow: (cells) => write(`${cells.map(cell).join(',')}\r\n`),
    async close() {
      out.end();
      await once(out, 'finish');
    },
  };
}

/**
 * XLSX through ExcelJS's streaming writer (rows are committed to the file as they come). Text is written as
 * text cells, never as formulas, so a cell starting with "=" stays text. ExcelJS is loaded only when needed.
 */
export async function createXlsxWriter(
  path: string,
  header: string[],
  sheet: string,
): Promise<ReportFileWriter> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useStyles: false,
    useSharedStrings: false,
  });
  const worksheet = workbook.addWorksheet(sheet);
  worksheet.addRow(header).commit();
  return {
    async addRow(cells) {
      worksheet.addRow(cells.map((c) => c ?? '')).commit();
    },
    async close() {
      worksheet.commit();
      await workbook.commit();
    },
  };
}

/**
 * A column's heading in the files and the subscription mail (the web translates the same keys on the page): the
 * key in words, a column naming a project or a team by the client's word for it (issue 23).
 */
export function reportHeading(key: string, words: Words): string {
  if (Object.hasOwn(words, key)) return words[key as WordKey];
  return key.replaceAll('_', ' ').replace(/^\w/, (c) => c.toUpperCase());
}
