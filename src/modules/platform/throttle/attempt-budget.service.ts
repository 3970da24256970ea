import { Injectable } from '@nestjs/common';
import { forUpdate, isDuplicateKey } from '../../../shared/database/sql-dialect';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { unixNow } from '../../../shared/http/envelope';
import { BudgetPolicy, BudgetState, claimAttempt } from './domain/attempt-budget';

export type BudgetClaim = { allowed: true } | { allowed: false; retryAfter: number };

/**
 * Budgets of failed attempts (domain/attempt-budget.ts) kept in the table `attempt_budget`, so that every
 * process of the app counts alike. A claim reads and writes its subject's row under a row lock in one
 * transaction: of attempts made at the same moment, exactly as many pass as the budget allows, on every
 * engine and on every node of a cluster.
 */
@Injectable()
export class AttemptBudget {
  constructor(private readonly transactions: TransactionRunner) {}

  async claim(subject: string, policy: BudgetPolicy, now = unixNow()): Promise<BudgetClaim> {
    const key = subject.slice(0, 150);
    await this.ensureRow(key, policy, now);
    return this.transactions.run(async (manager) => {
      const [row]: Array<Record<keyof BudgetState, number | string>> = await manager.query(
        `SELECT failures, lasttime, blocked_until FROM attempt_budget WHERE subject = ?${forUpdate(manager)}`,
        [key],
      );
      const state = row ? { failures: Number(row.failures), lasttime: Number(row.lasttime), blocked_until: Number(row.blocked_until) } : null;
      const claim = claimAttempt(state, policy, now);
      if (!claim.allowed) return claim;
      const { failures, lasttime, blocked_until } = claim.next;
      if (row) await manager.query('UPDATE attempt_budget SET failures = ?, lasttime = ?, blocked_until = ? WHERE subject = ?', [failures, lasttime, blocked_until, key]);
      // gone since it was made (it was past its window): it starts again
      else await manager.query('INSERT INTO attempt_budget (subject, failures, lasttime, blocked_until) VALUES (?, ?, ?, ?)', [key, failures, lasttime, blocked_until]);
      return { allowed: true };
    });
  }

  /** A claimed attempt was right: it does not count as a failure (refundAttempt, in one statement). */
  async refund(subject: string): Promise<void> {
    await this.transactions.manager.query('UPDATE attempt_budget SET failures = CASE WHEN failures > 0 THEN failures - 1 ELSE 0 END WHERE subject = ?', [subject.slice(0, 150)]);
  }

  /** Forgets the subject's failures and wait. */
  async clear(subject: string): Promise<void> {
    await this.transactions.manager.query('DELETE FROM attempt_budget WHERE subject = ?', [subject.slice(0, 150)]);
  }

  /**
   * The row the claim locks, made on its own (a transaction that inserted it would hold a lock others wait
   * for and then deadlock on), stamped now so that no purge takes it before the claim. A new subject also
   * clears out rows past their window and their wait, by key (a range delete would lock what claims use).
   */
  private async ensureRow(key: string, policy: BudgetPolicy, now: number): Promise<void> {
    const manager = this.transactions.manager;
    if ((await manager.query('SELECT 1 AS found FROM attempt_budget WHERE subject = ?', [key])).length) return;
    const stale: Array<{ subject: string }> = await manager.query('SELECT subject FROM attempt_budget WHERE lasttime < ? AND blocked_until < ? LIMIT 100', [now - policy.window, now]);
    if (stale.length) {
      await manager.query(`DELETE FROM attempt_budget WHERE subject IN (${stale.map(() => '?').join(', ')}) AND lasttime < ? AND blocked_until < ?`, [
        ...stale.map((row) => row.subject),
        now - policy.window,
        now,
      ]);
    }
    try {
      await manager.query('INSERT INTO attempt_budget (subject, failures, lasttime, blocked_until) VALUES (?, 0, ?, 0)', [key, now]);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
  }
}
