import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unixNow } from '../../../../shared/http/envelope';
import { TransitionRunner } from '../../../../shared/transitions';
import { cancelRelocation } from '../../domain/relocation';
import { OrderRepository } from '../../persistence/order.repository';
import { CancelRelocationOrderCommand } from './cancel-relocation-order.command';

/** Cancel (status 0 or 1 → 3), audited or not: no further moves; what was moved stays moved. */
@CommandHandler(CancelRelocationOrderCommand)
export class CancelRelocationOrderHandler implements ICommandHandler<CancelRelocationOrderCommand> {
  constructor(
    private readonly transitions: TransitionRunner,
    private readonly orders: OrderRepository,
  ) {}

  execute({ id, context }: CancelRelocationOrderCommand) {
    return this.transitions.run(this.orders.document('relocation'), id, 'cancelled', context, async ({ state: { order }, write }) => {
      await write({ status: cancelRelocation(order), updatetime: unixNow() }, { status: order.status });
    });
  }
}
