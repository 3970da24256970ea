import { Injectable } from '@nestjs/common';
import { EntityManager, LessThan } from 'typeorm';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { isDuplicateKey } from '../../../../shared/database/sql-dialect';
import { AppError } from '../../../../shared/http/app-error';
import { unixNow } from '../../../../shared/http/envelope';
import { checkCode, CODE_TTL, CodeChannel, codeKey, generateCode, hashCode, newSalt, RESEND_INTERVAL } from '../domain/verification-code';
import { VerificationCodeEntity } from '../persistence/verification-code.entity';

/** A code as it was issued: the caller sends it, or withdraws it when sending failed. */
export interface IssuedCode {
  code: string;
  key: string;
  codeHash: string;
}

/**
 * Verification codes sent by e-mail or SMS. Everything lives in the database, so any app process can check a
 * code another one sent. Checking takes two steps: `verify` (counts wrong answers, durably, outside the
 * caller's transaction) and `consume` (inside the caller's unit of work, so a code is used exactly once and
 * only when the work it authorises commits).
 */
@Injectable()
export class VerificationCodeService {
  constructor(private readonly transactions: TransactionRunner) {}

  /**
   * A new code for `target`, replacing an older one; refused ('Frequent …') when one was sent to the same
   * address for the same event less than RESEND_INTERVAL seconds ago. Race-free: a conditional update or
   * an insert that the primary key keeps unique.
   */
  async issue(channel: CodeChannel, target: string, event: string): Promise<IssuedCode> {
    const key = codeKey(channel, event, target);
    const code = generateCode();
    const salt = newSalt();
    const now = unixNow();
    const values = { event, salt, code_hash: hashCode(salt, code), attempts: 0, createtime: now, expiretime: now + CODE_TTL };
    const frequent = () => new AppError(channel === 'email' ? 'messaging.email_frequent' : 'messaging.sms_frequent');
    try {
      await this.transactions.run(async (manager) => {
        await manager.delete(VerificationCodeEntity, { expiretime: LessThan(now - 86400) });
        const replaced = await manager
          .createQueryBuilder()
          .update(VerificationCodeEntity)
          .set(values)
          .where({ key })
          .andWhere('createtime <= :limit', { limit: now - RESEND_INTERVAL })
          .execute();
        if (replaced.affected) return;
        if (await manager.count(VerificationCodeEntity, { where: { key } })) throw frequent();
        await manager.insert(VerificationCodeEntity, { key, ...values });
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      // Two sends at the same moment: the primary key lets one insert win.
      if (isDuplicateKey(error)) throw frequent();
      throw error;
    }
    return { code, key, codeHash: values.code_hash };
  }

  /** Takes back a code whose message could not be sent, so the member may ask again at once. */
  async withdraw(issued: IssuedCode): Promise<void> {
    await this.transactions.run((manager) => manager.delete(VerificationCodeEntity, { key: issued.key, code_hash: issued.codeHash }));
  }

  /**
   * Whether `answer` is the pending code. A wrong answer counts (committed at once); after the last allowed
   * one, and once expired, the code is void. The code stays pending: `consume` uses it up.
   * Never call it inside a unit of work: it runs its own.
   */
  async verify(channel: CodeChannel, target: string, event: string, answer: unknown): Promise<boolean> {
    const key = codeKey(channel, event, target);
    const now = unixNow();
    return this.transactions.run(async (manager) => {
      const row = await manager.findOne(VerificationCodeEntity, { where: { key } });
      if (!row) return false;
      const result = checkCode(row, answer, now);
      if (result.outcome === 'match') return true;
      if (result.outcome === 'void' || result.void) await manager.delete(VerificationCodeEntity, { key });
      else await manager.update(VerificationCodeEntity, { key }, { attempts: result.attempts });
      return false;
    });
  }

  /**
   * Uses the code up inside the caller's transaction; false when it is not (or no longer) the pending code,
   * e.g. because a concurrent request consumed it first.
   */
  async consume(manager: EntityManager, channel: CodeChannel, target: string, event: string, answer: unknown): Promise<boolean> {
    const key = codeKey(channel, event, target);
    const row = await manager.findOne(VerificationCodeEntity, { where: { key } });
    if (!row || checkCode(row, answer, unixNow()).outcome !== 'match') return false;
    const result = await manager.delete(VerificationCodeEntity, { key, code_hash: row.code_hash });
    return (result.affected ?? 0) > 0;
  }
}
