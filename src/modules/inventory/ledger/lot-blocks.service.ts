import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { chunk, forUpdate } from '../../../shared/database/sql-dialect';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AppError } from '../../../shared/http/app-error';
import { unixNow } from '../../../shared/http/envelope';
import { Outbox } from '../../../shared/outbox';
import { MasterDataReader } from '../../master-data';
import { availableOf, offersStock } from '../domain/availability';
import { LOT_NO_MAX_LENGTH, normalizeLotNo } from '../domain/lots';
import { SHELF_KIND } from '../../../../contract/enums';
import type { LotShelf } from '../../../../contract/lot-trace';

/** Where a lot is: one stock row (a shelf) holding some of it — the shelf of the recall list (contract/lot-trace.ts). */
export type LotOnHand = LotShelf;

/** A lot's block, when it is blocked. */
export interface LotBlockFacts {
  reason: string;
  admin_id: number;
  createtime: number;
}

const PAIRS_PER_QUERY = 200;
const lotKey = (productId: number, lotNo: string) => `${productId}:${lotNo.toUpperCase()}`;

/**
 * Blocking and unblocking lots (a recall, a quality hold), and what the lots list shows of each lot: its block
 * and where it is. A block locks every stock row of the lot (canonical order) before it writes, as every
 * reservation and posting locks the streams it reads (with their blocks, in the same locking statement): a
 * reservation or posting of the lot either committed before the block (and stays: a reservation is not
 * undone by a block, it can no longer be consumed — unreserve it) or sees the block and is refused.
 */
