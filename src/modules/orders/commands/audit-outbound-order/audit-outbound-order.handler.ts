import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransitionRunner } from '../../../../shared/transitions';
import { OrderRepository } from '../../persistence/order.repository';
import { GoodsOrderAudit } from '../goods-order-audit';
import { AuditOutboundOrderCommand } from './audit-outbound-order.command';

/** Outbound audit (0 → 1): issues every line from its shelf (form type 40/50/60), all lines or none. */
@CommandHandler(AuditOutboundOrderCommand)
export class AuditOutboundOrderHandler implements ICommandHandler<AuditOutboundOrderCommand> {
  constructor(
    private readonly transitions: TransitionRunner,
    private readonly orders: OrderRepository,
    private readonly audit: GoodsOrderAudit,
  ) {}

  execute({ id, context }: AuditOutboundOrderCommand) {
    return this.transitions.run(this.orders.document('outbound'), id, 'audited', context, (open) => this.audit.audit('outbound', open));
  }
}
