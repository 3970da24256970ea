import { PrintedDocument } from '../../../../shared/documents/printed-document';
import type { WaveView } from '../../../../../contract/directed';
import { TASK_STATUS } from '../../../../../contract/enums';
import { col, DocumentContext, quantity } from '../order-document/order-documents';

/** What the pick sheet names beside the wave: its warehouse and its orders' customers. */
export interface WaveSheetNames {
  warehouse: string;
  customers: ReadonlyMap<number, string>;
}

/**
 * The wave's pick sheet as a printed document: the stops in sequence (shelf, product, lot, quantity) with each
 * stop's split over the orders it serves, then the orders with what each gets and its customer; totals of
 * stops, quantity and orders. Cancelled tasks are left out; a stop re-allocated after a short pick comes
 * after the wave's first stops, as its sequence says.
 */
export function waveSheet(wave: WaveView, names: WaveSheetNames, context: Omit<DocumentContext, 'shelves'>): PrintedDocument {
  const { t } = context;
  const orderNo = new Map(wave.orders.map((o) => [o.id, o.outbound_no]));
  const tasks = wave.tasks.filter((task) => task.status !== TASK_STATUS.cancelled);
  const perOrder = new Map<number, number>();
  for (const task of tasks) for (const b of task.breakdown) perOrder.set(b.outbound_id, (perOrder.get(b.outbound_id) ?? 0) + b.quantity);
  const withLots = tasks.some((task) => task.lot_no);
  const rows: PrintedDocument['rows'] = tasks.map((task) => [
    String(task.sequence),
    task.from_shelf ? `${task.from_shelf.location}${task.from_shelf.serial_no ? `\n${task.from_shelf.serial_no}` : ''}` : '-',
    task.product?.product_no ?? '',
    task.product ? `${task.product.name}${task.product.unit_name ? ` (${task.product.unit_name})` : ''}` : `#${task.product_id}`,
    ...(withLots ? [task.lot_no] : []),
    quantity(task.quantity),
    task.breakdown.map((b) => `${orderNo.get(b.outbound_id) ?? `#${b.outbound_id}`} ×${quantity(b.quantity)}`).join('\n'),
    '',
  ]);
  if (wave.orders.length) {
    rows.push({ heading: t('orders.wave_sheet.orders_heading') });
    wave.orders.forEach((order, i) => {
      rows.push([String(i + 1), order.outbound_no, '', names.customers.get(order.customer_id) ?? '', ...(withLots ? [''] : []), quantity(perOrder.get(order.id) ?? 0), '', '']);
    });
  }
  const total = tasks.reduce((sum, task) => sum + task.quantity, 0);
  return {
    site: context.site,
    title: t('orders.wave_sheet.title'),
    number: wave.wave_no,
    fields: [
      [t('orders.wave_sheet.warehouse'), names.warehouse],
      [t('orders.wave_sheet.status'), t(`orders.wave_sheet.wave_status.${wave.status}`)],
      [t('orders.wave_sheet.released'), wave.release_time ? context.time(wave.release_time) : ''],
      [t('orders.wave_sheet.orders'), String(wave.orders.length)],
    ],
    columns: [
      { header: t('orders.wave_sheet.sequence'), weight: 5 },
      col(t, 'location', 17),
      col(t, 'product_no', 10),
      col(t, 'name', withLots ? 15 : 19),
      ...(withLots ? [col(t, 'lot', 10)] : []),
      col(t, 'to_pick', 7, 'right'),
      { header: t('orders.wave_sheet.split'), weight: withLots ? 17 : 20 },
      { ...col(t, 'picked', 6, 'center'), checkbox: true },
    ],
    rows,
    totals: [
      [t('orders.wave_sheet.stops'), String(tasks.length)],
      [t('documents.total.to_pick'), quantity(total)],
      [t('orders.wave_sheet.orders'), String(wave.orders.length)],
    ],
    notes: wave.remark ? [[t('documents.field.remark'), wave.remark]] : [],
    signatures: ['prepared', 'picker', 'checker'].map((s) => t(`documents.signature.${s}`)),
    colon: t('documents.colon'),
    printed: t('documents.printed', { time: context.time(context.printedAt), zone: context.timeZone, name: context.printedBy }),
    pageLabel: (page: number, pages: number) => t('documents.page', { page, pages }),
  };
}
