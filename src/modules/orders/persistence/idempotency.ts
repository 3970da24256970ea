import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { unixNow } from '../../../shared/http/envelope';
import { isDuplicateKey } from '../../../shared/database/sql-dialect';

/** Thrown inside a transaction when its idempotency key was already used: the caller answers the order as it is. */
export class AlreadyProcessed extends Error {
  constructor(readonly subjectId: number) {
    super('already processed');
  }
}

/**
 * `Idempotency-Key` on audit / ship / move: a retried request never posts twice. The key is claimed in the
 * command's own transaction, so it is recorded exactly when the change is.
 */
@Injectable()
export class IdempotencyKeys {
  async claim(manager: EntityManager, key: string | undefined, command: string, adminId: number, subjectId: number): Promise<void> {
    if (!key) return;
    const id = createHash('sha256').update(`${adminId}\n${command}\n${key}`).digest('hex');
    const [existing] = await manager.query('SELECT subject_id FROM idempotency_key WHERE id = ?', [id]);
    if (existing) throw new AlreadyProcessed(Number(existing.subject_id));
    try {
      await manager.query('INSERT INTO idempotency_key (id, command, admin_id, subject_id, createtime) VALUES (?, ?, ?, ?, ?)', [id, command, adminId, subjectId, unixNow()]);
    } catch (error) {
      // A concurrent request with the same key committed first.
      if (isDuplicateKey(error)) throw new AlreadyProcessed(subjectId);
      throw error;
    }
  }
}
