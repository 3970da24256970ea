import { randomUUID } from 'node:crypto';
import { eventUnitOf } from '../../domain/line-units';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unixNow } from '../../../../shared/http/envelope';
import { TransitionRunner } from '../../../../shared/transitions';
import { FormType, StockEventType, StockLedger } from '../../../inventory';
import { MasterDataReader } from '../../../master-data';
import { adjustmentLineTotal, auditAdjustment } from '../../domain/adjustment';
import { OrderRepository } from '../../persistence/order.repository';
import { operatorName, shelfStatesOf } from '../goods-order-audit';
import { AuditAdjustmentOrderCommand } from './audit-adjustment-order.command';

/**
 * Adjustment audit (0 → 1): every line changes its stream by its signed quantity at the product's price,
 * form type 100 in / 110 out. A line that would take a stream below zero refuses the whole audit (the
 * ledger names product and shelf) and nothing is written.
 */
@CommandHandler(AuditAdjustmentOrderCommand)
export class AuditAdjustmentOrderHandler implements ICommandHandler<AuditAdjustmentOrderCommand> {
  constructor(
    private readonly transitions: TransitionRunner,
    private readonly orders: OrderRepository,
    private readonly catalogue: MasterDataReader,
    private readonly ledger: StockLedger,
  ) {}

  execute({ id, context }: AuditAdjustmentOrderCommand) {
    return this.transitions.run(this.orders.document('adjustment'), id, 'audited', context, async ({ manager, state: { order, lines }, write }) => {
      const [shelves, products] = await Promise.all([this.catalogue.shelves(manager, lines.map((l) => l.warehouse_shelf_id)), this.catalogue.products(manager, lines.map((l) => l.product_id))]);
      const priceOf = (productId: number) => products.get(productId)?.price ?? '0.00';
      const changes = auditAdjustment(order, lines, shelfStatesOf(shelves), priceOf);
      const now = unixNow();
      await write({ audit_status: 1, audittime: now, audit_admin_id: context.admin.id, updatetime: now }, { audit_status: 0 });
      await this.orders.setLineValues(manager, 'adjustment', new Map(lines.map((l) => [l.id, { price: priceOf(l.product_id), total_price: adjustmentLineTotal(l.quantity, priceOf(l.product_id)) }])));
      await this.ledger.record(
        manager,
        changes.map((c, i) => ({
          type: StockEventType.adjusted,
          formType: c.quantity > 0 ? FormType.adjustmentIn : FormType.adjustmentOut,
          productId: c.productId,
          shelfId: c.shelfId,
          quantity: c.quantity,
          price: c.price,
          // exactly the line's stream: its lot ('' for a product not kept per lot), never an allocation
          lotNo: lines[i].lot_no ?? '',
          ...eventUnitOf(lines[i]),
          ...(lines[i].serials?.length ? { serials: lines[i].serials } : {}),
        })),
        { order_type: 'adjustment', order_id: id, order_no: order.adjustment_no, admin_id: context.admin.id, operator: operatorName(context.admin), command_id: randomUUID(), occurredAt: now },
        // read above, after the order's lock: the ledger's snapshots need no second read
        { products, shelves },
      );
    });
  }
}
