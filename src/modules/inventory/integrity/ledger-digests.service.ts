import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { DigestFile as PublishedDigest } from '../../../../contract/ledger';
import { AppError } from '../../../shared/http/app-error';
import { unixNow } from '../../../shared/http/envelope';
import { forUpdate, insertMany, isDuplicateKey, isMysql } from '../../../shared/database/sql-dialect';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { DIGEST_FORMAT, DIGEST_FORMAT_1, DigestLeaf, DigestStatement, MerkleRoot, statementText } from '../domain/ledger-digest';
import { LedgerDigestEntity } from '../persistence/ledger-integrity.entities';
import { LedgerSigningKey } from './ledger-signing-key';

/** Streams read per page while a digest is taken or checked. */
const STREAMS_PER_PAGE = 1000;

/** The published form of a digest (contract/ledger.ts): the signed statement, its signature and the key that made it. */
export type DigestFile = PublishedDigest & DigestStatement;

/**
 * Takes, stores and publishes digests. A digest covers the events up to its last event id, and first makes
 * sure that range is closed: on MySQL an append allocates its id before it commits, so an event with a
 * lower id than one already committed may still be on its way — a locking read over the ids since the
 * digest before waits for each such append to commit or roll back (only ids the database allocates: an
 * insert with a chosen id below them is what verification must find). Then, in one transaction, a locking
 * read on the digest table (digests take turns; on InnoDB the snapshot is fixed only after it) and every
 * stream's head up to the last event from one consistent snapshot. Only heads that changed since the digest
 * before are stored; a digest's leaves are, per stream, the latest stored head at or before it. The row is
 * written once, complete and signed: digests and leaves are append-only (database triggers), as the ledger.
 */
@Injectable()
export class LedgerDigests {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly key: LedgerSigningKey,
  ) {}

  async take(adminId: number, day: string | null = null): Promise<DigestFile> {
    const closed = await this.closeRange();
    try {
      return await this.transactions.run((manager) => this.takeIn(manager, adminId, day, closed));
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

  /** Every stored digest in id order (one a day and those taken on demand: a small table). */
  async all(): Promise<LedgerDigestEntity[]> {
    const rows: Array<Record<string, unknown>> = await this.transactions.manager.query('SELECT * FROM ledger_digest ORDER BY id');
    return rows.map(normalise);
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

  /**
   * The highest event id below which every append has ended (committed or rolled back). On SQLite writes
   * take turns, so it is the highest id there is. On MySQL, a locking read of the ids after the previous
   * digest's range (below the highest committed one) waits for the appends still holding any of them; it
   * locks only those rows and the gaps between them, never the end of the table, so appends go on meanwhile.
   */
  private async closeRange(): Promise<number> {
    const manager = this.transactions.manager;
    const [{ last }] = await manager.query('SELECT MAX(id) AS last FROM inventory_event');
    const highest = Number(last ?? 0);
    if (!isMysql(manager) || !highest) return highest;
    const [{ since }] = await manager.query("SELECT MAX(last_event_id) AS since FROM ledger_digest WHERE signature <> ''");
    await this.transactions.run((locking) => locking.query('SELECT COUNT(*) AS n FROM inventory_event WHERE id > ? AND id < ? LOCK IN SHARE MODE', [Number(since ?? 0), highest]));
    return highest;
  }

  private async takeIn(manager: EntityManager, adminId: number, day: string | null, closed: number): Promise<DigestFile> {
    const [{ id: newest }] = await manager.query(`SELECT MAX(id) AS id FROM ledger_digest${forUpdate(manager)}`);
    const [previous] = newest ? await manager.query('SELECT id, last_event_id FROM ledger_digest WHERE id = ?', [Number(newest)]) : [];
    // a digest taken meanwhile may have closed a longer range: a digest never covers less than the one before
    const last = Math.max(closed, Number(previous?.last_event_id ?? 0));
    const id = Number(previous?.id ?? 0) + 1;
    const [{ events }] = await manager.query('SELECT COUNT(*) AS events FROM inventory_event WHERE id <= ?', [last]);
    const tree = new MerkleRoot();
    let after = '';
    for (;;) {
      // the (stream_id, stream_version) index holds the id too: the range is read from the index
      const heads: Array<{ stream_id: string; stream_version: number | string; hash: string }> = await manager.query(
        `SELECT e.stream_id, e.stream_version, e.hash FROM inventory_event e
           JOIN (SELECT stream_id, MAX(stream_version) AS stream_version FROM inventory_event WHERE stream_id > ? AND id <= ? GROUP BY stream_id ORDER BY stream_id LIMIT ${STREAMS_PER_PAGE}) h
             ON h.stream_id = e.stream_id AND h.stream_version = e.stream_version
         ORDER BY e.stream_id`,
        [after, last],
      );
      if (!heads.length) break;
      const known = new Map<string, number>();
      const stored: Array<{ stream_id: string; v: number | string }> = await manager.query(
        `SELECT stream_id, MAX(stream_version) AS v FROM ledger_digest_leaf WHERE stream_id IN (${heads.map(() => '?').join(',')}) GROUP BY stream_id`,
        heads.map((h) => h.stream_id),
      );
      for (const p of stored) known.set(p.stream_id, Number(p.v));
      const changed: Array<Record<string, unknown>> = [];
      for (const head of heads) {
        const leaf = { stream_id: head.stream_id, stream_version: Number(head.stream_version), hash: head.hash };
        tree.push(leaf);
        if (known.get(leaf.stream_id) !== leaf.stream_version) changed.push({ digest_id: id, ...leaf });
      }
      await insertMany(manager, 'ledger_digest_leaf', changed);
      after = heads[heads.length - 1].stream_id;
    }
    const digest: LedgerDigestEntity = {
      id,
      root: tree.root(),
      last_event_id: last,
      streams: tree.count,
      events: Number(events),
      day,
      admin_id: adminId,
      signature: '',
      created_at: unixNow(),
      previous_id: previous ? Number(previous.id) : 0,
    };
    digest.signature = this.key.sign(statementText(statementOf(digest)));
    await manager.insert(LedgerDigestEntity, digest);
    return this.file(digest);
  }
}

/** A stored digest's statement: format 2 when it names the digest before it, format 1 (older) when not. */
export function statementOf(digest: LedgerDigestEntity): DigestStatement {
  const format = digest.previous_id === null ? DIGEST_FORMAT_1 : DIGEST_FORMAT;
  return { format, id: digest.id, root: digest.root, last_event_id: digest.last_event_id, streams: digest.streams, events: digest.events, created_at: Number(digest.created_at ?? 0), previous_id: digest.previous_id };
}

function normalise(row: Record<string, any>): LedgerDigestEntity {
  return {
    ...row,
    id: Number(row.id),
    last_event_id: Number(row.last_event_id),
    streams: Number(row.streams),
    events: Number(row.events),
    admin_id: Number(row.admin_id),
    created_at: row.created_at === null ? null : Number(row.created_at),
    previous_id: row.previous_id === null || row.previous_id === undefined ? null : Number(row.previous_id),
  } as LedgerDigestEntity;
}
