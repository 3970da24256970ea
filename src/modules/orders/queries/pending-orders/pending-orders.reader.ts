import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';

export interface PendingOrderCounts {
  /** Inbound orders not audited yet. */
  inbound_orders: number;
  /** Outbound orders not audited yet. */
  outbound_orders: number;
}

/**
 * How many inbound and outbound orders await review (audit_status = 0): one round trip, answered from the
 * (audit_status, id) indexes. The dashboard reads it through the inventory context's pending-orders port.
 */
@Injectable()
export class PendingOrdersReader {
  constructor(private readonly transactions: TransactionRunner) {}

  async execute(manager: EntityManager = this.transactions.manager): Promise<PendingOrderCounts> {
    const [row] = await manager.query(
      'SELECT (SELECT COUNT(*) FROM inbound_order WHERE audit_status = 0) AS inbound_orders, (SELECT COUNT(*) FROM outbound_order WHERE audit_status = 0) AS outbound_orders',
    );
    return { inbound_orders: Number(row?.inbound_orders ?? 0), outbound_orders: Number(row?.outbound_orders ?? 0) };
  }
}
