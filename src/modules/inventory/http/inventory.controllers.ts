import { Controller, Get, Query, Res } from '@nestjs/common';
import { Response } from 'express';
import { SelectQueryBuilder } from 'typeorm';
import { CrudKit, CrudService, isTrue } from '../../../shared/crud';
import { sendSpreadsheet, XlsxColumn } from '../../../shared/http/xlsx-export';
import { translate } from '../../../shared/http/translate';
import { siteTimeFormatter } from '../../../shared/time/site-day';
import { SiteConfigService } from '../../platform';
import { StockAsOfReader } from '../queries/stock-as-of/stock-as-of.reader';
import { dayCount, daysLeft, ExpiryWindowReader } from '../queries/expiry-window/expiry-window.reader';
import { addDays, normalizeLotNo } from '../domain/lots';
import { InventoryHistoryEntity, StockEntity } from '../persistence/inventory.entities';
import { STOCK_LIST, HISTORY_LIST } from '../crud/inventory.cruds';
import { availableOf } from '../domain/availability';
import { LotBlocks } from '../ledger/lot-blocks.service';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { SHELF_KIND } from '../../../../contract/enums';

const positiveInt = (value: unknown) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : null);

/**
 * Rows read per page of an export. Measured on a 1,000,000-row history export: pages of 2,000 rows took the
 * app from 160 MB to 384 MB RSS (each page outlives a few socket waits and is promoted to the old heap),
 * pages of 500 to 221 MB, at the same speed.
 */
const EXPORT_PAGE_ROWS = 500;

/**
 * On-hand stock per product, shelf and lot, with names; filters by location and product, `low=1` for products
 * under safety stock, `lot_no`, `expiring_within` (days) and `expired=1`. Rows carry `days_left` to expiry.
 */
@Controller('admin/wms.stock')
export class StockController {
  private readonly crud: CrudService<StockEntity>;

  constructor(
    kit: CrudKit,
    private readonly asOf: StockAsOfReader,
    private readonly siteConfig: SiteConfigService,
    private readonly expiry: ExpiryWindowReader,
    private readonly lots: LotBlocks,
    private readonly transactions: TransactionRunner,
  ) {
    this.crud = new CrudService(kit, STOCK_LIST);
  }

  @Get('index')
  async index(@Query() query: Record<string, unknown>) {
    if (typeof query.asof === 'string' && query.asof) return this.asOf.execute(query);
    const expiry = await this.expiry.view();
    const answer = await this.crud.list(query, { controllerPath: 'wms/stock', scope: (qb) => stockScope(qb, query, expiry.today) });
    const blocked = await this.blockedOf(answer.list);
    return {
      ...answer,
      list: answer.list.map((row) => ({ ...row, blocked: blocked(row) ? 1 : 0, available_quantity: availableQuantity(row, blocked(row)), days_left: daysLeft(String(row.expiry_date ?? ''), expiry.today) })),
      today: expiry.today,
      expiry_warning_days: expiry.warningDays,
    };
  }

  /**
   * The current stock the list's filters select, as CSV or (`format=xlsx`) XLSX with numeric cells (the
   * as-of view is a page, not an export).
   */
  @Get('export')
  async export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    const h = (key: string) => translate(`inventory.stock_columns.${key}`);
    const time = siteTimeFormatter(await this.siteConfig.timeZone());
    const { today } = await this.expiry.view();
    await sendSpreadsheet<Record<string, any>>(
      response,
      query.format,
      `stock-${new Date().toISOString().slice(0, 10)}`,
      translate('inventory.stock_sheet'),
      [
        { header: h('product_no'), value: (r) => r.product?.product_no },
        { header: h('product_name'), value: (r) => r.product?.name },
        { header: h('bar_code'), value: (r) => r.product?.bar_code },
        { header: h('spec'), value: (r) => r.product?.spec },
        { header: h('warehouse'), value: (r) => r.warehouse?.name },
        { header: h('area'), value: (r) => r.area?.name },
        { header: h('shelf'), value: (r) => r.shelf?.name },
        { header: h('quantity'), value: (r) => r.quantity, type: 'number' },
        { header: h('reserved_quantity'), value: (r) => r.reserved_quantity, type: 'number' },
        { header: h('available_quantity'), value: (r) => availableQuantity(r, !!r.blocked), type: 'number' },
        { header: h('total_stock_num'), value: (r) => r.product?.total_stock_num, type: 'number' },
        { header: h('safety_stock_num'), value: (r) => r.product?.safety_stock_num, type: 'number' },
        { header: h('updatetime'), value: (r) => time(Number(r.updatetime)) },
        { header: translate('fields.lot_no'), value: (r) => r.lot_no },
        { header: translate('fields.production_date'), value: (r) => r.production_date },
        { header: translate('fields.expiry_date'), value: (r) => r.expiry_date },
      ],
      this.withBlocks(this.crud.scan(query, { chunkSize: EXPORT_PAGE_ROWS, scope: (qb) => stockScope(qb, query, today) })),
    );
  }

  /** Whether each row's lot is blocked (one statement for the page). */
  private async blockedOf(rows: ReadonlyArray<Record<string, any>>): Promise<(row: Record<string, any>) => boolean> {
    const blocks = await this.transactions.read((manager) => this.lots.blocksOf(manager, rows.map((r) => ({ productId: Number(r.product_id), lotNo: String(r.lot_no ?? '') }))));
    return (row) => blocks.has(`${Number(row.product_id)}:${String(row.lot_no ?? '').toUpperCase()}`);
  }

  private async *withBlocks(pages: AsyncIterable<Array<Record<string, any>>>): AsyncGenerator<Array<Record<string, any>>> {
    for await (const page of pages) {
      const blocked = await this.blockedOf(page);
      yield page.map((row) => ({ ...row, blocked: blocked(row) ? 1 : 0 }));
    }
  }
}

