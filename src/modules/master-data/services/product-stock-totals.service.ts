import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { chunk, updateById } from '../../../shared/database/sql-dialect';
import { ProductEntity } from '../persistence/product.entity';

/**
 * The one way product.total_stock_num changes. The inventory context owns the number (its ledger projects
 * it) and writes it here inside its own transaction; master data only stores and shows it.
 */
@Injectable()
export class ProductStockTotals {
  /** Sets the total of one product; answers whether the product exists. */
  async set(manager: EntityManager, productId: number, total: number): Promise<boolean> {
    assertQuantity(total);
    const result = await manager.createQueryBuilder().update(ProductEntity).set({ total_stock_num: total }).where('id = :id', { id: productId }).execute();
    return (result.affected ?? 0) > 0;
  }

  /** Sets several totals (a Map of product id → total works): one statement per 500 products. */
  async setProductTotals(manager: EntityManager, totals: Iterable<readonly [productId: number, total: number]>): Promise<void> {
    const rows = [...totals];
    rows.forEach(([, total]) => assertQuantity(total));
    await updateById(manager, 'product', new Map(rows.map(([id, total]) => [id, { total_stock_num: total }])));
  }

  /**
   * Adds each product's change in one statement per 500 products, in product order (the canonical lock
   * order). The addition happens in the UPDATE itself, so concurrent writers to other shelves of the same
   * product each add their own change: a total computed from a read could miss a change another transaction
   * committed after this one's snapshot.
   */
  async addToTotals(manager: EntityManager, deltas: ReadonlyMap<number, number>): Promise<void> {
    const changes = [...deltas].filter(([, delta]) => delta !== 0).sort((a, b) => a[0] - b[0]);
    for (const part of chunk(changes)) {
      part.forEach(([, delta]) => assertQuantity(delta));
      await manager.query(
        `UPDATE product SET total_stock_num = total_stock_num + CASE id ${part.map(() => 'WHEN ? THEN ?').join(' ')} END WHERE id IN (${part.map(() => '?').join(',')})`,
        [...part.flat(), ...part.map(([id]) => id)],
      );
    }
  }

  /** Zero for every product (a projection rebuild sets the real totals next). */
  async resetAll(manager: EntityManager): Promise<void> {
    await manager.query('UPDATE product SET total_stock_num = 0 WHERE total_stock_num <> 0');
  }

  /** Every product's total, in id order, `size` at a time: what a rebuild compares before and after. */
  async *allTotals(manager: EntityManager, size = 5000): AsyncGenerator<Array<{ id: number; total: number }>> {
    for (let after = 0; ; ) {
      const rows: Array<{ id: number; total_stock_num: number }> = await manager.query('SELECT id, total_stock_num FROM product WHERE id > ? ORDER BY id LIMIT ?', [after, size]);
      if (!rows.length) return;
      yield rows.map((r) => ({ id: Number(r.id), total: Number(r.total_stock_num) }));
      after = Number(rows[rows.length - 1].id);
    }
  }

  /** Adds `delta` (negative to subtract) in one statement, without reading first; answers whether the product exists. */
  async add(manager: EntityManager, productId: number, delta: number): Promise<boolean> {
    assertQuantity(delta);
    const result = await manager
      .createQueryBuilder()
      .update(ProductEntity)
      .set({ total_stock_num: () => 'total_stock_num + :delta' })
      .setParameter('delta', delta)
      .where('id = :id', { id: productId })
      .execute();
    return (result.affected ?? 0) > 0;
  }
}

function assertQuantity(value: number): void {
  if (!Number.isSafeInteger(value)) throw new Error(`stock total must be an integer, got ${value}`);
}
