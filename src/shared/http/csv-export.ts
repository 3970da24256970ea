import { Response } from 'express';
import { stringify } from 'csv-stringify';
import { once } from 'node:events';
import { CellType, csvCell } from './spreadsheet-cells';

export interface CsvColumn<R> {
  header: string;
  value: (row: R) => unknown;
  /** `number` keeps numbers as numbers; everything else is text, safe from formula injection (the default). */
  type?: CellType;
}

/**
 * Streams rows as a CSV download (UTF-8 with BOM, so spreadsheet programs read Chinese text), waiting for
 * the socket to drain between chunks so memory stays bounded however many rows there are. Every cell goes
 * through csvCell: text that would start a formula is neutralised, by the column's type.
 */
export async function sendCsv<R>(response: Response, filename: string, columns: CsvColumn<R>[], chunks: AsyncIterable<R[]>): Promise<void> {
  response.status(200);
  response.setHeader('Content-Type', 'text/csv; charset=utf-8');
  response.setHeader('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`);
  response.setHeader('Cache-Control', 'no-store');
  response.write('\uFEFF');
  const csv = stringify({ header: true, columns: columns.map((c) => String(csvCell(c.header))) });
  csv.on('data', (data: Buffer) => {
    if (!response.write(data)) csv.pause();
  });
  response.on('drain', () => csv.resume());
  const closed = once(response, 'close');
  for await (const rows of chunks) {
    if (response.destroyed) break; // the client went away: stop reading the database
    for (const row of rows) {
      if (!csv.write(columns.map((c) => csvCell(c.value(row), c.type)))) await Promise.race([once(csv, 'drain'), closed]);
    }
    if (response.writableNeedDrain) await Promise.race([once(response, 'drain'), closed]);
  }
  csv.end();
  await once(csv, 'end');
  response.end();
}
