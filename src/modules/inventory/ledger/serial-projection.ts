import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { chunk, forUpdate, isMysql } from '../../../shared/database/sql-dialect';
import type { MovementRequest } from '../domain/posting';
import { SerialEvent, serialChanges, serialKeyOf, SerialState } from '../domain/serials';

/**
 * Serials per statement: an inbound audit of 10,000 serials reads, registers, moves and records them in ten
 * statements each, whatever the number of serials in a chunk (a query-count spec holds it to that).
 */
export const SERIALS_PER_STATEMENT = 1000;

const COLUMNS = 'product_id, serial_no, warehouse_id, warehouse_shelf_id, lot_no, in_stock, last_event_id';

/**
 * The serial projection's reads and writes inside the ledger's transaction: `stock_serial` (where each
 * (product, serial) is) and `stock_serial_movement` (each event that moved a serial).
 */
@Injectable()
export class SerialProjection {
  /**
   * Where the requests' serials are, read under lock in canonical (product, serial) order. A receipt's serials
   * are first registered if absent (insert-if-absent on the unique (product, serial) key): of concurrent
   * receipts of one serial the second waits on the first's registration, then reads it in stock and is refused.
   */
  async lock(manager: EntityManager, requests: readonly MovementRequest[], now: number): Promise<Map<string, SerialState>> {
    const all = new Map<number, Set<string>>();
    const received = new Map<number, Set<string>>();
    for (const r of requests) {
      if (!r.serials?.length) continue;
      for (const target of r.quantity > 0 && !r.to ? [all, received] : [all]) {
        if (!target.has(r.productId)) target.set(r.productId, new Set());
        const set = target.get(r.productId)!;
        for (const serial of r.serials) set.add(serial);
      }
    }
    const states = new Map<string, SerialState>();
    if (!all.size) return states;
    const conflict = isMysql(manager) ? 'ON DUPLICATE KEY UPDATE id = id' : 'ON CONFLICT (product_id, serial_no) DO NOTHING';
    for (const [productId, serials] of [...received].sort((a, b) => a[0] - b[0])) {
      for (const part of chunk([...serials].sort(), SERIALS_PER_STATEMENT)) {
        await manager.query(`INSERT INTO stock_serial (product_id, serial_no, in_stock, updatetime) VALUES ${part.map(() => '(?, ?, 0, ?)').join(', ')} ${conflict}`, part.flatMap((s) => [productId, s, now]));
      }
    }
    for (const [productId, serials] of [...all].sort((a, b) => a[0] - b[0])) {
      for (const part of chunk([...serials].sort(), SERIALS_PER_STATEMENT)) {
        const rows: Array<Record<string, unknown>> = await manager.query(
          `SELECT ${COLUMNS} FROM stock_serial WHERE product_id = ? AND serial_no IN (${part.map(() => '?').join(', ')}) ORDER BY serial_no${forUpdate(manager)}`,
          [productId, ...part],
        );
        for (const row of rows) {
          const state = serialStateOf(row);
          states.set(serialKeyOf(state.product_id, state.serial_no), state);
        }
      }
    }
    return states;
  }

  /** The events' serials: each serial's row set to where its last event left it (one statement per same place and chunk), and a movement row per (event, serial). */
  async apply(manager: EntityManager, events: readonly SerialEvent[], now: number): Promise<void> {
    const { states, movements } = serialChanges(events);
    if (!states.size) return;
    const groups = new Map<string, SerialState[]>();
    for (const state of states.values()) {
      const key = `${state.product_id}|${state.warehouse_id}|${state.warehouse_shelf_id}|${state.lot_no}|${state.in_stock}|${state.last_event_id}`;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key)!.push(state);
    }
    for (const group of groups.values()) {
      const { product_id, warehouse_id, warehouse_shelf_id, lot_no, in_stock, last_event_id } = group[0];
      for (const part of chunk(group.map((s) => s.serial_no), SERIALS_PER_STATEMENT)) {
        await manager.query(
          `UPDATE stock_serial SET warehouse_id = ?, warehouse_shelf_id = ?, lot_no = ?, in_stock = ?, last_event_id = ?, updatetime = ? WHERE product_id = ? AND serial_no IN (${part.map(() => '?').join(', ')})`,
          [warehouse_id, warehouse_shelf_id, lot_no, in_stock, last_event_id, now, product_id, ...part],
        );
      }
    }
    for (const part of chunk(movements, SERIALS_PER_STATEMENT)) {
      await manager.query(`INSERT INTO stock_serial_movement (product_id, serial_no, event_id) VALUES ${part.map(() => '(?, ?, ?)').join(', ')}`, part.flatMap((m) => [m.product_id, m.serial_no, m.event_id]));
    }
  }

  /** The serials in stock on streams, by (product, shelf, lot) key `product:shelf:lot`, sorted (a count lists them). */
  async onStreams(manager: EntityManager, streams: ReadonlyArray<{ productId: number; shelfId: number; lotNo: string }>): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    const pairs = [...new Map(streams.map((s) => [`${s.productId}:${s.shelfId}`, s])).values()];
    for (const part of chunk(pairs, 200)) {
      const rows: Array<Record<string, unknown>> = await manager.query(
        `SELECT product_id, warehouse_shelf_id, lot_no, serial_no FROM stock_serial WHERE in_stock = 1 AND (${part.map(() => '(warehouse_shelf_id = ? AND product_id = ?)').join(' OR ')}) ORDER BY serial_no`,
        part.flatMap((s) => [s.shelfId, s.productId]),
      );
      for (const row of rows) {
        const key = `${Number(row.product_id)}:${Number(row.warehouse_shelf_id)}:${String(row.lot_no)}`;
        if (!found.has(key)) found.set(key, []);
        found.get(key)!.push(String(row.serial_no));
      }
    }
    return found;
  }
}

export function serialStateOf(row: Record<string, unknown>): SerialState {
  return {
    product_id: Number(row.product_id),
    serial_no: String(row.serial_no),
    warehouse_id: Number(row.warehouse_id),
    warehouse_shelf_id: Number(row.warehouse_shelf_id),
    lot_no: String(row.lot_no ?? ''),
    in_stock: Number(row.in_stock),
    last_event_id: Number(row.last_event_id),
  };
}
