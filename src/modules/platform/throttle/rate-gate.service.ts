import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { executeCounting, isDuplicateKey } from '../../../shared/database/sql-dialect';

/**
 * "At most once every N seconds" per key, decided on one row per key inside the caller's transaction, so two
 * requests at the same moment cannot both pass: the conditional UPDATE (or, for a new key, the INSERT against
 * the primary key) admits exactly one of them, on every engine and on every node of a cluster.
 */
@Injectable()
export class RateGate {
  async pass(manager: EntityManager, gate: string, intervalSeconds: number, now: number): Promise<boolean> {
    const key = gate.slice(0, 120);
    if ((await executeCounting(manager, 'UPDATE rate_gate SET passed_at = ? WHERE gate = ? AND passed_at <= ?', [now, key, now - intervalSeconds])) === 1) return true;
    try {
      await manager.query('INSERT INTO rate_gate (gate, passed_at) VALUES (?, ?)', [key, now]);
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }
}
