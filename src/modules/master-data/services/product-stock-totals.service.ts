import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
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

  /** Sets several totals (a Map of product id → total works): one statement per product. */
  async setProductTotals(manager: EntityManager, totals: Iterable<readonly [productId: number, total: number]>): Promise<void> {
    for (const [productId, total] of totals) await this.set(manager, productId, total);
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
