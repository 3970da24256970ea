import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { ExpiryWindowReader } from '../expiry-window/expiry-window.reader';

/** A lot on hand that expires within the warning window (or has expired): summed over its shelves. */
export interface ExpiringLot {
  product_id: number;
  product_no: string;
  product_name: string;
  lot_no: string;
  expiry_date: string;
  quantity: number;
}

/**
 * The lots on hand whose expiry falls within the site's warning window (`expiry_warning_days`), soonest
 * first, at most `limit` of them (the daily robot message lists them). Read from the stock projection.
 */
@Injectable()
export class ExpiringLotsReader {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly expiry: ExpiryWindowReader,
  ) {}

  async within(limit = 50): Promise<{ today: string; warningDays: number; lots: ExpiringLot[] }> {
    const { today, warningDays, warnUntil } = await this.expiry.view();
    const rows: Array<Record<string, unknown>> = await this.transactions.read((manager) =>
      manager.query(
        "SELECT s.product_id, p.product_no, p.name AS product_name, s.lot_no, s.expiry_date, SUM(s.quantity) AS quantity FROM stock s JOIN product p ON p.id = s.product_id WHERE s.expiry_date IS NOT NULL AND s.expiry_date <> '' AND s.expiry_date <= ? AND s.quantity > 0 GROUP BY s.product_id, p.product_no, p.name, s.lot_no, s.expiry_date ORDER BY s.expiry_date, s.product_id, s.lot_no LIMIT ?",
        [warnUntil, Math.max(1, Math.min(500, limit))],
      ),
    );
    return {
      today,
      warningDays,
      lots: rows.map((r) => ({ product_id: Number(r.product_id), product_no: String(r.product_no), product_name: String(r.product_name), lot_no: String(r.lot_no), expiry_date: String(r.expiry_date), quantity: Number(r.quantity) })),
    };
  }
}
