import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { upsertAdding } from '../../../shared/database/sql-dialect';

/**
 * Readable, unique order numbers: prefix + site date + daily sequence (`RK20261122-0001`). The counter row
 * is incremented in the caller's transaction, so two orders created at once never share a number.
 */
@Injectable()
export class OrderNumbers {
  async next(manager: EntityManager, prefix: string, siteDay: string): Promise<string> {
    const key = `${prefix}${siteDay.replace(/-/g, '')}`;
    await upsertAdding(manager, 'order_number', ['prefix'], ['last'], [], [{ prefix: key, last: 1 }]);
    const [row] = await manager.query('SELECT last FROM order_number WHERE prefix = ?', [key]);
    return `${key}-${String(row.last).padStart(4, '0')}`;
  }

  /** The next serial of a counter that never restarts (`SSCC`): 1, 2, 3, … in the caller's transaction. */
  async serial(manager: EntityManager, counter: string): Promise<number> {
    await upsertAdding(manager, 'order_number', ['prefix'], ['last'], [], [{ prefix: counter, last: 1 }]);
    const [row] = await manager.query('SELECT last FROM order_number WHERE prefix = ?', [counter]);
    return Number(row.last);
  }
}
