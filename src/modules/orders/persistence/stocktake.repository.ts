import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { fromCents, toCents } from '../../../shared/database/money';
import { forUpdate, insertMany, updateById } from '../../../shared/database/sql-dialect';
import { AppError } from '../../../shared/http/app-error';
import { AdminDirectory } from '../../accounts';
import { StockLedger, StreamBalanceReader, streamIdOf, streamVersionKey, SerialProjection } from '../../inventory';
import { MASTER_DATA_TABLES, MasterDataReader } from '../../master-data';
import { LifecycleDocument } from '../../../shared/transitions';
import { balanceKeyOf, balancesToRead, CountBooks, figuresHidden, lineFigures, Stocktake, StocktakeLine, StocktakeStatus, streamKeyOf, varianceAmount } from '../domain/stocktake';
import { pickingOrder } from '../domain/picking-order';
import { STOCKTAKE_LINE_ROWS, STOCKTAKE_ROWS } from './order-rows';
import type { StocktakeLineView, StocktakeScopeNames, StocktakeSummary, StocktakeView } from '../../../../contract/stocktake';

export interface StocktakeState {
  stocktake: Stocktake;
  lines: StocktakeLine[];
}

/** Names of what a count's scope refers to, for answers and for checking a new scope. */
export type ScopeNames = StocktakeScopeNames;

/** Counts and their lines, read and written with plain statements in the caller's transaction; a count is a document with a lifecycle. */
@Injectable()
export class StocktakeRepository implements LifecycleDocument<StocktakeState, StocktakeView> {
  readonly name = 'stocktake';
  readonly table = 'stocktake';
  readonly stateColumns = ['status'];
  readonly changedMeanwhile = 'stocktake.changed_meanwhile';

  constructor(
    private readonly catalogue: MasterDataReader,
    private readonly admins: AdminDirectory,
    private readonly ledger: StockLedger,
    private readonly balances: StreamBalanceReader,
    private readonly serials: SerialProjection,
  ) {}

  load(manager: EntityManager, id: number): Promise<StocktakeState> {
    return this.read(manager, id, '');
  }

  /** The count and its lines with locking reads: the first statements of every command that changes a count. */
  lock(manager: EntityManager, id: number): Promise<StocktakeState> {
    return this.read(manager, id, forUpdate(manager));
  }

  private async read(manager: EntityManager, id: number, lockClause: string): Promise<StocktakeState> {
    const [row] = await manager.query(`SELECT * FROM stocktake WHERE id = ?${lockClause}`, [id]);
    if (!row) throw new AppError('crud.record_not_found');
    const lines: unknown[] = await manager.query(`SELECT * FROM stocktake_line WHERE stocktake_id = ? ORDER BY id${lockClause}`, [id]);
    return { stocktake: STOCKTAKE_ROWS.map(row), lines: lines.map((line) => STOCKTAKE_LINE_ROWS.map(line)) };
  }

  /** Counts with ids in [from, to] and their lines (the ledger check pages through them). */
  async range(manager: EntityManager, from: number, to: number): Promise<StocktakeState[]> {
    const rows: unknown[] = await manager.query('SELECT * FROM stocktake WHERE id BETWEEN ? AND ? ORDER BY id', [from, to]);
    const lines: unknown[] = await manager.query('SELECT * FROM stocktake_line WHERE stocktake_id BETWEEN ? AND ? ORDER BY id', [from, to]);
    const byCount = new Map<number, StocktakeLine[]>();
    for (const line of lines.map((raw) => STOCKTAKE_LINE_ROWS.map(raw))) byCount.set(line.stocktake_id, [...(byCount.get(line.stocktake_id) ?? []), line]);
    return rows.map((raw) => STOCKTAKE_ROWS.map(raw)).map((stocktake) => ({ stocktake, lines: byCount.get(stocktake.id) ?? [] }));
  }

  async lastId(manager: EntityManager): Promise<number> {
    const [row] = await manager.query('SELECT MAX(id) AS id FROM stocktake');
    return Number(row?.id ?? 0);
  }

  async insertLines(manager: EntityManager, stocktakeId: number, lines: ReadonlyArray<Omit<StocktakeLine, 'id' | 'stocktake_id'>>): Promise<void> {
    await insertMany(manager, 'stocktake_line', lines.map((line) => ({ stocktake_id: stocktakeId, ...line, book_serials: serialsText(line.book_serials), counted_serials: serialsText(line.counted_serials) })));
  }

