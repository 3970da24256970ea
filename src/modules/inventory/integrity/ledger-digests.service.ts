import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { DigestFile as PublishedDigest } from '../../../../contract/ledger';
import { AppError } from '../../../shared/http/app-error';
import { unixNow } from '../../../shared/http/envelope';
import { forUpdate, insertMany, isDuplicateKey } from '../../../shared/database/sql-dialect';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { DIGEST_FORMAT, DigestLeaf, DigestStatement, MerkleRoot, statementText } from '../domain/ledger-digest';
import { LedgerDigestEntity } from '../persistence/ledger-integrity.entities';
import { LedgerSigningKey } from './ledger-signing-key';

/** Streams read per page while a digest is taken or checked. */
const STREAMS_PER_PAGE = 1000;

/** The published form of a digest (contract/ledger.ts): the signed statement, its signature and the key that made it. */
export type DigestFile = PublishedDigest & DigestStatement;

/**
 * Takes, stores and publishes digests. A digest is taken in one transaction: a locking read on the digest
 * table first (digests take turns, and on InnoDB the snapshot is fixed only after it), then every stream's
 * head from one consistent snapshot of the ledger. Only heads that changed since the digest before are
 * stored; a digest's leaves are, per stream, the latest stored head at or before it.
 */
@Injectable()
export class LedgerDigests {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly key: LedgerSigningKey,
  ) {}

  async take(adminId: number, day: string | null = null): Promise<DigestFile> {
    try {
      return await this.transactions.run((manager) => this.takeIn(manager, adminId, day));
    } catch (error) {
      // a daily digest another process has just taken
      if (day && isDuplicateKey(error)) return this.file(await this.byDay(day));
      throw error;
    }
  }

  async latest(): Promise<LedgerDigestEntity | null> {
    const [row] = await this.transactions.manager.query('SELECT * FROM ledger_digest WHERE signature <> ? ORDER BY id DESC LIMIT 1', ['']);
    return row ? normalise(row) : null;
  }

  async get(id: number): Promise<LedgerDigestEntity> {
    const [row] = await this.transactions.manager.query('SELECT * FROM ledger_digest WHERE id = ?', [id]);
    if (!row) throw new AppError('ledger.digest_not_found', { id });
    return normalise(row);
  }

  async byDay(day: string): Promise<LedgerDigestEntity> {
    const [row] = await this.transactions.manager.query('SELECT * FROM ledger_digest WHERE day = ?', [day]);
    if (!row) throw new AppError('ledger.digest_not_found', { id: day });
    return normalise(row);
  }

  file(digest: LedgerDigestEntity): DigestFile {
    const statement = statementOf(digest);
    return { ...statement, created: new Date(statement.created_at * 1000).toISOString(), signature: digest.signature, public_key: this.key.publicKeyPem };
  }

  /** Whether a statement carries a valid signature of this installation's key. */
  signatureValid(statement: DigestStatement, signature: string): boolean {
    return this.key.verify(statementText(statement), signature);
  }

  /** The digest's leaves in stream order, page by page. */
  async *leaves(digestId: number): AsyncGenerator<DigestLeaf[]> {
    let after = '';
    for (;;) {
      const rows: Array<{ stream_id: string; stream_version: number | string; hash: string }> = await this.transactions.manager.query(
        `SELECT l.stream_id, l.stream_version, l.hash FROM ledger_digest_leaf l
           JOIN (SELECT stream_id, MAX(digest_id) AS digest_id FROM ledger_digest_leaf WHERE digest_id <= ? AND stream_id > ? GROUP BY stream_id ORDER BY stream_id LIMIT ${STREAMS_PER_PAGE}) m
             ON m.stream_id = l.stream_id AND m.digest_id = l.digest_id
         ORDER BY l.stream_id`,
        [digestId, after],
      );
      if (!rows.length) return;
      yield rows.map((r) => ({ stream_id: r.stream_id, stream_version: Number(r.stream_version), hash: r.hash }));
      after = rows[rows.length - 1].stream_id;
    }
  }

  private async takeIn(manager: EntityManager, adminId: number, day: string | null): Promise<DigestFile> {
    await manager.query(`SELECT MAX(id) AS id FROM ledger_digest${forUpdate(manager)}`);
    const [{ last, events }] = await manager.query('SELECT MAX(id) AS last, COUNT(*) AS events FROM inventory_event');
    const createdAt = unixNow();
    const { identifiers } = await manager.insert(LedgerDigestEntity, { root: '', last_event_id: Number(last ?? 0), streams: 0, events: Number(events), day, admin_id: adminId, signature: '', created_at: createdAt });
    const id = Number(identifiers[0].id);
    const tree = new MerkleRoot();
    let after = '';
    for (;;) {
      const heads: Array<{ stream_id: string; stream_version: number | string; hash: string }> = await manager.query(
        `SELECT e.stream_id, e.stream_version, e.hash FROM inventory_event e
           JOIN (SELECT stream_id, MAX(stream_version) AS stream_version FROM inventory_event WHERE stream_id > ? GROUP BY stream_id ORDER BY stream_id LIMIT ${STREAMS_PER_PAGE}) h
             ON h.stream_id = e.stream_id AND h.stream_version = e.stream_version
         ORDER BY e.stream_id`,
        [after],
      );
      if (!heads.length) break;
      const known = new Map<string, number>();
      const previous: Array<{ stream_id: string; v: number | string }> = await manager.query(
        `SELECT stream_id, MAX(stream_version) AS v FROM ledger_digest_leaf WHERE stream_id IN (${heads.map(() => '?').join(',')}) GROUP BY stream_id`,
        heads.map((h) => h.stream_id),
      );
      for (const p of previous) known.set(p.stream_id, Number(p.v));
      const changed: Array<Record<string, unknown>> = [];
      for (const head of heads) {
        const leaf = { stream_id: head.stream_id, stream_version: Number(head.stream_version), hash: head.hash };
        tree.push(leaf);
        if (known.get(leaf.stream_id) !== leaf.stream_version) changed.push({ digest_id: id, ...leaf });
      }
      await insertMany(manager, 'ledger_digest_leaf', changed);
      after = heads[heads.length - 1].stream_id;
    }
    const digest: LedgerDigestEntity = { id, root: tree.root(), last_event_id: Number(last ?? 0), streams: tree.count, events: Number(events), day, admin_id: adminId, signature: '', created_at: createdAt };
    digest.signature = this.key.sign(statementText(statementOf(digest)));
    await manager.query('UPDATE ledger_digest SET root = ?, streams = ?, signature = ? WHERE id = ?', [digest.root, digest.streams, digest.signature, id]);
    return this.file(digest);
  }
}

export function statementOf(digest: LedgerDigestEntity): DigestStatement {
  return { format: DIGEST_FORMAT, id: digest.id, root: digest.root, last_event_id: digest.last_event_id, streams: digest.streams, events: digest.events, created_at: Number(digest.created_at ?? 0) };
}

function normalise(row: Record<string, any>): LedgerDigestEntity {
  return { ...row, id: Number(row.id), last_event_id: Number(row.last_event_id), streams: Number(row.streams), events: Number(row.events), admin_id: Number(row.admin_id), created_at: row.created_at === null ? null : Number(row.created_at) } as LedgerDigestEntity;
}
