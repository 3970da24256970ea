import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unixNow } from '../../../../shared/http/envelope';
import { OrderRuleError } from '../../domain/order-errors';
import { cancelRelocation } from '../../domain/relocation';
import { OrderTransitions } from '../order-transitions';
import { CancelRelocationOrderCommand } from './cancel-relocation-order.command';

/** Cancel (status 0 or 1 → 3), audited or not: no further moves; what was moved stays moved. */
@CommandHandler(CancelRelocationOrderCommand)
export class CancelRelocationOrderHandler implements ICommandHandler<CancelRelocationOrderCommand> {
  constructor(private readonly transitions: OrderTransitions) {}

  execute({ id, context }: CancelRelocationOrderCommand) {
    return this.transitions.run('relocation', id, 'cancelled', context, async (manager, { order }) => {
      const status = cancelRelocation(order);
      if (!(await this.transitions.guardedUpdate(manager, 'relocation', id, { status, updatetime: unixNow() }, 'status = ?', [order.status]))) throw new OrderRuleError('changed_meanwhile');
      return [];
    });
  }
}
