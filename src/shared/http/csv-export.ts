import { Response } from 'express';
import { once } from 'node:events';
import { CellType, csvCell, csvRecord } from './spreadsheet-cells';

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
  response.write('\uFEFF' + csvRecord(columns.map((c) => csvCell(c.header))));
  const closed = once(response, 'close');
  for await (const rows of chunks) {
    if (response.destroyed) break; // the client went away: stop reading the database
    // one write per chunk, its rows made text before the wait for the socket
    let text = '';
    for (const row of rows) text += csvRecord(columns.map((c) => csvCell(c.value(row), c.type)));
    if (!response.write(text)) await Promise.race([once(response, 'drain'), closed]);
  }
  response.end();
}
