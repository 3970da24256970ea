import { Response } from 'express';
import { stringify } from 'csv-stringify';
import { once } from 'node:events';

export interface CsvColumn<R> {
  header: string;
  value: (row: R) => unknown;
}

/**
 * Streams rows as a CSV download (UTF-8 with BOM, so spreadsheet programs read Chinese text), waiting for
 * the socket to drain between chunks so memory stays bounded however many rows there are.
 */
export async function sendCsv<R>(response: Response, filename: string, columns: CsvColumn<R>[], chunks: AsyncIterable<R[]>): Promise<void> {
  response.status(200);
  response.setHeader('Content-Type', 'text/csv; charset=utf-8');
  response.setHeader('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`);
  response.setHeader('Cache-Control', 'no-store');
  response.write('\uFEFF');
  const csv = stringify({ header: true, columns: columns.map((c) => c.header), cast: { boolean: (v) => (v ? '1' : '0') } });
  csv.on('data', (data: Buffer) => {
    if (!response.write(data)) csv.pause();
  });
  response.on('drain', () => csv.resume());
  const closed = once(response, 'close');
  for await (const rows of chunks) {
    if (response.destroyed) break; // the client went away: stop reading the database
    for (const row of rows) {
      if (!csv.write(columns.map((c) => c.value(row) ?? ''))) await Promise.race([once(csv, 'drain'), closed]);
    }
    if (response.writableNeedDrain) await Promise.race([once(response, 'drain'), closed]);
  }
  csv.end();
  await once(csv, 'end');
  response.end();
}
