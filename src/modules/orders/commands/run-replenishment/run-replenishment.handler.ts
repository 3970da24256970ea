import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import type { ReplenishmentRunResult } from '../../../../../contract/directed';
import { StockTasks } from '../stock-tasks';
import { RunReplenishmentCommand } from './run-replenishment.command';

/** `wms.Replenishment/run`: one transaction; the faces are locked first, so a run repeated while its tasks are open creates none. */
@CommandHandler(RunReplenishmentCommand)
export class RunReplenishmentHandler implements ICommandHandler<RunReplenishmentCommand> {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly stockTasks: StockTasks,
  ) {}

  execute({ warehouseId }: RunReplenishmentCommand): Promise<ReplenishmentRunResult> {
    return this.transactions.run((manager) => this.stockTasks.replenish(manager, { warehouseId }));
  }
}
