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

/** A key's row id: sha256 of the caller (the admin, and the API token it came with) and the command and key. */
function keyId(adminId: number, tokenId: number | undefined, command: string, key: string): string {
  return createHash('sha256').update(`${adminId}${tokenId ? `/token:${tokenId}` : ''}\n${command}\n${key}`).digest('hex');
}

/** The hash a creation's key keeps of its request: the same key with another request is refused. */
export function requestHash(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/** JSON with object keys in order (undefined members left out), so the same request always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * `Idempotency-Key` on every transition (`TransitionRunner`) and on every creation (`CreationRunner`): a
 * retried request never applies twice. The key is claimed in the change's own transaction, so it is recorded
 * exactly when the change is. A key is bound to its subject: sent again for the same one it answers that
 * subject as it is; sent for another it is refused. A creation's subject is made by it, so its key is bound
 * to its request instead: the same request again answers what the first one made; another request is refused.
 * Keys are scoped per caller (the admin, and the API token it came with) and command (`<document>.<transition>`,
 * `<document>.add`).
 */
@Injectable()
export class IdempotencyKeys {
  async claim(manager: EntityManager, key: string | undefined, command: string, adminId: number, subjectId: number, tokenId?: number): Promise<void> {
    if (!key) return;
    const id = keyId(adminId, tokenId, command, key);
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

  /**
   * Claims a creation's key before anything is created: the first statement of the transaction is the insert
   * of the key, so two requests with one key meet on its primary key — on MySQL the second waits for the first
   * to commit (or roll back) and then fails as a duplicate, on SQLite transactions take turns. Throws
   * AlreadyProcessed(id of what the first request made) for the same request again, IdempotencyKeyReused for
   * another. Answers `bind`, to call with the id of what this request made, in the same transaction.
   */
  async claimCreation(manager: EntityManager, key: string | undefined, command: string, adminId: number, request: unknown, tokenId?: number): Promise<(subjectId: number) => Promise<void>> {
    if (!key) return async () => undefined;
    const id = keyId(adminId, tokenId, command, key);
    const hash = requestHash(request);
    try {
      await manager.query('INSERT INTO idempotency_key (id, command, admin_id, subject_id, request_hash, createtime) VALUES (?, ?, ?, 0, ?, ?)', [id, command, adminId, hash, unixNow()]);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const [first] = await manager.query(`SELECT subject_id, request_hash FROM idempotency_key WHERE id = ?${forUpdate(manager)}`, [id]);
      const subject = Number(first?.subject_id ?? 0);
      if (first && first.request_hash === hash && subject) throw new AlreadyProcessed(subject);
      throw new IdempotencyKeyReused(subject);
    }
    return async (subjectId) => {
      await manager.query('UPDATE idempotency_key SET subject_id = ? WHERE id = ?', [subjectId, id]);
    };
  }

  private repeated(usedFor: number, subjectId: number): Error {
    return usedFor === subjectId ? new AlreadyProcessed(subjectId) : new IdempotencyKeyReused(usedFor);
  }
}
