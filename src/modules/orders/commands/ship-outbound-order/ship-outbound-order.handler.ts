import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unixNow } from '../../../../shared/http/envelope';
import { TransitionRunner } from '../../../../shared/transitions';
import { MasterDataReader } from '../../../master-data';
import { OrderRuleError } from '../../domain/order-errors';
import { shipOutbound } from '../../domain/order-lines';
import { OrderRepository } from '../../persistence/order.repository';
import { ShipOutboundOrderCommand } from './ship-outbound-order.command';

/** Ship (shipment 0 → 1): only after audit, with a carrier that exists and a courier number. */
@CommandHandler(ShipOutboundOrderCommand)
export class ShipOutboundOrderHandler implements ICommandHandler<ShipOutboundOrderCommand> {
  constructor(
    private readonly transitions: TransitionRunner,
    private readonly orders: OrderRepository,
    private readonly catalogue: MasterDataReader,
  ) {}

  execute({ id, input, context }: ShipOutboundOrderCommand) {
    return this.transitions.run(this.orders.document('outbound'), id, 'shipped', context, async ({ manager, state: { order }, write }) => {
      const shipment = shipOutbound(order, input, unixNow());
      const carrier = (await this.catalogue.parties(manager, 'carrier', [shipment.carrier_id])).get(shipment.carrier_id);
      if (!carrier || carrier.deleted) throw new OrderRuleError('ship_needs_carrier');
      await write({ ...shipment, updatetime: unixNow() }, { audit_status: 1, shipment_status: 0 });
    });
  }
}
