import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { csvCell } from '@rally/shared';

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
