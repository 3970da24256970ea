import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { chunk } from '../../../../shared/database/sql-dialect';
import { LotBlocks, OrderMovementTotalsReader } from '../../../inventory';
import { MasterDataReader } from '../../../master-data';
import { AUDIT_STATUS } from '../../../../../contract/enums';
import type { LotTrace } from '../../../../../contract/lot-trace';

export type { LotTrace } from '../../../../../contract/lot-trace';

const IDS_PER_QUERY = 500;

/**
 * The recall list of one lot (`wms.Lot/trace`): where it came from (each receipt: inbound order, supplier,
 * time, quantity), where it went (each outbound order: customer, time, quantity, how much came back), the
 * returns, everything else the ledger recorded of it (counts, adjustments; moves net out), and where it is now
 * (shelf, quantity). Read from the ledger's history of the lot, so received − shipped + returned + other is
 * exactly what is on hand.
 */
@Injectable()
export class LotTraceReader {
  constructor(
    private readonly lots: LotBlocks,
    private readonly movements: OrderMovementTotalsReader,
    private readonly catalogue: MasterDataReader,
  ) {}

  async trace(manager: EntityManager, productId: number, lotNo: string): Promise<LotTrace> {
    const lot = await this.lots.lot(manager, productId, lotNo);
    const product = (await this.catalogue.products(manager, [productId])).get(productId);
    const history = await this.movements.ofLot(manager, productId, String(lot.lot_no));
    const idsOf = (type: string) => [...new Set(history.filter((h) => h.order_type === type).map((h) => h.order_id))];
    const inbound = await this.orderParties(manager, 'inbound_order', 'supplier_id', idsOf('inbound'));
    const outbound = await this.orderParties(manager, 'outbound_order', 'customer_id', idsOf('outbound'));
    const returns = await this.orderParties(manager, 'return_order', 'customer_id', idsOf('return'));
    const [suppliers, customers] = await Promise.all([
      this.catalogue.parties(manager, 'supplier', [...inbound.values()].map((o) => o.party_id)),
      this.catalogue.parties(manager, 'customer', [...outbound.values(), ...returns.values()].map((o) => o.party_id)),
    ]);
    const returnedByOutbound = new Map<number, number>();
    for (const h of history.filter((m) => m.order_type === 'return')) {
      const outboundId = returns.get(h.order_id)?.outbound_id ?? 0;
      returnedByOutbound.set(outboundId, (returnedByOutbound.get(outboundId) ?? 0) + h.quantity);
    }
    const receipts = history
      .filter((h) => h.order_type === 'inbound')
      .map((h) => {
        const partyId = inbound.get(h.order_id)?.party_id ?? 0;
        return { order_id: h.order_id, order_no: h.order_no, form_type: h.form_type, supplier_id: partyId, supplier_name: suppliers.get(partyId)?.name ?? '', time: h.first_at, quantity: h.quantity };
      });
    const shipments = history
      .filter((h) => h.order_type === 'outbound')
      .map((h) => {
        const partyId = outbound.get(h.order_id)?.party_id ?? 0;
        return { order_id: h.order_id, order_no: h.order_no, form_type: h.form_type, customer_id: partyId, customer_name: customers.get(partyId)?.name ?? '', time: h.first_at, quantity: -h.quantity, returned: returnedByOutbound.get(h.order_id) ?? 0 };
      });
    const returned = history
      .filter((h) => h.order_type === 'return')
      .map((h) => {
        const order = returns.get(h.order_id);
        return { order_id: h.order_id, order_no: h.order_no, outbound_id: order?.outbound_id ?? 0, customer_id: order?.party_id ?? 0, customer_name: customers.get(order?.party_id ?? 0)?.name ?? '', time: h.first_at, quantity: h.quantity };
      });
    const other = history.filter((h) => !['inbound', 'outbound', 'return'].includes(h.order_type) && h.quantity !== 0).map((h) => ({ order_type: h.order_type, order_id: h.order_id, order_no: h.order_no, form_type: h.form_type, time: h.first_at, quantity: h.quantity }));
    const sum = (rows: ReadonlyArray<{ quantity: number }>) => rows.reduce((n, r) => n + r.quantity, 0);
    const onHand = lot.on_hand as LotTrace['on_hand'];
    return {
      product: product ? { id: product.id, name: product.name, product_no: product.product_no, spec: product.spec, unit_name: product.unit_name } : { id: productId, name: `#${productId}`, product_no: '', spec: '', unit_name: '' },
      lot: { lot_no: String(lot.lot_no), production_date: String(lot.production_date ?? ''), expiry_date: String(lot.expiry_date ?? ''), received_at: Number(lot.received_at ?? 0), blocked: Number(lot.blocked), block_reason: String(lot.block_reason ?? '') },
      receipts,
      shipments,
      returns: returned,
      other,
      on_hand: onHand,
      totals: { received: sum(receipts), shipped: sum(shipments), returned: sum(returned), other: sum(other), on_hand: sum(onHand), ledger: history.reduce((n, h) => n + h.quantity, 0) },
    };
  }

  /** The party (and, for returns, the outbound order) of each order id, read in pages. */
  private async orderParties(manager: EntityManager, table: 'inbound_order' | 'outbound_order' | 'return_order', column: 'supplier_id' | 'customer_id', ids: readonly number[]): Promise<Map<number, { party_id: number; outbound_id: number; audited: boolean }>> {
    const found = new Map<number, { party_id: number; outbound_id: number; audited: boolean }>();
    for (const part of chunk([...ids], IDS_PER_QUERY)) {
      const rows: Array<Record<string, unknown>> = await manager.query(`SELECT id, ${column} AS party_id, ${table === 'return_order' ? 'outbound_id' : '0 AS outbound_id'}, audit_status FROM ${table} WHERE id IN (${part.map(() => '?').join(', ')})`, [...part]);
      for (const r of rows) found.set(Number(r.id), { party_id: Number(r.party_id), outbound_id: Number(r.outbound_id ?? 0), audited: Number(r.audit_status) === AUDIT_STATUS.audited });
    }
    return found;
  }
}
