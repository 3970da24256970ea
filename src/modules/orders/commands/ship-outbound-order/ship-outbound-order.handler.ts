import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unixNow } from '../../../../shared/http/envelope';
import { MasterDataReader } from '../../../master-data';
import { OrderRuleError } from '../../domain/order-errors';
import { shipOutbound } from '../../domain/order-lines';
import { OrderTransitions } from '../order-transitions';
import { ShipOutboundOrderCommand } from './ship-outbound-order.command';

/** Ship (shipment 0 → 1): only after audit, with a carrier that exists and a courier number. */
@CommandHandler(ShipOutboundOrderCommand)
export class ShipOutboundOrderHandler implements ICommandHandler<ShipOutboundOrderCommand> {
  constructor(
    private readonly transitions: OrderTransitions,
    private readonly catalogue: MasterDataReader,
  ) {}

  execute({ id, input, context }: ShipOutboundOrderCommand) {
    return this.transitions.run('outbound', id, 'shipped', context, async (manager, { order }) => {
      const shipment = shipOutbound(order, input, unixNow());
      const carrier = (await this.catalogue.parties(manager, 'carrier', [shipment.carrier_id])).get(shipment.carrier_id);
      if (!carrier || carrier.deleted) throw new OrderRuleError('ship_needs_carrier');
      if (!(await this.transitions.guardedUpdate(manager, 'outbound', id, { ...shipment, updatetime: unixNow() }, 'audit_status = 1 AND shipment_status = 0'))) throw new OrderRuleError('changed_meanwhile');
      return [];
    });
  }
}
