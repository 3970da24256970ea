import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unixNow } from '../../../../shared/http/envelope';
import { TransitionRunner } from '../../../../shared/transitions';
import { StockReservations } from '../../../inventory';
import { FULFILMENT_STATUS } from '../../../../../contract/enums';
import { reservationRequests } from '../../domain/fulfilment';
import { OrderRepository } from '../../persistence/order.repository';
import { ReserveOutboundOrderCommand } from './reserve-outbound-order.command';

/**
 * Reserve (fulfilment 0 → 1): each line's actual quantity on its shelf (and lot), or over the storage shelves
 * of the order's warehouse first-expiry-first-out then in pick-path order — under the streams' row locks, so
 * reservations never exceed what is available, however many reserve at once. All or nothing unless partial.
 */
@CommandHandler(ReserveOutboundOrderCommand)
export class ReserveOutboundOrderHandler implements ICommandHandler<ReserveOutboundOrderCommand> {
  constructor(
    private readonly transitions: TransitionRunner,
    private readonly orders: OrderRepository,
    private readonly reservations: StockReservations,
  ) {}

  execute({ id, partial, context }: ReserveOutboundOrderCommand) {
    return this.transitions.run(this.orders.document('outbound'), id, 'reserved', context, async ({ manager, state: { order, lines }, write }) => {
      const requests = reservationRequests(order, lines);
      const now = unixNow();
      await this.reservations.reserve(manager, { type: 'outbound', id }, requests, { warehouseId: order.warehouse_id, partial, now });
      await write({ fulfilment_status: FULFILMENT_STATUS.reserved, updatetime: now }, { audit_status: 0, fulfilment_status: FULFILMENT_STATUS.none });
    });
  }
}
