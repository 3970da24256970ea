import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DataChanges } from '../../../../shared/crud';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { AppError } from '../../../../shared/http/app-error';
import { assertStocktakeDeletable } from '../../domain/stocktake';
import { StocktakeEntity, StocktakeLineEntity } from '../../persistence/order.entities';
import { StocktakeRepository } from '../../persistence/stocktake.repository';
import { DeleteStocktakesCommand } from './delete-stocktakes.command';

@CommandHandler(DeleteStocktakesCommand)
export class DeleteStocktakesHandler implements ICommandHandler<DeleteStocktakesCommand> {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly stocktakes: StocktakeRepository,
    private readonly changes: DataChanges,
  ) {
    // What the recycle bin needs to put a deleted count back: its number still free, its warehouse and the
    // lines' products and shelves still there.
    changes.describe('stocktake', {
      unique: ['stocktake_no'],
      parents: [{ column: 'warehouse_id', table: 'warehouse', label: '@fields.warehouse_id' }],
      children: [
        {
          target: StocktakeLineEntity,
          column: 'stocktake_id',
          parents: [
            { column: 'product_id', table: 'product', label: '@fields.product_id' },
            { column: 'warehouse_shelf_id', table: 'warehouse_shelf', label: '@fields.warehouse_shelf_id' },
          ],
        },
      ],
    });
  }

  execute({ ids }: DeleteStocktakesCommand): Promise<{ count: number }> {
    return this.transactions.run(async (manager) => {
      let count = 0;
      for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
        const found = await this.stocktakes.lock(manager, id).catch((error) => {
          if (error instanceof AppError) return null;
          throw error;
        });
        if (!found) continue;
        assertStocktakeDeletable(found.stocktake);
        await this.changes.beforeDelete(manager, { target: StocktakeEntity, ids: [id], soft: false });
        await manager.query('DELETE FROM stocktake_line WHERE stocktake_id = ?', [id]);
        await manager.query('DELETE FROM stocktake WHERE id = ?', [id]);
        count++;
      }
      if (!count) throw new AppError('crud.no_rows_deleted');
      return { count };
    });
  }
}
