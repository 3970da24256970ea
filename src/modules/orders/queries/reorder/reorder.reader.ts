import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { forUpdate } from '../../../../shared/database/sql-dialect';
import { MASTER_DATA_TABLES } from '../../../master-data';
import { reorderSuggestion } from '../../domain/putaway';
import type { ReorderLine } from '../../../../../contract/directed';

const int = (v: unknown) => Number(v ?? 0);

/**
 * The reorder list (§12): per rule of the warehouse, what is on hand there, the planned quantity of unaudited
 * inbound orders into it (naming it, or a shelf of it), what is reserved, the position and the suggestion.
 * With `lock` the rules are locked first (drafting takes turns).
 */
@Injectable()
export class ReorderReader {
  async lines(manager: EntityManager, warehouseId: number, options: { productIds?: number[]; lock?: boolean } = {}): Promise<ReorderLine[]> {
    const only = options.productIds?.length ? ` AND product_id IN (${options.productIds.map(() => '?').join(',')})` : '';
    const rules: Array<Record<string, unknown>> = await manager.query(`SELECT * FROM reorder_rule WHERE warehouse_id = ?${only} ORDER BY id${options.lock ? forUpdate(manager) : ''}`, [warehouseId, ...(options.productIds ?? [])]);
    if (!rules.length) return [];
    const productIds = [...new Set(rules.map((r) => int(r.product_id)))];
    const marks = productIds.map(() => '?').join(',');
    const products: Array<Record<string, unknown>> = await manager.query(`SELECT id, name, product_no, price FROM ${MASTER_DATA_TABLES.product} WHERE id IN (${marks})`, productIds);
    const stock: Array<Record<string, unknown>> = await manager.query(
      `SELECT st.product_id, SUM(st.quantity) AS on_hand, SUM(st.reserved_quantity) AS reserved FROM stock st JOIN ${MASTER_DATA_TABLES.shelf} s ON s.id = st.warehouse_shelf_id
        WHERE s.warehouse_id = ? AND st.product_id IN (${marks}) GROUP BY st.product_id`,
      [warehouseId, ...productIds],
    );
    const pending: Array<Record<string, unknown>> = await manager.query(
      `SELECT l.product_id, SUM(l.plan_quantity) AS n FROM inbound_order_line l JOIN inbound_order o ON o.id = l.inbound_order_id
         LEFT JOIN ${MASTER_DATA_TABLES.shelf} s ON s.id = l.warehouse_shelf_id
        WHERE o.audit_status = 0 AND (o.warehouse_id = ? OR (l.warehouse_shelf_id > 0 AND s.warehouse_id = ?)) AND l.product_id IN (${marks}) GROUP BY l.product_id`,
      [warehouseId, warehouseId, ...productIds],
    );
    const byProduct = <T>(rows: Array<Record<string, unknown>>, pick: (r: Record<string, unknown>) => T) => new Map(rows.map((r) => [int(r.product_id ?? r.id), pick(r)]));
    const productOf = byProduct(products, (r) => ({ id: int(r.id), name: String(r.name), product_no: String(r.product_no), price: String(r.price ?? '0.00') }));
    const stockOf = byProduct(stock, (r) => ({ on_hand: int(r.on_hand), reserved: int(r.reserved) }));
    const pendingOf = byProduct(pending, (r) => int(r.n));
    return rules.map((rule) => {
      const productId = int(rule.product_id);
      const figures = { on_hand: stockOf.get(productId)?.on_hand ?? 0, inbound_pending: pendingOf.get(productId) ?? 0, reserved: stockOf.get(productId)?.reserved ?? 0, min: int(rule.min), max: int(rule.max), multiple: int(rule.multiple) || 1 };
      return { id: int(rule.id), warehouse_id: warehouseId, product_id: productId, supplier_id: int(rule.supplier_id), product: productOf.get(productId) ?? null, ...figures, ...reorderSuggestion(figures) };
    });
  }
}
