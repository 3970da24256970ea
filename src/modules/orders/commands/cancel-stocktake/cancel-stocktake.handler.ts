import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unixNow } from '../../../../shared/http/envelope';
import { TransitionRunner } from '../../../../shared/transitions';
import { cancelStocktake } from '../../domain/stocktake';
import { StocktakeRepository } from '../../persistence/stocktake.repository';
import { CancelStocktakeCommand } from './cancel-stocktake.command';

/** cancel (draft or counting → cancelled): posts nothing; what was counted stays for the record. */
@CommandHandler(CancelStocktakeCommand)
export class CancelStocktakeHandler implements ICommandHandler<CancelStocktakeCommand> {
  constructor(
    private readonly transitions: TransitionRunner,
    private readonly stocktakes: StocktakeRepository,
  ) {}

  execute({ id, context }: CancelStocktakeCommand) {
    return this.transitions.run(this.stocktakes, id, 'cancelled', context, async ({ state: { stocktake }, write }) => {
      await write({ status: cancelStocktake(stocktake), updatetime: unixNow() }, { status: stocktake.status });
    });
  }
}
