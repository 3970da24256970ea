import { once } from 'node:events';
import { Response } from 'express';
import { onFirstUse } from '../on-first-use';
import { CsvColumn, sendCsv } from './csv-export';
import { MONEY_FORMAT, xlsxCell, xmlSafe } from './spreadsheet-cells';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded with the first spreadsheet
const exceljs = onFirstUse(() => require('exceljs') as typeof import('exceljs'));

/** The columns of an XLSX download: as for CSV, plus an optional width in characters. */
export interface XlsxColumn<R> extends CsvColumn<R> {
  width?: number;
}

/**
 * Streams rows as an XLSX download (the sibling of sendCsv): a streaming workbook writer commits each row
 * as it goes and waits for the socket to drain between chunks, so memory stays bounded however many rows
 * there are. Cells go through xlsxCell: numbers of number and money columns stay numbers (money in a
 * two-decimal format: 12.50, not 12.5), everything else is a
 * string (never a formula) in a text-formatted column, with the characters XML forbids replaced.
 */
export async function sendXlsx<R>(response: Response, filename: string, sheetName: string, columns: XlsxColumn<R>[], chunks: AsyncIterable<R[]>): Promise<void> {
  response.status(200);
  response.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  response.setHeader('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`);
  response.setHeader('Cache-Control', 'no-store');
  const workbook = new (exceljs().stream.xlsx.WorkbookWriter)({ stream: response, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(xmlSafe(sheetName).replace(/[*?:\\/[\]]/g, ' ').slice(0, 31) || 'Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, index) => ({
    header: xmlSafe(column.header),
    key: String(index),
    width: column.width ?? Math.min(40, Math.max(10, column.header.length * 2 + 2)),
    // text format: Excel keeps "=..." a string even when someone edits the cell; money shows two decimals
    ...(column.type === 'number' ? {} : { style: { numFmt: column.type === 'money' ? MONEY_FORMAT : '@' } }),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const closed = once(response, 'close');
  for await (const rows of chunks) {
    if (response.destroyed) break; // the client went away: stop reading the database
    for (const row of rows) sheet.addRow(columns.map((column) => xlsxCell(column.value(row), column.type))).commit();
    if (response.writableNeedDrain) await Promise.race([once(response, 'drain'), closed]);
  }
  sheet.commit();
  await workbook.commit();
}

/** `format=xlsx` gives an XLSX workbook (numbers as numeric cells), anything else CSV, like the other lists. */
export function sendSpreadsheet<R>(response: Response, format: unknown, basename: string, sheetName: string, columns: XlsxColumn<R>[], rows: AsyncIterable<R[]>): Promise<void> {
  if (format === 'xlsx') return sendXlsx(response, `${basename}.xlsx`, sheetName, columns, rows);
  return sendCsv(response, `${basename}.csv`, columns, rows);
}
