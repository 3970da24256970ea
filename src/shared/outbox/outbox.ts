import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { LedgerReference, WebhookBody, WebhookEventType } from '../../../contract/integration';
import { WEBHOOK_TEST_EVENT } from '../../../contract/integration';
import { insertMany } from '../database/sql-dialect';
import { beforeCommit } from '../database/transaction-runner';
import { unixNow } from '../http/envelope';

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
 * after the commit (src/modules/integration).
 */
@Injectable()
export class Outbox {
  private readonly staged = new WeakMap<EntityManager, Staged>();

  /** Stages `event` in the transaction of `manager`; answers its id (`X-WMS-Event-Id`; its first part's when it is sent in parts). */
  async add(manager: EntityManager, event: OutboxEvent): Promise<string> {
    return (await this.addAll(manager, [event]))[0];
  }

  /** Stages `events`; answers the ids of the events sent (more than `events` when one is sent in parts: `partsOf`). */
  async addAll(manager: EntityManager, events: readonly OutboxEvent[]): Promise<string[]> {
    const now = unixNow();
    const rows = events.flatMap((whole) => partsOf(whole)).map((event) => {
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
        return rows.map((row) => row.event_id);
      }
      this.staged.set(manager, staged);
    }
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

  private async write(manager: EntityManager, rows: Array<Record<string, unknown>>): Promise<void> {
    // 500 rows a statement (insertMany): a ledger event's row is ≈ 1 kB, a document's a few hundred bytes a line
    await insertMany(manager, 'webhook_outbox', rows);
  }
}
