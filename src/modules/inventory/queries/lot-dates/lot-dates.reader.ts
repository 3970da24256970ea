import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { chunk } from '../../../../shared/database/sql-dialect';

export interface LotDatesOf {
  production_date: string;
  expiry_date: string;
}

const LOTS_PER_QUERY = 200;

/**
 * The dates of lots as their first receipt fixed them (`stock_lot`), keyed `<product id>:<LOT>`: for what
 * prints lots that are not on a stock row any more (a relocation sheet's lots, moved or named).
 */
@Injectable()
export class LotDatesReader {
  async of(manager: EntityManager, lots: ReadonlyArray<{ productId: number; lotNo: string }>): Promise<Map<string, LotDatesOf>> {
    const wanted = [...new Map(lots.filter((l) => l.lotNo).map((l) => [`${l.productId}:${l.lotNo}`, l])).values()];
    const found = new Map<string, LotDatesOf>();
    for (const part of chunk(wanted, LOTS_PER_QUERY)) {
      const rows: Array<Record<string, unknown>> = await manager.query(
        `SELECT product_id, lot_no, production_date, expiry_date FROM stock_lot WHERE ${part.map(() => '(product_id = ? AND lot_no = ?)').join(' OR ')}`,
        part.flatMap((l) => [l.productId, l.lotNo]),
      );
      for (const row of rows) found.set(`${Number(row.product_id)}:${String(row.lot_no).toUpperCase()}`, { production_date: String(row.production_date ?? ''), expiry_date: String(row.expiry_date ?? '') });
    }
    return found;
  }
}
