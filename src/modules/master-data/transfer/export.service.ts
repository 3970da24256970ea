import { Injectable } from '@nestjs/common';
import { Response } from 'express';
import { sendCsv } from '../../../shared/http/csv-export';
import { translate } from '../../../shared/http/translate';
import { sendXlsx } from '../../../shared/http/xlsx-export';
import { CrudKit, ExportFormat, exportFormatOf, sendListExport } from '../../../shared/crud';
import { CatalogueCruds } from '../crud/catalogue-cruds';
import { CategoryEntity } from '../persistence/category.entity';
import { CatalogueTransfer, ExportHelpers, ImportField } from './transfer-definitions';

export type TransferFormat = ExportFormat;
export const formatOf = exportFormatOf;

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
    const names = transfer.names === 'categories' ? await this.categoryNames() : new Map<number, string>();
    await sendListExport<ExportHelpers>(response, transfer.service(this.cruds), query, { title: `master-data.catalogues.${transfer.catalogue}`, columns: transfer.columns }, { extra: { names } });
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
