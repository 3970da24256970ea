import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { unixNow } from '../../../../shared/http/envelope';
import { siteDayOf } from '../../../../shared/time/site-day';
import { MASTER_DATA_TABLES } from '../../../master-data';
import { SiteConfigService } from '../../../platform';
import { INBOUND_TYPE } from '../../../../../contract/enums';
import type { ReorderDraftResult } from '../../../../../contract/directed';
import { lineTotalPrice } from '../../domain/order-lines';
import { OrderRuleError } from '../../domain/order-errors';
import { ORDER_KINDS } from '../../persistence/order-kinds';
import { OrderNumbers } from '../../persistence/order-numbers';
import { OrderRepository } from '../../persistence/order.repository';
import { ReorderReader } from '../../queries/reorder/reorder.reader';
import { DraftReorderCommand } from './draft-reorder.command';

/**
 * Reorder drafts (§12): the warehouse's rules are locked, the suggestions read, and each supplier with
 * something suggested gets one unaudited purchase inbound order naming the warehouse (lines without a shelf:
 * received on the dock and put away). The drafts count as pending at once, so a second run writes none.
 */
@CommandHandler(DraftReorderCommand)
export class DraftReorderHandler implements ICommandHandler<DraftReorderCommand> {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly reorder: ReorderReader,
    private readonly numbers: OrderNumbers,
    private readonly orders: OrderRepository,
    private readonly siteConfig: SiteConfigService,
  ) {}

  execute({ warehouseId, productIds, admin }: DraftReorderCommand): Promise<ReorderDraftResult> {
    return this.transactions.run(async (manager) => {
      const [warehouse] = await manager.query(`SELECT id FROM ${MASTER_DATA_TABLES.warehouse} WHERE id = ? AND deletetime IS NULL`, [warehouseId]);
      if (!warehouse) throw new OrderRuleError('unknown_warehouse');
      const lines = (await this.reorder.lines(manager, warehouseId, { productIds, lock: true })).filter((l) => l.suggested > 0);
      const bySupplier = new Map<number, typeof lines>();
      for (const line of lines) bySupplier.set(line.supplier_id, [...(bySupplier.get(line.supplier_id) ?? []), line]);
      const now = unixNow();
      const day = siteDayOf(await this.siteConfig.timeZone(manager))(now);
      const k = ORDER_KINDS.inbound;
      const orders: ReorderDraftResult['orders'] = [];
      for (const [supplierId, supplied] of [...bySupplier].sort((a, b) => a[0] - b[0])) {
        const number = await this.numbers.next(manager, k.prefix, day);
        const result = await manager.insert(k.order, { ...k.initial, receipt_no: number, order_sn: '', supplier_id: supplierId, type: INBOUND_TYPE.purchase, warehouse_id: warehouseId, remark: '', admin_id: admin.id, audit_status: 0, audit_admin_id: 0, createtime: now, updatetime: now });
        const id = Number(result.identifiers[0].id);
        await this.orders.replaceLines(
          manager,
          'inbound',
          id,
          supplied.map((l) => {
            const price = l.product?.price ?? '0.00';
            return { product_id: l.product_id, detail_code: '', plan_quantity: l.suggested, actual_quantity: l.suggested, price, total_price: lineTotalPrice({ actual_quantity: l.suggested, price }), warehouse_shelf_id: 0, lot_no: '', production_date: '', expiry_date: '' };
          }),
        );
        orders.push({ id, receipt_no: number, supplier_id: supplierId });
      }
      return { orders };
    });
  }
}