  /** Sets columns of many lines by id, one statement per 500 lines. */
  async setLineValues(manager: EntityManager, values: Map<number, Partial<Record<'counted_quantity' | 'counted_version' | 'expected_quantity' | 'variance' | 'count_admin_id' | 'counttime' | 'price' | 'unit_id' | 'unit_quantity' | 'unit_name' | 'factor' | 'book_serials' | 'counted_serials', number | string | null>>>): Promise<void> {
    await updateById(manager, 'stocktake_line', values);
  }

  /** The names of a scope's warehouse, area, shelf and category (null where not set, unknown or deleted). */
  async scopeNames(manager: EntityManager, scope: Pick<Stocktake, 'warehouse_id' | 'warehouse_area_id' | 'warehouse_shelf_id' | 'category_id'>): Promise<ScopeNames> {
    const one = async (table: string, columns: readonly string[], id: number): Promise<Record<string, unknown> | null> =>
      id ? ((await manager.query(`SELECT ${columns.join(', ')} FROM ${table} WHERE id = ? AND deletetime IS NULL`, [id]))[0] ?? null) : null;
    const [warehouse, area, shelf, category] = await Promise.all([
      one(MASTER_DATA_TABLES.warehouse, ['id', 'name'], scope.warehouse_id),
      one(MASTER_DATA_TABLES.warehouse_area, ['id', 'name', 'warehouse_id'], scope.warehouse_area_id),
      one(MASTER_DATA_TABLES.shelf, ['id', 'name', 'warehouse_id', 'warehouse_area_id'], scope.warehouse_shelf_id),
      one(MASTER_DATA_TABLES.category, ['id', 'name'], scope.category_id),
    ]);
    const named = (row: Record<string, unknown>) => ({ id: Number(row.id), name: String(row.name ?? '') });
    return {
      warehouse: warehouse && named(warehouse),
      area: area && { ...named(area), warehouse_id: Number(area.warehouse_id) },
      shelf: shelf && { ...named(shelf), warehouse_id: Number(shelf.warehouse_id), warehouse_area_id: Number(shelf.warehouse_area_id) },
      category: category && named(category),
    };
  }

  /**
   * The count as every answer shows it: scope names, operators, progress, and its lines in shelf-path order
   * with product and shelf names. A blind count shows neither book quantities nor variances until posted;
   * while an open count is not blind, each line shows what is expected now (book + movements since start)
   * and the variance its count would post.
   */
  async present(manager: EntityManager, id: number): Promise<StocktakeView> {
    const { stocktake, lines } = await this.load(manager, id);
    const [names, products, shelves, admins] = await Promise.all([
      this.scopeNames(manager, stocktake),
      this.catalogue.products(manager, lines.map((l) => l.product_id)),
      this.catalogue.shelves(manager, lines.map((l) => l.warehouse_shelf_id)),
      this.admins.displayNames(manager, [stocktake.admin_id, stocktake.start_admin_id, stocktake.post_admin_id].filter(Boolean)),
    ]);
    const posted = stocktake.status === StocktakeStatus.posted;
    const hidden = figuresHidden(stocktake);
    const books = !hidden && stocktake.status === StocktakeStatus.counting ? await this.books(manager, lines) : null;
    // serial-tracked lines (§14) list the serials expected on their stream: on the shelf now while counting, as counted once posted
    const tracked = lines.filter((l) => products.get(l.product_id)?.serial_tracked);
    const onShelf = !hidden && !posted && tracked.length ? await this.serials.onStreams(manager, tracked.map((l) => ({ productId: l.product_id, shelfId: l.warehouse_shelf_id, lotNo: l.lot_no }))) : new Map<string, string[]>();
    const serialsOf = (line: StocktakeLine) => {
      if (!products.get(line.product_id)?.serial_tracked) return {};
      const expected = hidden ? {} : { expected_serials: posted ? (line.book_serials ?? []) : (onShelf.get(`${line.product_id}:${line.warehouse_shelf_id}:${line.lot_no}`) ?? []) };
      return { counted_serials: line.counted_serials ?? null, ...expected };
    };
    const shown = lines.map((line): StocktakeLineView => {
      const p = products.get(line.product_id);
      const s = shelves.get(line.warehouse_shelf_id);
      const { expected_quantity: expected, variance } = books ? lineFigures(line, books) : line;
      const price = posted ? line.price : (p?.price ?? line.price);
      const figures = hidden ? {} : { book_quantity: line.book_quantity, expected_quantity: expected, variance, variance_amount: variance === null ? null : varianceAmount(variance, price) };
      const { book_quantity: _book, expected_quantity: _expected, variance: _variance, book_version: _version, counted_version: _counted, book_serials: _bookSerials, counted_serials: _countedSerials, ...open } = line;
      return {
        ...open,
        ...figures,
        ...serialsOf(line),
        price,
        product: p ? { id: p.id, name: p.name, product_no: p.product_no, bar_code: p.bar_code, spec: p.spec, unit_name: p.unit_name, price: p.price, lot_tracked: p.lot_tracked ? 1 : 0, serial_tracked: p.serial_tracked ? 1 : 0, effective_day: p.effective_day } : null,
        shelf: s ? { id: s.id, name: s.name, serial_no: s.serial_no, warehouse_id: s.warehouse_id, warehouse_area_id: s.warehouse_area_id, area_name: s.area_name, location: s.location } : null,
      };
    });
    const summary: StocktakeSummary = { lines: lines.length, counted: lines.filter((l) => l.counted_quantity !== null).length, ...(hidden ? {} : varianceTotals(shown)) };
    const adminName = (adminId: number) => (adminId ? (admins.get(adminId) ?? '') : '');
    return {
      ...stocktake,
      ...names,
      operator: adminName(stocktake.admin_id),
      starter: adminName(stocktake.start_admin_id),
      poster: adminName(stocktake.post_admin_id),
      summary,
      lines: pickingOrder(shown, shelves),
    };
  }

