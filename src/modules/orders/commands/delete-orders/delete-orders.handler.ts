import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DataChanges } from '../../../../shared/crud';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { AppError } from '../../../../shared/http/app-error';
import { assertEditable } from '../../domain/order-lines';
import { assertRelocationEditable } from '../../domain/relocation';
import { ORDER_KINDS } from '../../persistence/order-kinds';
import { OrderRepository } from '../../persistence/order.repository';
import { DeleteOrdersCommand } from './delete-orders.command';

@CommandHandler(DeleteOrdersCommand)
export class DeleteOrdersHandler implements ICommandHandler<DeleteOrdersCommand> {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly orders: OrderRepository,
    private readonly changes: DataChanges,
  ) {
    // What the recycle bin needs to put a deleted order back: its number still free, its party and the
    // lines' products and shelves still there.
    const goods = [
      { column: 'product_id', table: 'product', label: '@fields.product_id' },
      { column: 'warehouse_shelf_id', table: 'warehouse_shelf', label: '@fields.warehouse_shelf_id' },
    ];
    const relocationGoods = [
      { column: 'product_id', table: 'product', label: '@fields.product_id' },
      { column: 'source_warehouse_shelf_id', table: 'warehouse_shelf', label: '@fields.source_warehouse_shelf_id' },
      { column: 'target_warehouse_shelf_id', table: 'warehouse_shelf', label: '@fields.target_warehouse_shelf_id' },
    ];
    for (const k of Object.values(ORDER_KINDS)) {
      // an adjustment has no party
      const parents = k.party ? [{ column: k.party.column, table: k.party.party, label: `@fields.${k.party.column}` }] : [];
      changes.describe(k.orderTable, {
        unique: [k.numberColumn],
        parents,
        children: [{ target: k.line, column: k.lineOrderColumn, parents: k.kind === 'relocation' ? relocationGoods : goods }],
      });
    }
  }

  execute({ kind, ids }: DeleteOrdersCommand): Promise<{ count: number }> {
    const k = ORDER_KINDS[kind];
    return this.transactions.run(async (manager) => {
      let count = 0;
      for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
        const found = await this.orders.lock(manager, kind, id).catch((error) => {
          if (error instanceof AppError) return null;
          throw error;
        });
        if (!found) continue;
        if ('status' in found.order) assertRelocationEditable(found.order);
        else assertEditable(found.order);
        await this.changes.beforeDelete(manager, { target: k.order, ids: [id], soft: false });
        await manager.query(`DELETE FROM ${k.lineTable} WHERE ${k.lineOrderColumn} = ?`, [id]);
        await manager.query(`DELETE FROM ${k.orderTable} WHERE id = ?`, [id]);
        count++;
      }
      if (!count) throw new AppError('crud.no_rows_deleted');
      return { count };
    });
  }
}
