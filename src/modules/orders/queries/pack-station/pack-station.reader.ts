import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { MasterDataReader } from '../../../master-data';
import { FULFILMENT_STATUS, SHIPMENT_STATUS } from '../../../../../contract/enums';
import type { OrderView } from '../../../../../contract/orders';
import type { PackableOrderView } from '../../../../../contract/directed';
import { OrderRuleError } from '../../domain/order-errors';
import { OrderRepository } from '../../persistence/order.repository';

export type { PackableOrderView as PackableOrder } from '../../../../../contract/directed';

/** At most this many orders in the pack station's list (the newest first); any other is found by its number. */
export const PACKABLE_ORDERS = 100;

/**
 * What the pack station reads, under its own rules (a packer needs no right on outbound orders): the orders
 * picked and not shipped yet, and one order by its number (as typed or scanned from its picking list's
 * barcode) or id, with its lines (what each picked) and its packages.
 */
@Injectable()
export class PackStationReader {
  constructor(
    private readonly orders: OrderRepository,
    private readonly catalogue: MasterDataReader,
    private readonly transactions: TransactionRunner,
  ) {}

  async waiting(): Promise<PackableOrderView[]> {
    const manager = this.transactions.manager;
    const rows: Array<Record<string, unknown>> = await manager.query(
      `SELECT id, outbound_no, customer_id, fulfilment_status FROM outbound_order WHERE fulfilment_status IN (?, ?) AND shipment_status = ? ORDER BY id DESC LIMIT ${PACKABLE_ORDERS}`,
      [FULFILMENT_STATUS.picked, FULFILMENT_STATUS.packed, SHIPMENT_STATUS.unshipped],
    );
    const customers = await this.catalogue.parties(manager, 'customer', rows.map((r) => Number(r.customer_id)));
    return rows.map((r) => ({ id: Number(r.id), outbound_no: String(r.outbound_no), customer: customers.get(Number(r.customer_id))?.name ?? '', fulfilment_status: Number(r.fulfilment_status) }));
  }

  async order(rawCode: unknown): Promise<OrderView<'outbound'>> {
    const code = typeof rawCode === 'string' ? rawCode.trim() : typeof rawCode === 'number' ? String(rawCode) : '';
    if (!code || code.length > 64) throw new OrderRuleError('package_unknown_order', { code: code.slice(0, 64) });
    const manager = this.transactions.manager;
    const [byNumber] = await manager.query('SELECT id FROM outbound_order WHERE outbound_no = ?', [code]);
    const [byId] = byNumber || !/^\d{1,9}$/.test(code) ? [] : await manager.query('SELECT id FROM outbound_order WHERE id = ?', [Number(code)]);
    const found = byNumber ?? byId;
    if (!found) throw new OrderRuleError('package_unknown_order', { code });
    return this.orders.present(manager, 'outbound', Number(found.id));
  }
}
