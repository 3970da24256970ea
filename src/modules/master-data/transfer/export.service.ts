import { Injectable } from '@nestjs/common';
import { Response } from 'express';
import { sendCsv } from '../../../shared/http/csv-export';
import { translate } from '../../../shared/http/translate';
import { sendXlsx } from '../../../shared/http/xlsx-export';
import { siteTimeFormatter } from '../../../shared/time/site-day';
import { CrudKit } from '../../../shared/crud';
import { CatalogueCruds } from '../crud/catalogue-cruds';
import { CategoryEntity } from '../persistence/category.entity';
import { CatalogueTransfer, ExportHelpers, ImportField } from './transfer-definitions';

export type TransferFormat = 'csv' | 'xlsx';

export function formatOf(value: unknown): TransferFormat {
  return String(value ?? '').toLowerCase() === 'xlsx' ? 'xlsx' : 'csv';
}

/**
 * Streams a catalogue's list, with the filters of its `index` (search, quickSearch, named filters), as CSV
 * or XLSX with headers and enumeration labels in the caller's language. Rows are read with the CRUD's
 * keyset `scan`, a chunk at a time: memory stays bounded however long the list is.
 */
@Injectable()
export class ExportService {
  constructor(
    private readonly cruds: CatalogueCruds,
    private readonly kit: CrudKit,
  ) {}

  async export(transfer: CatalogueTransfer, query: Record<string, unknown>, response: Response): Promise<void> {
    const timeZone = (await this.kit.environment?.timeZone()) || 'Asia/Shanghai';
    const formatTime = siteTimeFormatter(timeZone);
    const helpers: ExportHelpers = {
      t: (key) => translate(key),
      time: (value) => (value === null || value === undefined || value === '' || !Number(value) ? '' : formatTime(Number(value))),
      names: transfer.names === 'categories' ? await this.categoryNames() : new Map(),
    };
    const format = formatOf(query.format);
    const name = translate(`master-data.catalogues.${transfer.catalogue}`);
    const stamp = formatTime(Math.floor(Date.now() / 1000)).replace(/[-:]/g, '').replace(' ', '-');
    const filename = `${name}-${stamp}.${format}`;
    const columns = transfer.columns.map((column) => ({ header: translate(column.label), width: column.width, type: column.type, value: (row: Record<string, unknown>) => column.value(row, helpers) }));
    const { format: _format, ...filters } = query;
    // the first chunk is read before anything is sent: a bad filter still answers an error envelope
    const rows = await started(transfer.service(this.cruds).scan(filters, { chunkSize: 1000 }));
    if (format === 'xlsx') await sendXlsx(response, filename, name, columns, rows);
    else await sendCsv(response, filename, columns, rows);
  }

  /**
   * Template of an import: the expected headers (required ones marked `*`, named as the form names them)
   * and one example row in the reader's language (skipped if it is imported as it is).
   */
  async template(transfer: CatalogueTransfer, format: TransferFormat, response: Response): Promise<void> {
    const fields = transfer.import?.fields ?? [];
    const example = (field: ImportField) => (!field.example ? '' : field.example.startsWith('@') ? translate(field.example.slice(1)) : field.example);
    const columns = fields.map((field) => ({ header: `${field.required ? '*' : ''}${translate(field.label)}`, value: () => example(field) }));
    const name = translate(`master-data.catalogues.${transfer.catalogue}`);
    const filename = `${translate('transfer.template')}-${name}.${format}`;
    const rows = fields.some((field) => field.example) ? [{}] : [];
    const one = (async function* () {
      if (rows.length) yield rows;
    })();
    if (format === 'xlsx') await sendXlsx(response, filename, name, columns, one);
    else await sendCsv(response, filename, columns, one);
  }

  private async categoryNames(): Promise<Map<number, string>> {
    const rows = await this.kit.dataSource.manager.createQueryBuilder(CategoryEntity, 'c').select(['c.id', 'c.name']).getMany();
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}

/** Reads the first item now (so its errors surface before a response starts), then yields it and the rest. */
async function started<T>(iterator: AsyncGenerator<T>): Promise<AsyncIterable<T>> {
  const first = await iterator.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* iterator;
  })();
}
