import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { unixNow } from '../http/envelope';
import { forUpdate, isDuplicateKey } from '../database/sql-dialect';
import { ConflictError } from '../http/app-error';

/** Thrown inside a transaction when its idempotency key was already used for this subject: the runner answers it as it is. */
export class AlreadyProcessed extends Error {
  constructor(readonly subjectId: number) {
    super('already processed');
  }
}

/** A key already used for another subject: refused (HTTP 409, code 0), never answered as if this one were done. */
export class IdempotencyKeyReused extends ConflictError {
  constructor(readonly usedFor: number) {
    super('common.idempotency_key_reused', { subject: usedFor });
  }
}

/**
 * `Idempotency-Key` on every transition (`TransitionRunner`): a retried request never applies twice. The key is
 * claimed in the transition's own transaction, so it is recorded exactly when the change is. A key is bound to
 * its subject: sent again for the same one it answers that subject as it is; sent for another it is refused.
 * Keys are scoped per admin and command (`<document>.<transition>`).
 */
@Injectable()
export class IdempotencyKeys {
  async claim(manager: EntityManager, key: string | undefined, command: string, adminId: number, subjectId: number): Promise<void> {
    if (!key) return;
    const id = createHash('sha256').update(`${adminId}\n${command}\n${key}`).digest('hex');
    const [existing] = await manager.query('SELECT subject_id FROM idempotency_key WHERE id = ?', [id]);
    if (existing) throw this.repeated(Number(existing.subject_id), subjectId);
    try {
      await manager.query('INSERT INTO idempotency_key (id, command, admin_id, subject_id, createtime) VALUES (?, ?, ?, ?, ?)', [id, command, adminId, subjectId, unixNow()]);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // A concurrent request with the same key committed first: a locking read sees its row (a plain read
      // would answer from this transaction's snapshot, taken before it committed).
      const [committed] = await manager.query(`SELECT subject_id FROM idempotency_key WHERE id = ?${forUpdate(manager)}`, [id]);
      throw this.repeated(Number(committed?.subject_id ?? subjectId), subjectId);
    }
  }

  private repeated(usedFor: number, subjectId: number): Error {
    return usedFor === subjectId ? new AlreadyProcessed(subjectId) : new IdempotencyKeyReused(usedFor);
  }
}
