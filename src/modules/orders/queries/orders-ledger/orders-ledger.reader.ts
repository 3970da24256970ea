import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { OrderMovementTotalsReader } from '../../../inventory';
import { lineMovements, shelfKey, ShelfKey } from '../../domain/order-movements';
import { OrderKind, orderNumberOf } from '../../domain/order-state';
import { OrderRepository } from '../../persistence/order.repository';
import { StocktakeRepository } from '../../persistence/stocktake.repository';
import { StocktakeStatus } from '../../domain/stocktake';

export interface OrdersLedgerReport {
  orders: number;
  /** How many (order, product, shelf) figures disagree; the first 100 are described in `problems`. */
  mismatches: number;
  problems: string[];
}

const ORDERS_PER_PAGE = 2000;
const KINDS: OrderKind[] = ['inbound', 'outbound', 'relocation', 'adjustment', 'return'];

/**
 * Orders against the ledger: for every order, what its lines say moved (per product and shelf) equals what
 * the ledger recorded under it, and the ledger names no order that does not exist. Pages through order ids
 * in bounded memory; `projections:rebuild` runs it right after the rebuild.
 */
@Injectable()
export class OrdersLedgerReader {
  constructor(
    private readonly orders: OrderRepository,
    private readonly movements: OrderMovementTotalsReader,
    private readonly stocktakes: StocktakeRepository,
  ) {}

  async check(manager: EntityManager, progress: (checkedOrders: number) => void = () => undefined): Promise<OrdersLedgerReport> {
    const report: OrdersLedgerReport = { orders: 0, mismatches: 0, problems: [] };
    const disagree = (what: string, lines: number, ledger: number) => {
      report.mismatches++;
      if (report.problems.length < 100) report.problems.push(`${what}: lines say ${lines}, ledger says ${ledger}`);
    };
    for (const kind of KINDS) {
      const last = Math.max(await this.orders.lastId(manager, kind), await this.movements.lastOrderId(manager, kind));
      for (let from = 1; from <= last; from += ORDERS_PER_PAGE) {
        const to = from + ORDERS_PER_PAGE - 1;
        const recorded = new Map<number, Map<ShelfKey, number>>();
        for (const m of await this.movements.ofOrders(manager, kind, from, to)) {
          const byShelf = recorded.get(m.order_id) ?? new Map<ShelfKey, number>();
          byShelf.set(shelfKey(m.product_id, m.warehouse_shelf_id, m.lot_no), m.quantity);
          recorded.set(m.order_id, byShelf);
        }
        for (const state of await this.orders.range(manager, kind, from, to)) {
          const inLedger = recorded.get(state.order.id) ?? new Map<ShelfKey, number>();
          recorded.delete(state.order.id);
          const onLines = lineMovements(kind, state);
          for (const key of new Set([...onLines.keys(), ...inLedger.keys()])) {
            const [lines, ledger] = [onLines.get(key) ?? 0, inLedger.get(key) ?? 0];
            if (lines !== ledger) disagree(`${orderNumberOf(state.order)} (${kind} #${state.order.id}) product@shelf ${key}`, lines, ledger);
          }
          report.orders++;
        }
        for (const [orderId, byShelf] of recorded) {
          for (const [key, ledger] of byShelf) if (ledger !== 0) disagree(`${kind} #${orderId} (no such order) product@shelf ${key}`, 0, ledger);
        }
        progress(report.orders);
      }
    }
    await this.checkStocktakes(manager, report, disagree, progress);
    return report;
  }

  /** A posted count recorded each line's variance on its stream; any other count recorded nothing. */
  private async checkStocktakes(manager: EntityManager, report: OrdersLedgerReport, disagree: (what: string, lines: number, ledger: number) => void, progress: (checkedOrders: number) => void): Promise<void> {
    const last = Math.max(await this.stocktakes.lastId(manager), await this.movements.lastOrderId(manager, 'stocktake'));
    for (let from = 1; from <= last; from += ORDERS_PER_PAGE) {
      const to = from + ORDERS_PER_PAGE - 1;
      const recorded = new Map<number, Map<ShelfKey, number>>();
      for (const m of await this.movements.ofOrders(manager, 'stocktake', from, to)) {
        const byShelf = recorded.get(m.order_id) ?? new Map<ShelfKey, number>();
        byShelf.set(shelfKey(m.product_id, m.warehouse_shelf_id), m.quantity);
        recorded.set(m.order_id, byShelf);
      }
      for (const { stocktake, lines } of await this.stocktakes.range(manager, from, to)) {
        const inLedger = recorded.get(stocktake.id) ?? new Map<ShelfKey, number>();
        recorded.delete(stocktake.id);
        const onLines = new Map<ShelfKey, number>();
        if (stocktake.status === StocktakeStatus.posted) {
          for (const line of lines) {
            const key = shelfKey(line.product_id, line.warehouse_shelf_id);
            onLines.set(key, (onLines.get(key) ?? 0) + (line.variance ?? 0));
          }
        }
        for (const key of new Set([...onLines.keys(), ...inLedger.keys()])) {
          const [fromLines, ledger] = [onLines.get(key) ?? 0, inLedger.get(key) ?? 0];
          if (fromLines !== ledger) disagree(`${stocktake.stocktake_no} (stocktake #${stocktake.id}) product@shelf ${key}`, fromLines, ledger);
        }
        report.orders++;
      }
      for (const [id, byShelf] of recorded) {
        for (const [key, ledger] of byShelf) if (ledger !== 0) disagree(`stocktake #${id} (no such count) product@shelf ${key}`, 0, ledger);
      }
      progress(report.orders);
    }
  }
}
