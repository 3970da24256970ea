import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { AppError } from '../../../../shared/http/app-error';
import { assertStocktakeDeletable } from '../../domain/stocktake';
import { StocktakeRepository } from '../../persistence/stocktake.repository';
import { DeleteStocktakesCommand } from './delete-stocktakes.command';

@CommandHandler(DeleteStocktakesCommand)
export class DeleteStocktakesHandler implements ICommandHandler<DeleteStocktakesCommand> {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly stocktakes: StocktakeRepository,
  ) {}

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
        await manager.query('DELETE FROM stocktake_line WHERE stocktake_id = ?', [id]);
        await manager.query('DELETE FROM stocktake WHERE id = ?', [id]);
        count++;
      }
      if (!count) throw new AppError('crud.no_rows_deleted');
      return { count };
    });
  }
}
