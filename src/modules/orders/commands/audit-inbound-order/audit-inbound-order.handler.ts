import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransitionRunner } from '../../../../shared/transitions';
import { OrderRepository } from '../../persistence/order.repository';
import { GoodsOrderAudit } from '../goods-order-audit';
import { AuditInboundOrderCommand } from './audit-inbound-order.command';

/** Inbound audit (0 → 1): one stock-received event per line, form type 10/20/30 from the inbound type. */
@CommandHandler(AuditInboundOrderCommand)
export class AuditInboundOrderHandler implements ICommandHandler<AuditInboundOrderCommand> {
  constructor(
    private readonly transitions: TransitionRunner,
    private readonly orders: OrderRepository,
    private readonly audit: GoodsOrderAudit,
  ) {}

  execute({ id, context }: AuditInboundOrderCommand) {
    return this.transitions.run(this.orders.document('inbound'), id, 'audited', context, (open) => this.audit.audit('inbound', open));
  }
}
