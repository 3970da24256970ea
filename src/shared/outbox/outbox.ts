import { randomUUID } from 'node:crypto';
import { Injectable, Optional } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { LedgerReference, WebhookBody, WebhookEventType } from '../../../contract/integration';
import { WEBHOOK_TEST_EVENT } from '../../../contract/integration';
import { insertMany } from '../database/sql-dialect';
import { afterCommit, afterCommitGathering, beforeCommit } from '../database/transaction-runner';
import { unixNow } from '../http/envelope';
import { CacheRegistry } from '../cache/cache-registry';
import { SiteVersion, VersionedCache } from '../cache/site-version';
import { subscribedEvents } from './subscriptions';

/** An event to publish: its type, what it says, and the ledger events it stems from. */
export interface OutboxEvent {
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  data: unknown;
  ledger?: LedgerReference[];
  /** Unix seconds; now when absent. */
  occurredAt?: number;
  /** Only for this webhook (a test event); absent: every webhook subscribed to the type. */
  webhookId?: number;
}

/**
 * Lines and ledger references one event carries at most. A document event of a 50,000-line count would
 * otherwise be one body of some 20 MB: over MySQL's default packet limit (16 MB), so the count could not be
 * posted at all, and more than a receiver should have to take in one request.
 */
export const ENTRIES_PER_PART = 1000;

/**
 * An event as the events it is sent as: itself when its `data.lines` and its `ledger` hold at most `size`
 * entries each; else `of` parts, part `no` carrying the document's other fields, its `no`-th slice of `size`
 * lines and of ledger references, and `part: {no, of, lines}` (`lines`: how many the document has), so a
 * receiver joins the parts by the document's id.
 */
export function partsOf(event: OutboxEvent, size = ENTRIES_PER_PART): OutboxEvent[] {
  const data = event.data && typeof event.data === 'object' && !Array.isArray(event.data) ? (event.data as Record<string, unknown>) : null;
  const lines = Array.isArray(data?.lines) ? (data!.lines as unknown[]) : [];
  const ledger = event.ledger ?? [];
  const of = Math.max(1, Math.ceil(lines.length / size), Math.ceil(ledger.length / size));
  if (of === 1) return [event];
  return Array.from({ length: of }, (_, i) => ({
    ...event,
    data: { ...data, ...(data && 'lines' in data ? { lines: lines.slice(i * size, (i + 1) * size) } : {}), part: { no: i + 1, of, lines: lines.length } },
    ledger: ledger.slice(i * size, (i + 1) * size),
  }));
}

/** What one transaction queued so far. */
interface Staged {
  rows: Array<Record<string, unknown>>;
  ledger: LedgerReference[];
}

/**
 * The transactional outbox: an event is written in the transaction of the change it reports, so it exists
 * exactly when the change committed — never for a change rolled back, never missing for one that committed.
 * The rows a transaction stages are written together, in one statement, right before it commits
 * (TransactionRunner's `beforeCommit`), in the order they were staged. The webhook dispatcher reads them
 * after the commit (src/modules/integration); `onWritten` listeners hear of each commit that wrote some.
 *
 * Only what an enabled webhook subscribes to is written (a test event always, for its webhook): the types are
 * read once per site version, which triggers raise when a webhook is added, removed, enabled, disabled or
 * subscribed to other types (migration 1764007300000), so with no webhook a posting writes no outbox row at all.
 * The dispatcher drops what no webhook wants anyway; a change already under way when a webhook is added may
 * or may not reach it, as before.
 */
@Injectable()
export class Outbox {
  private readonly staged = new WeakMap<EntityManager, Staged>();
  private readonly listeners: Array<() => void> = [];
  /** The key of a transaction's answer to `wants`. */
  private readonly inTransaction = {};
  /** The types the enabled webhooks subscribe to, by site version (absent: every type is written). */
  private readonly subscriptions?: VersionedCache<'types', ReadonlySet<string>>;

  constructor(@Optional() private readonly siteVersion?: SiteVersion, @Optional() caches?: CacheRegistry) {
    if (siteVersion && caches) this.subscriptions = new VersionedCache(siteVersion, caches, 'config', 1);
  }