/**
 * Named filters that are not plain columns of `stock`: the shelf's location, low stock by product, a lot
 * (`lot_no`, exact, case-insensitive), lots expiring within N days from today (site time zone) that have not
 * expired yet, and expired lots (`expired=1`).
 */
function stockScope(qb: SelectQueryBuilder<any>, query: Record<string, unknown>, today: string) {
  const warehouseId = positiveInt(query.warehouse_id);
  const areaId = positiveInt(query.warehouse_area_id);
  // The stock row's own copy of its shelf's location: in the default order (product) both engines read the
  // index (warehouse_id, product_id) or (warehouse_area_id, product_id) — the page after ≈ 10 entries, the
  // capped count after at most 10,001 — where the shelf's columns made them join and sort every stock row of
  // the warehouse (≈ 22,000 at 100,000 products).
  if (warehouseId) qb.andWhere('stock.warehouse_id = :warehouseId', { warehouseId });
  if (areaId) qb.andWhere('stock.warehouse_area_id = :areaId', { areaId });
  if (isTrue(query.low)) qb.andWhere('product.total_stock_num < product.safety_stock_num');
  if (typeof query.lot_no === 'string' && query.lot_no.trim()) {
    const lotNo = normalizeLotNo(query.lot_no);
    qb.andWhere('stock.lot_no = :lotNo', { lotNo: lotNo ?? '\u0000' });
  }
  const within = dayCount(query.expiring_within);
  if (within !== null) qb.andWhere("stock.expiry_date <> '' AND stock.expiry_date >= :today AND stock.expiry_date <= :until", { today, until: addDays(today, within) });
  if (isTrue(query.expired)) qb.andWhere("stock.expiry_date <> '' AND stock.expiry_date < :today", { today });
  if (!isTrue(query.zero)) qb.andWhere('stock.quantity > 0');
  if (isTrue(query.available)) qb.andWhere(`stock.quantity > stock.reserved_quantity AND shelf.kind = ${SHELF_KIND.storage} AND NOT EXISTS (SELECT 1 FROM lot_block b WHERE b.product_id = stock.product_id AND b.lot_no = stock.lot_no)`);
  return qb;
}

/** Available (`availableOf`, the one rule): quantity − reserved on a storage shelf for a lot that is not blocked, else 0. */
function availableQuantity(row: Record<string, any>, blocked: boolean): number {
  const offers = Number(row.shelf?.kind ?? SHELF_KIND.storage) === SHELF_KIND.storage;
  return availableOf({ quantity: Number(row.quantity), reserved: Number(row.reserved_quantity ?? 0), offers, blocked, expiry_date: String(row.expiry_date ?? '') }, null);
}

/** The inventory history: one row per ledger event, signed, with the snapshot taken when it happened. */
@Controller('admin/wms.inventoryhistory')
export class InventoryHistoryController {
  private readonly crud: CrudService<InventoryHistoryEntity>;

  constructor(
    kit: CrudKit,
    private readonly siteConfig: SiteConfigService,
  ) {
    this.crud = new CrudService(kit, HISTORY_LIST);
  }

  @Get('index')
  index(@Query() query: Record<string, unknown>) {
    return this.crud.list(query, { controllerPath: 'wms/inventoryhistory' });
  }

  @Get('export')
  async export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    const h = (key: string) => translate(`inventory.history_columns.${key}`);
    const formTypes = new Map<number, string>(); // a handful of labels for up to millions of rows
    const formType = (value: number) => formTypes.get(value) ?? formTypes.set(value, translate(`inventory.form_types.${value}`)).get(value)!;
    const time = siteTimeFormatter(await this.siteConfig.timeZone());
    await sendSpreadsheet<Record<string, any>>(
      response,
      query.format,
      `inventory-history-${new Date().toISOString().slice(0, 10)}`,
      translate('inventory.history_sheet'),
      [
        { header: h('id'), value: (r) => r.id, type: 'number' },
        { header: h('createtime'), value: (r) => time(Number(r.createtime)) },
        { header: h('order_no'), value: (r) => r.order_no },
        { header: h('form_type'), value: (r) => formType(r.form_type) },
        { header: h('product_no'), value: (r) => r.product_no },
        { header: h('product_name'), value: (r) => r.product_name },
        { header: h('spec'), value: (r) => r.spec },
        { header: h('unit'), value: (r) => r.unit },
        { header: h('shelf_location'), value: (r) => r.shelf_location },
        { header: h('quantity'), value: (r) => r.quantity, type: 'number' },
        { header: h('price'), value: (r) => r.price, type: 'money' },
        { header: h('total_price'), value: (r) => r.total_price, type: 'money' },
        { header: h('balance'), value: (r) => r.balance, type: 'number' },
        { header: h('operator'), value: (r) => r.operator },
        { header: translate('fields.lot_no'), value: (r) => r.lot_no },
        { header: translate('fields.expiry_date'), value: (r) => r.expiry_date },
      ],
      this.crud.scan(query, { chunkSize: EXPORT_PAGE_ROWS }),
    );
  }
}

