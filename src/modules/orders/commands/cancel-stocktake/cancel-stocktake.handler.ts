import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unixNow } from '../../../../shared/http/envelope';
import { cancelStocktake } from '../../domain/stocktake';
import { StocktakeTransitions } from '../stocktake-transitions';
import { CancelStocktakeCommand } from './cancel-stocktake.command';

/** cancel (draft or counting → cancelled): posts nothing; what was counted stays for the record. */
@CommandHandler(CancelStocktakeCommand)
export class CancelStocktakeHandler implements ICommandHandler<CancelStocktakeCommand> {
  constructor(private readonly transitions: StocktakeTransitions) {}

  execute({ id, context }: CancelStocktakeCommand) {
    return this.transitions.run(id, 'cancelled', context, async (manager, { stocktake }) => {
      const status = cancelStocktake(stocktake);
      await this.transitions.guardedUpdate(manager, id, { status, updatetime: unixNow() }, stocktake.status);
      return [];
    });
  }
}
