import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { GoodsOrderAudit } from '../goods-order-audit';
import { OrderTransitions } from '../order-transitions';
import { AuditOutboundOrderCommand } from './audit-outbound-order.command';

/** Outbound audit (0 → 1): issues every line from its shelf (form type 40/50/60), all lines or none. */
@CommandHandler(AuditOutboundOrderCommand)
export class AuditOutboundOrderHandler implements ICommandHandler<AuditOutboundOrderCommand> {
  constructor(
    private readonly transitions: OrderTransitions,
    private readonly audit: GoodsOrderAudit,
  ) {}

  execute({ id, context }: AuditOutboundOrderCommand) {
    return this.transitions.run('outbound', id, 'audited', context, (manager, state) => this.audit.audit(manager, 'outbound', state, context.admin));
  }
}
