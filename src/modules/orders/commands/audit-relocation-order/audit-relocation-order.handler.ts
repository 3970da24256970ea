import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unixNow } from '../../../../shared/http/envelope';
import { MasterDataReader } from '../../../master-data';
import { OrderRuleError } from '../../domain/order-errors';
import { auditRelocation } from '../../domain/relocation';
import { shelfStates } from '../goods-order-audit';
import { OrderTransitions } from '../order-transitions';
import { AuditRelocationOrderCommand } from './audit-relocation-order.command';

/** Relocation audit (0 → 1) approves the moves; stock moves later, line by line. */
@CommandHandler(AuditRelocationOrderCommand)
export class AuditRelocationOrderHandler implements ICommandHandler<AuditRelocationOrderCommand> {
  constructor(
    private readonly transitions: OrderTransitions,
    private readonly catalogue: MasterDataReader,
  ) {}

  execute({ id, context }: AuditRelocationOrderCommand) {
    return this.transitions.run('relocation', id, 'audited', context, async (manager, { order, lines }) => {
      const shelves = await shelfStates(this.catalogue, manager, lines.flatMap((l) => [l.source_warehouse_shelf_id, l.target_warehouse_shelf_id]));
      auditRelocation(order, lines, shelves);
      const now = unixNow();
      if (!(await this.transitions.guardedUpdate(manager, 'relocation', id, { audit_status: 1, audittime: now, audit_admin_id: context.admin.id, updatetime: now }, 'audit_status = 0 AND status = 0'))) throw new OrderRuleError('changed_meanwhile');
      return [];
    });
  }
}
