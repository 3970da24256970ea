import { Response } from 'express';
import { sendCsv } from '../http/csv-export';
import { CellType } from '../http/spreadsheet-cells';
import { translate } from '../http/translate';
import { sendXlsx } from '../http/xlsx-export';
import { siteTimeFormatter } from '../time/site-day';
import { CrudRow, CrudService, ListOptions } from './crud.service';

export type ExportFormat = 'csv' | 'xlsx';

/** `format=xlsx` asks for Excel; anything else (or nothing) is CSV. */
export function exportFormatOf(value: unknown): ExportFormat {
  return String(value ?? '').toLowerCase() === 'xlsx' ? 'xlsx' : 'csv';
}

/** What a column's value function may use: translations, site times and enumeration labels. */
export interface ListExportHelpers {
  t(key: string): string;
  /** Unix seconds → `YYYY-MM-DD HH:mm:ss` in the site time zone ('' for none). */
  time(value: unknown): string;
  /** The translation of `<prefix>.<value>` (an enumeration's label), each looked up once per export. */
  label(prefix: string, value: unknown): string;
}

/** One column of an export; `R` is the row as `scan` reads it (joined names nested under their join). */
export interface ListExportColumn<H extends ListExportHelpers = ListExportHelpers, R extends CrudRow = CrudRow> {
  /** i18n key of the header. */
  label: string;
  value: (row: R, helpers: H) => unknown;
  width?: number;
  /** `number` for numeric columns; the rest are text (neutralised against formula injection). */
  type?: CellType;
}

export interface ListExport<H extends ListExportHelpers = ListExportHelpers> {
  /** i18n key of the file and sheet name (`orders.exports.inbound`). */
  title: string;
  columns: Array<ListExportColumn<H, any>>;
}

/**
 * Streams the rows of a list, selected by the filters of its `index` (search, quickSearch, named filters,
 * the caller's scope), as CSV or XLSX (`format`), headers and labels in the caller's language and times
 * in the site's. Rows are read with the CRUD's keyset `scan`, a chunk at a time: memory stays bounded
 * however long the list is. The first chunk is read before anything is sent, so a bad filter still answers
 * an error envelope. `extra` adds list-specific lookups prepared before the rows are read.
 */
export async function sendListExport<H extends ListExportHelpers = ListExportHelpers>(
  response: Response,
  crud: CrudService<any>,
  query: Record<string, unknown>,
  definition: ListExport<H>,
  options: Pick<ListOptions, 'scope'> & { extra?: Omit<H, keyof ListExportHelpers> } = {},
): Promise<void> {
  const formatTime = siteTimeFormatter(await crud.timeZone());
  const labels = new Map<string, string>();
  const helpers = {
    ...options.extra,
    t: (key: string) => translate(key),
    time: (value: unknown) => (value === null || value === undefined || value === '' || !Number(value) ? '' : formatTime(Number(value))),
    label: (prefix: string, value: unknown) => {
      const key = `${prefix}.${String(value)}`;
      if (!labels.has(key)) labels.set(key, translate(key));
      return labels.get(key)!;
    },
  } as H;
  const { format: requested, ...filters } = query;
  const format = exportFormatOf(requested);
  const title = translate(definition.title);
  const stamp = formatTime(Math.floor(Date.now() / 1000)).replace(/[-:]/g, '').replace(' ', '-');
  const filename = `${title}-${stamp}.${format}`;
  const columns = definition.columns.map((column) => ({ header: translate(column.label), width: column.width, type: column.type, value: (row: CrudRow) => column.value(row, helpers) }));
  const rows = await started(crud.scan(filters, { chunkSize: 500, scope: options.scope }));
  if (format === 'xlsx') await sendXlsx(response, filename, title, columns, rows);
  else await sendCsv(response, filename, columns, rows);
}

/** Reads the first item now (so its errors surface before a response starts), then yields it and the rest. */
export async function started<T>(iterator: AsyncGenerator<T>): Promise<AsyncIterable<T>> {
  const first = await iterator.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* iterator;
  })();
}
