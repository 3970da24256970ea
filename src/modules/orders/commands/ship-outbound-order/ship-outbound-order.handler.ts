import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unixNow } from '../../../../shared/http/envelope';
import { MasterDataReader } from '../../../master-data';
import { OrderRuleError } from '../../domain/order-errors';
import { shipOutbound } from '../../domain/order-lines';
import { OrderRepository } from '../../persistence/order.repository';
import { OrderTransitions } from '../order-transitions';
import { ShipOutboundOrderCommand } from './ship-outbound-order.command';

/** Ship (shipment 0 → 1): only after audit, with a carrier that exists and a courier number. */
@CommandHandler(ShipOutboundOrderCommand)
export class ShipOutboundOrderHandler implements ICommandHandler<ShipOutboundOrderCommand> {
  constructor(
    private readonly transitions: OrderTransitions,
    private readonly orders: OrderRepository,
    private readonly catalogue: MasterDataReader,
  ) {}

  execute({ id, input, context }: ShipOutboundOrderCommand) {
    return this.transitions.run('outbound', id, 'shipped', context, async (manager) => {
      const { order } = await this.orders.load(manager, 'outbound', id, true);
      const shipment = shipOutbound(order as { audit_status: number; shipment_status: number }, input, unixNow());
      const carrier = (await this.catalogue.parties(manager, 'carrier', [shipment.carrier_id])).get(shipment.carrier_id);
      if (!carrier || carrier.deleted) throw new OrderRuleError('ship_needs_carrier');
      const changed = await this.transitions.conditionalUpdate(manager, 'outbound_order', id, { ...shipment, updatetime: unixNow() }, 'audit_status = 1 AND shipment_status = 0');
      if (!changed) throw new OrderRuleError('already_shipped');
      return [];
    });
  }
}