@Injectable()
export class LotBlocks {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly catalogue: MasterDataReader,
    private readonly outbox: Outbox,
  ) {}

  /** Blocks a lot of a product (it must have been received). Answers the lot as the list shows it. */
  block(input: { productId: number; lotNo: string; reason: string }, adminId: number): Promise<Record<string, unknown>> {
    return this.transactions.run(async (manager) => {
      const { lot, product } = await this.lotOf(manager, input.productId, input.lotNo);
      await this.lockStock(manager, input.productId, lot.lot_no);
      const [present] = await manager.query(`SELECT id FROM lot_block WHERE product_id = ? AND lot_no = ?${forUpdate(manager)}`, [input.productId, lot.lot_no]);
      if (present) throw new AppError('lots.already_blocked', { product, lot: lot.lot_no });
      const now = unixNow();
      await manager.query('INSERT INTO lot_block (product_id, lot_no, reason, admin_id, createtime, updatetime) VALUES (?, ?, ?, ?, ?, ?)', [input.productId, lot.lot_no, input.reason, adminId, now, now]);
      const [row] = await this.present(manager, [{ ...lot }]);
      await this.outbox.add(manager, { type: 'lot.blocked', occurredAt: now, data: { product_id: input.productId, lot_no: lot.lot_no, reason: input.reason, on_hand: row.on_hand } });
      return row;
    });
  }

  /** Unblocks a blocked lot: its stock is available again. Answers the lot as the list shows it. */
  unblock(input: { productId: number; lotNo: string }): Promise<Record<string, unknown>> {
    return this.transactions.run(async (manager) => {
      const { lot, product } = await this.lotOf(manager, input.productId, input.lotNo);
      await this.lockStock(manager, input.productId, lot.lot_no);
      const [present] = await manager.query(`SELECT id FROM lot_block WHERE product_id = ? AND lot_no = ?${forUpdate(manager)}`, [input.productId, lot.lot_no]);
      if (!present) throw new AppError('lots.not_blocked', { product, lot: lot.lot_no });
      await manager.query('DELETE FROM lot_block WHERE id = ?', [Number(present.id)]);
      const [row] = await this.present(manager, [{ ...lot }]);
      return row;
    });
  }

  /**
   * Lots as the list shows them: each with `blocked` (0|1), `block_reason`, `block_time`, `on_hand` (every shelf
   * holding some, with reserved and available) and `quantity` (their sum). Two or three statements per page.
   */
  async present(manager: EntityManager, lots: ReadonlyArray<Record<string, any>>): Promise<Array<Record<string, any>>> {
    const pairs = [...new Map(lots.map((l) => [lotKey(Number(l.product_id), String(l.lot_no)), { productId: Number(l.product_id), lotNo: String(l.lot_no) }])).values()];
    const blocks = await this.blocksOf(manager, pairs);
    const onHand = await this.onHandOf(manager, pairs, blocks);
    return lots.map((l) => {
      const key = lotKey(Number(l.product_id), String(l.lot_no));
      const block = blocks.get(key);
      const shelves = onHand.get(key) ?? [];
      return {
        ...l,
        blocked: block ? 1 : 0,
        block_reason: block?.reason ?? '',
        block_time: block?.createtime ?? null,
        on_hand: shelves,
        quantity: shelves.reduce((sum, s) => sum + s.quantity, 0),
      };
    });
  }

  /** One lot as the list shows it (refused when it was never received). */
  async lot(manager: EntityManager, productId: number, lotNo: string): Promise<Record<string, any>> {
    const { lot } = await this.lotOf(manager, productId, lotNo);
    return (await this.present(manager, [lot]))[0];
  }

  /** The blocks of these (product, lot) pairs, keyed `<product>:<LOT>`. */
  async blocksOf(manager: EntityManager, pairs: ReadonlyArray<{ productId: number; lotNo: string }>): Promise<Map<string, LotBlockFacts>> {
    const found = new Map<string, LotBlockFacts>();
    const wanted = pairs.filter((p) => p.lotNo);
    for (const part of chunk(wanted, PAIRS_PER_QUERY)) {
      const rows: Array<Record<string, unknown>> = await manager.query(
        `SELECT product_id, lot_no, reason, admin_id, createtime FROM lot_block WHERE ${part.map(() => '(product_id = ? AND lot_no = ?)').join(' OR ')}`,
        part.flatMap((p) => [p.productId, p.lotNo]),
      );
      for (const r of rows) found.set(lotKey(Number(r.product_id), String(r.lot_no)), { reason: String(r.reason ?? ''), admin_id: Number(r.admin_id ?? 0), createtime: Number(r.createtime ?? 0) });
    }
    return found;
  }

  /** Every shelf holding some of each lot (quantity ≠ 0), keyed `<product>:<LOT>`, in warehouse and shelf order. */
  private async onHandOf(manager: EntityManager, pairs: ReadonlyArray<{ productId: number; lotNo: string }>, blocks: ReadonlyMap<string, LotBlockFacts>): Promise<Map<string, LotOnHand[]>> {
    const rows: Array<Record<string, unknown>> = [];
    for (const part of chunk([...pairs], PAIRS_PER_QUERY)) {
      rows.push(
        ...(await manager.query(
          `SELECT product_id, lot_no, warehouse_shelf_id, quantity, reserved_quantity FROM stock WHERE quantity <> 0 AND (${part.map(() => '(product_id = ? AND lot_no = ?)').join(' OR ')}) ORDER BY product_id, lot_no, warehouse_shelf_id`,
          part.flatMap((p) => [p.productId, p.lotNo]),
        )),
      );
    }
    const shelves = await this.catalogue.shelves(manager, [...new Set(rows.map((r) => Number(r.warehouse_shelf_id)))]);
    const found = new Map<string, LotOnHand[]>();
    for (const r of rows) {
      const key = lotKey(Number(r.product_id), String(r.lot_no));
      const shelf = shelves.get(Number(r.warehouse_shelf_id));
      const quantity = Number(r.quantity);
      const reserved = Number(r.reserved_quantity ?? 0);
      const kind = shelf?.kind ?? SHELF_KIND.storage;
      const offers = offersStock(shelf);
      if (!found.has(key)) found.set(key, []);
      found.get(key)!.push({
        warehouse_shelf_id: Number(r.warehouse_shelf_id),
        warehouse_id: shelf?.warehouse_id ?? 0,
        warehouse_name: shelf?.warehouse_name ?? '',
        area_name: shelf?.area_name ?? '',
        shelf_name: shelf?.name ?? '',
        shelf_serial_no: shelf?.serial_no ?? '',
        kind,
        quantity,
        reserved_quantity: reserved,
        available_quantity: availableOf({ quantity, reserved, offers, blocked: blocks.has(key), expiry_date: '' }, null),
      });
    }
    return found;
  }

  /** The lot as registered on its first receipt (refused when there is none), and the product named for messages. */
  private async lotOf(manager: EntityManager, productId: number, lotNo: string): Promise<{ lot: Record<string, any>; product: string }> {
    const lot = normalizeLotNo(lotNo);
    if (!lot) throw new AppError('lots.bad_lot_no', { lot: String(lotNo).slice(0, 40), max: LOT_NO_MAX_LENGTH });
    const [row] = await manager.query('SELECT id, product_id, lot_no, production_date, expiry_date, received_at FROM stock_lot WHERE product_id = ? AND lot_no = ?', [productId, lot]);
    if (!row) throw new AppError('lots.lot_unknown', { lot });
    const product = (await this.catalogue.products(manager, [productId])).get(productId);
    return { lot: { ...row, id: Number(row.id), product_id: Number(row.product_id), received_at: Number(row.received_at ?? 0) }, product: product ? `${product.name} (${product.product_no})` : `#${productId}` };
  }

  /** Every stock row of the lot, locked in canonical (product, shelf, lot) order. */
  private async lockStock(manager: EntityManager, productId: number, lotNo: string): Promise<void> {
    await manager.query(`SELECT id FROM stock WHERE product_id = ? AND lot_no = ? ORDER BY product_id, warehouse_shelf_id, lot_no${forUpdate(manager)}`, [productId, lotNo]);
  }
}
