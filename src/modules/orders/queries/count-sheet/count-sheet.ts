import { DocumentRow, PrintedDocument } from '../../../../shared/documents/printed-document';
import type { StocktakeView } from '../../../../../contract/stocktake';
import { figuresHidden } from '../../domain/stocktake';
import { col, DocumentContext, money, productCells, quantity } from '../order-document/order-documents';

/**
 * The count sheet: a count (as `edit` answers it, lines already in shelf-path order) as a printed document in
 * the reader's language — one heading per area, the shelf and its code, the product, the lot, the book
 * quantity (left out of a blind count) and a box for the counted quantity (printed when already counted).
 */
export function countSheet(stocktake: StocktakeView, context: DocumentContext): PrintedDocument {
  const { t } = context;
  const lines = stocktake.lines;
  // a blind count stays one; its book quantities show once it is posted (the variances are final then)
  const blind = figuresHidden(stocktake);
  const blindCount = Number(stocktake.blind) === 1;
  const posted = Number(stocktake.status) === 2;
  const rows: DocumentRow[] = [];
  let area: string | null = null;
  lines.forEach((line, i) => {
    const shelf = context.shelves.get(Number(line.warehouse_shelf_id));
    const areaName = shelf ? shelf.area_name : '-';
    if (areaName !== area) {
      area = areaName;
      rows.push({ heading: t('stocktake.document.area_heading', { name: `${shelf?.warehouse_name ?? ''} / ${areaName}` }) });
    }
    rows.push([
      String(i + 1),
      shelf ? `${shelf.name}${shelf.serial_no ? `\n${shelf.serial_no}` : ''}` : '-',
      ...productCells(line),
      line.lot_no,
      ...(blind ? [] : [quantity(line.book_quantity)]),
      line.counted_quantity === null || line.counted_quantity === undefined ? '' : quantity(line.counted_quantity),
    ]);
  });
  const { summary } = stocktake;
  const scope = [stocktake.warehouse?.name, stocktake.area?.name, stocktake.shelf?.name].filter(Boolean).join(' / ');
  return {
    site: context.site,
    title: t('stocktake.document.title'),
    number: stocktake.stocktake_no,
    fields: [
      [t('stocktake.document.scope'), scope],
      [t('stocktake.document.category'), stocktake.category?.name ?? t('stocktake.document.all_categories')],
      [t('documents.field.status'), t(`stocktake.status.${stocktake.status}`)],
      [t('stocktake.document.blind'), t(`stocktake.document.${!blindCount ? 'blind_0' : posted ? 'blind_posted' : 'blind_1'}`)],
      [t('documents.field.created'), stocktake.createtime ? context.time(stocktake.createtime) : ''],
      [t('documents.field.operator'), stocktake.operator],
      [t('stocktake.document.started'), stocktake.start_time ? `${stocktake.starter} · ${context.time(stocktake.start_time)}` : ''],
    ],
    columns: [
      col(t, 'index', 4),
      col(t, 'location', 11),
      col(t, 'product_no', 11),
      col(t, 'name', 18),
      col(t, 'spec', 9),
      col(t, 'unit', 5),
      { header: t('stocktake.document.lot'), weight: 9 },
      ...(blind ? [] : [{ header: t('stocktake.document.book'), weight: 8, align: 'right' as const }]),
      { header: t('stocktake.document.counted'), weight: 9, align: 'right' as const },
    ],
    rows,
    totals: [
      [t('documents.total.lines'), String(lines.length)],
      [t('stocktake.document.counted_lines'), `${summary.counted} / ${summary.lines}`],
      ...(blind || summary.gain_amount === undefined
        ? []
        : ([
            [t('stocktake.document.gains'), `${quantity(summary.gain_quantity)} · ${money(summary.gain_amount)}`],
            [t('stocktake.document.losses'), `${quantity(summary.loss_quantity)} · ${money(summary.loss_amount)}`],
          ] as Array<[string, string]>)),
    ],
    notes: stocktake.remark ? [[t('documents.field.remark'), stocktake.remark]] : [],
    signatures: ['counter', 'checker', 'approved'].map((s) => t(s === 'counter' ? 'stocktake.document.counter' : `documents.signature.${s}`)),
    colon: t('documents.colon'),
    printed: t('documents.printed', { time: context.time(context.printedAt), zone: context.timeZone, name: context.printedBy }),
    pageLabel: (page, pages) => t('documents.page', { page, pages }),
  };
}