  /**
   * What the ledger says of a count's streams (`CountBooks`): each stream's stock now, and each counted line's
   * balance at the version it was counted at. With `lock`, the stock rows are read with a locking read (the
   * post: what it decides on then holds until it commits); without, plain reads (answers, never decisions).
   */
  async books(manager: EntityManager, lines: StocktakeLine[], lock = false): Promise<CountBooks> {
    // the stock now of lines not counted yet, or counted before versions were kept
    const unversioned = lines.filter((l) => l.counted_quantity === null || l.counted_version === null);
    const stock = await this.ledger.streams(manager, unversioned.map((l) => ({ productId: l.product_id, shelfId: l.warehouse_shelf_id })), lock);
    const now = new Map(unversioned.map((l) => [streamKeyOf(l), stock.get(streamIdOf(l.product_id, l.warehouse_shelf_id, l.lot_no ?? '')) ?? { quantity: 0, version: 0 }]));
    const wanted = balancesToRead(lines, now);
    const at = wanted.map(({ line, version }) => ({ productId: line.product_id, shelfId: line.warehouse_shelf_id, lotNo: line.lot_no ?? '', version }));
    const read = await this.balances.at(manager, at);
    const balances = new Map<string, number>();
    wanted.forEach(({ line, version }, i) => {
      const balance = read.get(streamVersionKey(at[i]));
      if (balance !== undefined) balances.set(balanceKeyOf(line, version), balance);
    });
    return { now, balances };
  }
}

/** Gains and losses (quantity and value) of lines that show their variance. */
function varianceTotals(lines: Array<{ variance?: number | null; variance_amount?: string | null }>) {
  let gainQuantity = 0;
  let lossQuantity = 0;
  let gainCents = 0n;
  let lossCents = 0n;
  for (const line of lines) {
    if (!line.variance || !line.variance_amount) continue;
    const cents = toCents(line.variance_amount.replace('-', ''));
    if (line.variance > 0) {
      gainQuantity += line.variance;
      gainCents += cents;
    } else {
      lossQuantity -= line.variance;
      lossCents += cents;
    }
  }
  const net = gainCents - lossCents;
  return { gain_quantity: gainQuantity, gain_amount: fromCents(gainCents), loss_quantity: lossQuantity, loss_amount: fromCents(lossCents), net_amount: net < 0n ? `-${fromCents(-net)}` : fromCents(net) };
}

/** A line's serials as stored: JSON text, NULL for a line without serials. */
export const serialsText = (serials: readonly string[] | null | undefined): string | null => (serials ? JSON.stringify(serials) : null);
