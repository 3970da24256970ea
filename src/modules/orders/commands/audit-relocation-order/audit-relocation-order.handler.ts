import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unixNow } from '../../../../shared/http/envelope';
import { MasterDataReader } from '../../../master-data';
import { OrderRuleError } from '../../domain/order-errors';
import { RelocationStatus } from '../../domain/order-lines';
import { auditRelocation, RelocationLine } from '../../domain/relocation';
import { OrderRepository } from '../../persistence/order.repository';
import { shelfStates } from '../goods-order-audit';
import { OrderTransitions } from '../order-transitions';
import { AuditRelocationOrderCommand } from './audit-relocation-order.command';

/** Relocation audit (0 → 1) approves the moves; stock moves later, line by line. */
@CommandHandler(AuditRelocationOrderCommand)
export class AuditRelocationOrderHandler implements ICommandHandler<AuditRelocationOrderCommand> {
  constructor(
    private readonly transitions: OrderTransitions,
    private readonly orders: OrderRepository,
    private readonly catalogue: MasterDataReader,
  ) {}

  execute({ id, context }: AuditRelocationOrderCommand) {
    return this.transitions.run('relocation', id, 'audited', context, async (manager) => {
      const now = unixNow();
      const changed = await this.transitions.conditionalUpdate(manager, 'relocation_order', id, { audit_status: 1, audittime: now, audit_admin_id: context.admin.id, updatetime: now }, 'audit_status = 0 AND status = 0');
      const { order, lines } = await this.orders.load(manager, 'relocation', id);
      if (!changed) throw new OrderRuleError(order.status === RelocationStatus.cancelled ? 'relocation_cancelled' : 'already_audited');
      const shelves = await shelfStates(this.catalogue, manager, lines.flatMap((l) => [l.source_warehouse_shelf_id, l.target_warehouse_shelf_id]));
      auditRelocation({ audit_status: 0, status: 0 }, lines as RelocationLine[], shelves);
      return [];
    });
  }
}
