import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AppError } from '../../../shared/http/app-error';
import { unixNow } from '../../../shared/http/envelope';
import { isDuplicateKey } from '../../../shared/database/sql-dialect';
import { AttemptBudget } from '../../platform';
import { ACCOUNT_BUDGET, ADDRESS_BUDGET, budgetSubjects, isLockedOut, LOCK_SECONDS, lockKey } from '../domain/login-policy';
import { dummyPasswordHash, verifyPassword } from '../domain/password';
import { LoginFailureEntity, LoginScope } from '../persistence/login-failure.entity';

export interface SignInCandidate {
  id: number;
  password: string;
  status: number;
}

/**
 * The password step of every sign-in, admins and members alike, built so that its answers and its time
 * tell nothing about which names have accounts or in what state they are:
 * - while this account (or this unknown name) is locked for this address, it answers "locked" whatever
 *   the password, and checks nothing — so guessing on during a lock learns nothing;
 * - otherwise the KDF always runs, against a dummy hash when no account has the name;
 * - no account or a wrong password answers "incorrect" whatever the account's state, and counts a failure
 *   for (account or name, address); only the right password hears that an account is disabled;
 * - a success clears the failures of that account from that address;
 * - before the KDF, the attempt spends the budgets of the account (from any address) and of the address (for
 *   any names): past them it waits, answered "try again in n seconds" without a check — the same for a name
 *   that has no account. A right password clears the account's budget and is not counted against the address.
 */
@Injectable()
export class LoginAttemptsService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly budgets: AttemptBudget,
  ) {}

  async check<T extends SignInCandidate>(scope: LoginScope, typedName: string, account: T | null, password: string, ip: string): Promise<T> {
    const key = lockKey(account?.id ?? null, typedName);
    const now = unixNow();
    const record = await this.transactions.manager.findOne(LoginFailureEntity, { where: { scope, account: key, ip } });
    if (isLockedOut(record, now)) throw new AppError('accounts.locked_out');
    const subjects = budgetSubjects(scope, key, ip);
    await this.spendBudgets(subjects, now);
    const matches = await verifyPassword(password, account?.password ?? (await dummyPasswordHash()));
    if (!account || !matches) {
      await this.recordFailure(scope, key, ip, now);
      throw new AppError('accounts.wrong_credentials');
    }
    await this.budgets.clear(subjects.account);
    await this.budgets.refund(subjects.address);
    if (account.status !== 1) throw new AppError('accounts.account_disabled');
    if (record) await this.transactions.manager.delete(LoginFailureEntity, { scope, account: key, ip });
    return account;
  }

  /** The address's budget, then the account's; an attempt the account refuses is given back to the address. */
  private async spendBudgets(subjects: { account: string; address: string }, now: number): Promise<void> {
    const address = await this.budgets.claim(subjects.address, ADDRESS_BUDGET, now);
    if (!address.allowed) throw new AppError('accounts.sign_in_wait_address', { seconds: address.retryAfter });
    const account = await this.budgets.claim(subjects.account, ACCOUNT_BUDGET, now);
    if (!account.allowed) {
      await this.budgets.refund(subjects.address);
      throw new AppError('accounts.sign_in_wait_account', { seconds: account.retryAfter });
    }
  }

  /** One more failure; a count older than the lock window starts again at one. Safe when two race. */
  private async recordFailure(scope: LoginScope, account: string, ip: string, now: number): Promise<void> {
    const increment = (manager: EntityManager) =>
      manager
        .createQueryBuilder()
        .update(LoginFailureEntity)
        .set({ failures: () => 'CASE WHEN lasttime < :cutoff THEN 1 ELSE failures + 1 END', lasttime: now })
        .where('scope = :scope AND account = :account AND ip = :ip', { scope, account, ip, cutoff: now - LOCK_SECONDS })
        .execute();
    // Each statement on its own (no transaction holding gap locks between them): the update is atomic,
    // and of two first failures racing to insert, the loser's duplicate key turns into the update.
    const manager = this.transactions.manager;
    if ((await increment(manager)).affected) return;
    // A new source: forget what is past the window (this keeps the table to one day of failures).
    await manager.createQueryBuilder().delete().from(LoginFailureEntity).where('lasttime < :cutoff', { cutoff: now - LOCK_SECONDS }).execute();
    try {
      await manager.insert(LoginFailureEntity, { scope, account, ip, failures: 1, lasttime: now });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      await increment(manager);
    }
  }
}
