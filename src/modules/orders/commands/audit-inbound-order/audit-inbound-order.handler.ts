import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { GoodsOrderAudit } from '../goods-order-audit';
import { OrderTransitions } from '../order-transitions';
import { AuditInboundOrderCommand } from './audit-inbound-order.command';

/** Inbound audit (0 → 1): one stock-received event per line, form type 10/20/30 from the inbound type. */
@CommandHandler(AuditInboundOrderCommand)
export class AuditInboundOrderHandler implements ICommandHandler<AuditInboundOrderCommand> {
  constructor(
    private readonly transitions: OrderTransitions,
    private readonly audit: GoodsOrderAudit,
  ) {}

  execute({ id, context }: AuditInboundOrderCommand) {
    return this.transitions.run('inbound', id, 'audited', context, (manager, state) => this.audit.audit(manager, 'inbound', state, context.admin));
  }
}
