import { randomUUID } from 'node:crypto';
import { eventUnitOf } from '../../domain/line-units';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { insertMany } from '../../../../shared/database/sql-dialect';
import { AppError } from '../../../../shared/http/app-error';
import { unixNow } from '../../../../shared/http/envelope';
import { siteDayOf } from '../../../../shared/time/site-day';
import { TransitionRunner } from '../../../../shared/transitions';
import { FormType, StockEventType, StockLedger } from '../../../inventory';
import { MasterDataReader } from '../../../master-data';
import { SiteConfigService } from '../../../platform';
import { AUDIT_STATUS, RETURN_DISPOSITION } from '../../../../../contract/enums';
import { adjustmentLineTotal } from '../../domain/adjustment';
import { assertReturnableOrder, assertSerialsReturnable, assertWithinReturnable, checkReturnLines, returnShelvesOf } from '../../domain/customer-return';
import { OrderRuleError } from '../../domain/order-errors';
import { namedLotsOf } from '../../domain/order-lots';
import { ORDER_KINDS } from '../../persistence/order-kinds';
import { OrderNumbers } from '../../persistence/order-numbers';
import { OrderRepository } from '../../persistence/order.repository';
import { ReturnablesReader } from '../../queries/returnables/returnables.reader';
import { operatorName } from '../goods-order-audit';
import { AuditReturnOrderCommand } from './audit-return-order.command';

/** The reason of the adjustment that takes scrapped returns out again. */
export const RETURN_SCRAP_REASON = 'return_scrap';

/** A return line of a serial-tracked product carries the serials of the units returned (the ledger checks them). */
const serialsOf = (line: { serials?: string[] }) => (line.serials?.length ? { serials: line.serials } : {});

/**
 * Return audit (0 → 1), on the return as locked by its transition, then its outbound order locked (every return
 * audit of one shipment takes turns there): the rules again on the real state — the shelves fit the
 * dispositions, the lots as the products are now, every (product, lot) at most what may still be returned —
 * then each line is received onto its shelf (form type 150, the price it was shipped at). Scrapped lines are
 * then taken out again by one audited adjustment (form type 110, reason `return_scrap`), in the same
 * transaction. All or nothing.
 */
@CommandHandler(AuditReturnOrderCommand)
export class AuditReturnOrderHandler implements ICommandHandler<AuditReturnOrderCommand> {
  constructor(
    private readonly transitions: TransitionRunner,
    private readonly orders: OrderRepository,
    private readonly catalogue: MasterDataReader,
    private readonly ledger: StockLedger,
    private readonly returnables: ReturnablesReader,
    private readonly numbers: OrderNumbers,
    private readonly siteConfig: SiteConfigService,
  ) {}

  execute({ id, context }: AuditReturnOrderCommand) {
    return this.transitions.run(this.orders.document('return'), id, 'audited', context, async ({ manager, state: { order, lines }, write }) => {
      if (order.audit_status !== AUDIT_STATUS.unaudited) throw new OrderRuleError('already_audited');
      const outbound = await this.returnables.outbound(manager, order.outbound_id, true);
      assertReturnableOrder(outbound);
      const [shelves, products, returnable] = await Promise.all([
        this.catalogue.shelves(manager, lines.map((l) => l.warehouse_shelf_id)),
        this.catalogue.products(manager, lines.map((l) => l.product_id)),
        this.returnables.of(manager, outbound!.id),
      ]);
      checkReturnLines(lines, returnShelvesOf(shelves));
      const lots = namedLotsOf(
        lines.map((line, index) => ({ line, position: index + 1 })),
        products,
      );
      lines.forEach((line, index) => {
        const product = products.get(line.product_id)!;
        if (product.lot_tracked && !lots[index]) throw new AppError('lots.lot_required', { line: index + 1, product: `${product.name} (${product.product_no})` });
      });
      const productName = (productId: number) => {
        const p = products.get(productId);
        return p ? `${p.name} (${p.product_no})` : `#${productId}`;
      };
      assertWithinReturnable(lines, returnable, productName);
      // serials (§14): only serials this shipment took out and no audited return brought back
      if (lines.some((l) => l.serials?.length)) assertSerialsReturnable(lines, await this.returnables.serials(manager, outbound!.id), productName, outbound!.outbound_no);
      const now = unixNow();
      const operator = operatorName(context.admin);
      await write({ audit_status: AUDIT_STATUS.audited, audittime: now, audit_admin_id: context.admin.id, updatetime: now }, { audit_status: AUDIT_STATUS.unaudited });
      await this.ledger.post(
        manager,
        lines.map((l, i) => ({ type: StockEventType.received, formType: FormType.customerReturn, productId: l.product_id, shelfId: l.warehouse_shelf_id, quantity: l.quantity, price: l.price, lotNo: lots[i], ...eventUnitOf(l), ...serialsOf(l) })),
        { order_type: 'return', order_id: order.id, order_no: order.return_no, admin_id: context.admin.id, operator, command_id: randomUUID(), occurredAt: now },
        { products, shelves },
      );

      const scrapped = lines.map((l, i) => ({ ...l, lot_no: lots[i] })).filter((l) => l.disposition === RETURN_DISPOSITION.scrap);
      if (!scrapped.length) return;
      const adjustment = ORDER_KINDS.adjustment;
      const number = await this.numbers.next(manager, adjustment.prefix, siteDayOf(await this.siteConfig.timeZone(manager))(now));
      const inserted = await manager.insert(adjustment.order, {
        adjustment_no: number,
        order_sn: order.return_no,
        remark: order.return_no,
        admin_id: context.admin.id,
        audit_status: AUDIT_STATUS.audited,
        audittime: now,
        audit_admin_id: context.admin.id,
        createtime: now,
        updatetime: now,
      });
      const adjustmentId = Number(inserted.identifiers[0].id);
      await insertMany(
        manager,
        adjustment.lineTable,
        scrapped.map((l) => ({ adjustment_order_id: adjustmentId, product_id: l.product_id, warehouse_shelf_id: l.warehouse_shelf_id, lot_no: l.lot_no, quantity: -l.quantity, reason: RETURN_SCRAP_REASON, price: l.price, total_price: adjustmentLineTotal(l.quantity, l.price), serials: l.serials?.length ? JSON.stringify(l.serials) : null })),
      );
      await this.ledger.post(
        manager,
        scrapped.map((l) => ({ type: StockEventType.adjusted, formType: FormType.adjustmentOut, productId: l.product_id, shelfId: l.warehouse_shelf_id, quantity: -l.quantity, price: l.price, lotNo: l.lot_no, ...eventUnitOf(l), ...serialsOf(l) })),
        { order_type: 'adjustment', order_id: adjustmentId, order_no: number, admin_id: context.admin.id, operator, command_id: randomUUID(), occurredAt: now },
        { products, shelves },
      );
      await manager.query('UPDATE return_order SET scrap_adjustment_id = ? WHERE id = ?', [adjustmentId, order.id]);
    });
  }
}
