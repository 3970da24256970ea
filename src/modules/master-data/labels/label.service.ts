import { Injectable } from '@nestjs/common';
import { Response } from 'express';
import { I18nContext } from 'nestjs-i18n';
import { parseId } from '../../../shared/crud';
import { chunk } from '../../../shared/database/sql-dialect';
import { DocumentRenderer } from '../../../shared/documents/document-renderer';
import { LabelContent, LabelLayout } from '../../../shared/documents/labels';
import { AppError } from '../../../shared/http/app-error';
import { DEFAULT_LANGUAGE, translate } from '../../../shared/http/translate';
import { ProductEntity } from '../persistence/product.entity';
import { ShelfEntity } from '../persistence/shelf.entity';
import { MasterDataReader, ProductSnapshot, ShelfSnapshot } from '../queries/master-data/master-data.reader';

export type LabelCatalogue = 'product' | 'shelf';

/** Labels in one request: a thousand selected rows print; more are refused before anything is read. */
export const MAX_LABELS = 1000;
/** Rows read per statement while the labels stream. */
const BATCH = 100;

/** What a product's and a shelf's label say: the code the barcodes carry, the name, and what helps find it. */
export function productLabel(product: ProductSnapshot): LabelContent {
  const value = product.bar_code?.trim() || product.product_no;
  return { value, title: product.name, lines: [value === product.product_no ? '' : product.product_no, [product.spec, product.unit_name].filter(Boolean).join(' · ')] };
}

export function shelfLabel(shelf: ShelfSnapshot): LabelContent {
  return { value: shelf.serial_no, title: shelf.name, lines: [[shelf.warehouse_name, shelf.area_name].filter(Boolean).join(' / ')] };
}

/**
 * `GET wms.Product/labels` and `wms.Shelf/labels` (`ids[]` or `ids=1,2,3`, `format=pdf|png`,
 * `layout=a4|roll`): the labels of the chosen rows in the order chosen, streamed in batches.
 */
@Injectable()
export class LabelService {
  constructor(
    private readonly reader: MasterDataReader,
    private readonly renderer: DocumentRenderer,
  ) {}

  async send(catalogue: LabelCatalogue, query: Record<string, unknown>, response: Response): Promise<void> {
    const format = query.format === undefined || query.format === '' ? 'pdf' : query.format;
    if (format !== 'pdf' && format !== 'png') throw new AppError('documents.label_format');
    const layout = query.layout === undefined || query.layout === '' ? 'a4' : query.layout;
    if (layout !== 'a4' && layout !== 'roll') throw new AppError('documents.label_layout');
    const ids = labelIds(query.ids);
    const live = await this.liveCount(catalogue, ids);
    if (!live) throw new AppError('documents.labels_not_found');

    const i18n = I18nContext.current();
    const t = (key: string) => translate(key, {}, i18n);
    const title = t(`documents.label_title.${catalogue}`);
    const qrOnly = t('documents.label_qr_only');
    const batches = this.labels(catalogue, ids);
    if (format === 'png') return this.renderer.sendLabelPngs(response, `${catalogue}-labels`, qrOnly, batches, live);
    const lang = (i18n?.lang ?? DEFAULT_LANGUAGE) === 'zh-cn' ? 'zh-CN' : 'en';
    return this.renderer.sendLabelPdf(response, `${catalogue}-labels.pdf`, { title, lang, layout: layout as LabelLayout, qrOnly }, batches);
  }

  /** How many of the ids name rows that are not deleted: one statement, before the answer starts. */
  private async liveCount(catalogue: LabelCatalogue, ids: number[]): Promise<number> {
    const entity = catalogue === 'product' ? ProductEntity : ShelfEntity;
    return this.reader.manager.createQueryBuilder(entity, 't').where('t.id IN (:...ids)', { ids }).andWhere('t.deletetime IS NULL').getCount();
  }

  private async *labels(catalogue: LabelCatalogue, ids: number[]): AsyncIterable<LabelContent[]> {
    const manager = this.reader.manager;
    for (const part of chunk(ids, BATCH)) {
      if (catalogue === 'product') {
        const rows = await this.reader.products(manager, part);
        yield part.map((id) => rows.get(id)).filter((row): row is ProductSnapshot => !!row && !row.deleted).map(productLabel);
      } else {
        const rows = await this.reader.shelves(manager, part);
        yield part.map((id) => rows.get(id)).filter((row): row is ShelfSnapshot => !!row && !row.deleted).map(shelfLabel);
      }
    }
  }
}

/** `ids[]=1&ids[]=2` (qs gives an array) or `ids=1,2`: unique positive ids in the order given, at most MAX_LABELS. */
export function labelIds(value: unknown): number[] {
  // past its array limit the query parser gives an object with index keys
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    throw Object.keys(value).length > MAX_LABELS ? new AppError('documents.too_many_labels', { max: MAX_LABELS }) : new AppError('crud.parameter_error');
  }
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : typeof value === 'number' ? [value] : [];
  const trimmed = items.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '');
  if (!trimmed.length) throw new AppError('documents.no_labels');
  const ids = [...new Set(trimmed.map(parseId))];
  if (ids.length > MAX_LABELS) throw new AppError('documents.too_many_labels', { max: MAX_LABELS });
  return ids;
}
