import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
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
  ) {}

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
        await manager.query(`DELETE FROM ${k.lineTable} WHERE ${k.lineOrderColumn} = ?`, [id]);
        await manager.query(`DELETE FROM ${k.orderTable} WHERE id = ?`, [id]);
        count++;
      }
      if (!count) throw new AppError('crud.no_rows_deleted');
      return { count };
    });
  }
}
