import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unixNow } from '../../../../shared/http/envelope';
import { TransitionRunner } from '../../../../shared/transitions';
import { StockReservations } from '../../../inventory';
import { FULFILMENT_STATUS } from '../../../../../contract/enums';
import { assertUnreservable } from '../../domain/fulfilment';
import { OrderRepository } from '../../persistence/order.repository';
import { UnreserveOutboundOrderCommand } from './unreserve-outbound-order.command';

/** Unreserve (fulfilment 1 → 0): releases every reservation of the order; it may then be edited or deleted. */
@CommandHandler(UnreserveOutboundOrderCommand)
export class UnreserveOutboundOrderHandler implements ICommandHandler<UnreserveOutboundOrderCommand> {
  constructor(
    private readonly transitions: TransitionRunner,
    private readonly orders: OrderRepository,
    private readonly reservations: StockReservations,
  ) {}

  execute({ id, context }: UnreserveOutboundOrderCommand) {
    return this.transitions.run(this.orders.document('outbound'), id, 'unreserved', context, async ({ manager, state: { order }, write }) => {
      assertUnreservable(order);
      await this.reservations.release(manager, { type: 'outbound', id });
      await write({ fulfilment_status: FULFILMENT_STATUS.none, updatetime: unixNow() }, { audit_status: 0, fulfilment_status: FULFILMENT_STATUS.reserved });
    });
  }
}
