import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unixNow } from '../../../../shared/http/envelope';
import { TransitionRunner } from '../../../../shared/transitions';
import { MasterDataReader } from '../../../master-data';
import { auditRelocation } from '../../domain/relocation';
import { OrderRepository } from '../../persistence/order.repository';
import { shelfStatesOf } from '../goods-order-audit';
import { NamedLots } from '../named-lots';
import { AuditRelocationOrderCommand } from './audit-relocation-order.command';

/** Relocation audit (0 → 1) approves the moves; stock moves later, line by line. */
@CommandHandler(AuditRelocationOrderCommand)
export class AuditRelocationOrderHandler implements ICommandHandler<AuditRelocationOrderCommand> {
  constructor(
    private readonly transitions: TransitionRunner,
    private readonly orders: OrderRepository,
    private readonly catalogue: MasterDataReader,
    private readonly namedLots: NamedLots,
  ) {}

  execute({ id, context }: AuditRelocationOrderCommand) {
    return this.transitions.run(this.orders.document('relocation'), id, 'audited', context, async ({ manager, state: { order, lines }, write }) => {
      const shelves = await this.catalogue.shelves(manager, lines.flatMap((l) => [l.source_warehouse_shelf_id, l.target_warehouse_shelf_id]));
      auditRelocation(order, lines, shelfStatesOf(shelves));
      // The lots named, on the products as they are now and on the source shelves as they are now (read, not
      // locked: an audit moves nothing, and each move checks again under the stream locks).
      const products = await this.catalogue.products(manager, lines.map((l) => l.product_id));
      await this.namedLots.check(manager, lines.map((l, i) => ({ position: i + 1, product_id: l.product_id, lot_no: l.lot_no, shelfId: l.source_warehouse_shelf_id })), { products, shelves });
      const now = unixNow();
      await write({ audit_status: 1, audittime: now, audit_admin_id: context.admin.id, updatetime: now }, { audit_status: 0, status: 0 });
    });
  }
}
