import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { fromCents } from '../../../../shared/database/money';
import { forUpdate } from '../../../../shared/database/sql-dialect';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { AppError } from '../../../../shared/http/app-error';
import { unixNow } from '../../../../shared/http/envelope';
import { applyChange, LedgerKind, LedgerOverflowError, NegativeBalanceError } from '../domain/balance';
import { UserMoneyLogEntity, UserScoreLogEntity } from '../persistence/balance-log.entity';

export interface LedgerRow {
  id: number;
  user_id: number;
  change: number;
  before: number;
  after: number;
  memo: string;
  createtime: number;
}

const LOG_ENTITY = { money: UserMoneyLogEntity, score: UserScoreLogEntity } as const;

/**
 * Changes a member's balance (cents) or score only by inserting a log row: the member row is locked
 * (SELECT … FOR UPDATE on MySQL; SQLite transactions take turns), `before` is read under the lock, the
 * change is refused when the result would go below zero, and `after` is written with the log row in the
 * same transaction. Concurrent changes therefore chain: each row's `before` is the previous row's `after`.
 */
@Injectable()
export class MemberLedgerService {
  constructor(private readonly transactions: TransactionRunner) {}

  change(kind: LedgerKind, memberId: number, change: number, memo: string): Promise<LedgerRow> {
    if (!Number.isSafeInteger(change) || change === 0) return Promise.reject(new AppError('member.change_required'));
    return this.transactions.run((manager) => this.changeWith(manager, kind, memberId, change, memo));
  }

  /** The same, inside the caller's unit of work. */
  async changeWith(manager: EntityManager, kind: LedgerKind, memberId: number, change: number, memo: string): Promise<LedgerRow> {
    const column = kind === 'money' ? 'money' : 'score';
    const rows: Array<Record<string, unknown>> = await manager.query(`SELECT ${column} AS current FROM \`user\` WHERE id = ?${forUpdate(manager)}`, [memberId]);
    if (!rows.length) throw new AppError('member.member_not_found');
    const before = Number(rows[0].current);
    let after: number;
    try {
      after = applyChange(kind, before, change);
    } catch (error) {
      if (error instanceof NegativeBalanceError) {
        throw new AppError(kind === 'money' ? 'member.insufficient_balance' : 'member.insufficient_score', {
          current: kind === 'money' ? fromCents(BigInt(before)) : before,
        });
      }
      if (error instanceof LedgerOverflowError) throw new AppError('member.ledger_overflow');
      throw error;
    }
    const now = unixNow();
    await manager.query(`UPDATE \`user\` SET ${column} = ?, updatetime = ? WHERE id = ?`, [after, now, memberId]);
    const entry = { user_id: memberId, [column]: change, before, after, memo, createtime: now };
    const { identifiers } = await manager.insert(LOG_ENTITY[kind], entry);
    return { id: identifiers[0].id as number, user_id: memberId, change, before, after, memo, createtime: now };
  }
}
