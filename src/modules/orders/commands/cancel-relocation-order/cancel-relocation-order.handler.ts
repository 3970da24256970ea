import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unixNow } from '../../../../shared/http/envelope';
import { cancelRelocation, RelocationState } from '../../domain/relocation';
import { OrderRepository } from '../../persistence/order.repository';
import { OrderTransitions } from '../order-transitions';
import { CancelRelocationOrderCommand } from './cancel-relocation-order.command';

/** Cancel (status 0 or 1 → 3), audited or not: no further moves; what was moved stays moved. */
@CommandHandler(CancelRelocationOrderCommand)
export class CancelRelocationOrderHandler implements ICommandHandler<CancelRelocationOrderCommand> {
  constructor(
    private readonly transitions: OrderTransitions,
    private readonly orders: OrderRepository,
  ) {}

  execute({ id, context }: CancelRelocationOrderCommand) {
    return this.transitions.run('relocation', id, 'cancelled', context, async (manager) => {
      const changed = await this.transitions.conditionalUpdate(manager, 'relocation_order', id, { status: 3, updatetime: unixNow() }, 'status IN (0, 1)');
      if (!changed) cancelRelocation((await this.orders.load(manager, 'relocation', id)).order as RelocationState);
      return [];
    });
  }
}
