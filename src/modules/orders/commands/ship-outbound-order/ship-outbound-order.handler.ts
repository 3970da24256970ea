import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unixNow } from '../../../../shared/http/envelope';
import { TransitionRunner } from '../../../../shared/transitions';
import { MasterDataReader } from '../../../master-data';
import { OrderRuleError } from '../../domain/order-errors';
import { shipOutbound } from '../../domain/order-lines';
import { OrderRepository } from '../../persistence/order.repository';
import { ShipOutboundOrderCommand } from './ship-outbound-order.command';
import { WavePicking } from '../wave-picking';
import { FULFILMENT_STATUS } from '../../../../../contract/enums';

/**
 * Ship (shipment 0 → 1): only after audit, with a carrier that exists and a courier number; an order in a wave
 * once picked, shipping from the staging shelf what was picked (`WavePicking.ship`).
 */
@CommandHandler(ShipOutboundOrderCommand)
export class ShipOutboundOrderHandler implements ICommandHandler<ShipOutboundOrderCommand> {
  constructor(
    private readonly transitions: TransitionRunner,
    private readonly orders: OrderRepository,
    private readonly catalogue: MasterDataReader,
    private readonly picking: WavePicking,
  ) {}

  execute({ id, input, context }: ShipOutboundOrderCommand) {
    return this.transitions.run(this.orders.document('outbound'), id, 'shipped', context, async (open) => {
      const { manager, state: { order }, write } = open;
      // an order in a wave ships what was picked, from the staging shelf (with a backorder for the rest)
      const directed = order.audit_status === 0 && order.fulfilment_status !== FULFILMENT_STATUS.none;
      if (directed && order.fulfilment_status < FULFILMENT_STATUS.picked) throw new OrderRuleError('not_picked_yet');
      const shipment = shipOutbound(directed ? { ...order, audit_status: 1 } : order, input, unixNow());
      const carrier = (await this.catalogue.parties(manager, 'carrier', [shipment.carrier_id])).get(shipment.carrier_id);
      if (!carrier || carrier.deleted) throw new OrderRuleError('ship_needs_carrier');
      if (directed) return this.picking.ship(open, shipment);
      await write({ ...shipment, updatetime: unixNow() }, { audit_status: 1, shipment_status: 0 });
    });
  }
}