  /** Called after each commit that wrote outbox rows (the delivery worker's wake-up). */
  onWritten(listener: () => void): void {
    this.listeners.push(listener);
  }

  /**
   * Whether an event of `type` would be written now: some enabled webhook subscribes to it. Read on the
   * transaction's connection when this request's site version has no answer kept yet.
   */
  async wants(manager: EntityManager, type: string): Promise<boolean> {
    if (!this.subscriptions) return true;
    // the answer this transaction (this attempt) read first, kept for its other events; SQLite's manager is shared
    const memo = afterCommitGathering(manager, this.inTransaction, () => ({ types: undefined as ReadonlySet<string> | undefined }), () => undefined);
    let types = memo?.types;
    if (!types) {
      const read = async () => {
        const hooks: Array<{ events: string | null }> = await manager.query('SELECT events FROM webhook WHERE status = 1');
        return new Set<string>(hooks.flatMap((h) => subscribedEvents(h.events)));
      };
      // kept under the version this request read first (a newer answer is never older than that version);
      // outside a request (a job, a script) read once per transaction
      types = this.siteVersion?.known() === undefined ? await read() : await this.subscriptions.get('types', read);
      if (memo) memo.types = types;
    }
    return types.has(type);
  }

  /** Stages `event` in the transaction of `manager`; answers its id (`X-WMS-Event-Id`; its first part's when it is sent in parts; none when no webhook wants it). */
  async add(manager: EntityManager, event: OutboxEvent): Promise<string | undefined> {
    return (await this.addAll(manager, [event]))[0];
  }

  /**
   * Stages the events some webhook wants (a test event always); answers the ids of those sent (more than
   * `events` when one is sent in parts: `partsOf`). The ledger references of `stock.changed` events are kept
   * for the transaction's document event (`ledgerOf`) whether or not they are sent.
   */
  async addAll(manager: EntityManager, events: readonly OutboxEvent[]): Promise<string[]> {
    const now = unixNow();
    const types = new Map<string, boolean>();
    for (const event of events) if (!event.webhookId && !types.has(event.type)) types.set(event.type, await this.wants(manager, event.type));
    const rows = events
      .filter((event) => event.webhookId || types.get(event.type))
      .flatMap((whole) => partsOf(whole))
      .map((event) => {
        const body: WebhookBody = { id: randomUUID(), type: event.type, occurred_at: event.occurredAt ?? now, data: event.data, ledger: event.ledger ?? [] };
        return { event_id: body.id, type: body.type, webhook_id: event.webhookId ?? 0, body: JSON.stringify(body), occurred_at: body.occurred_at, dispatched: 0, createtime: now };
      });
    const ledger = events.flatMap((event) => (event.type === 'stock.changed' ? (event.ledger ?? []) : []));
    let staged = this.staged.get(manager);
    if (!staged) {
      staged = { rows: [], ledger: [] };
      const queued = staged;
      if (!beforeCommit(manager, this, (m) => this.flush(m, queued))) {
        await this.write(manager, rows);
        if (rows.length) this.written();
        return rows.map((row) => row.event_id);
      }
      this.staged.set(manager, staged);
    }
    if (rows.length) afterCommit(manager, this, () => this.written());
    staged.rows.push(...rows);
    staged.ledger.push(...ledger);
    return rows.map((row) => row.event_id);
  }

  /** The ledger events this transaction has staged `stock.changed` events for so far, in order. */
  ledgerOf(manager: EntityManager): LedgerReference[] {
    return [...(this.staged.get(manager)?.ledger ?? [])];
  }

  private async flush(manager: EntityManager, staged: Staged): Promise<void> {
    this.staged.delete(manager);
    await this.write(manager, staged.rows);
  }

  private written(): void {
    for (const listener of this.listeners) listener();
  }

  private async write(manager: EntityManager, rows: Array<Record<string, unknown>>): Promise<void> {
    // 500 rows a statement (insertMany): a ledger event's row is ≈ 1 kB, a document's a few hundred bytes a line
    await insertMany(manager, 'webhook_outbox', rows);
  }
}
