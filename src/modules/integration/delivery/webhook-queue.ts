import { Injectable, Optional } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { EntityManager } from 'typeorm';
import { DELIVERY_STATUS } from '../../../../contract/integration';
import { deleteByIds, executeCounting, forUpdateSkipLocked, insertMany, isMysql } from '../../../shared/database/sql-dialect';
import { afterCommit, TransactionRunner } from '../../../shared/database/transaction-runner';
import { WebhookFailingEvent } from '../events/webhook-failing.event';
import { subscribedEvents } from '../domain/subscriptions';

/** Outbox rows a dispatch takes at a time. */
const DISPATCH_BATCH = 500;
/** Webhooks one pass of one process claims at most. */
const CLAIM_BATCH = 20;

/** A delivery about to be attempted, with what the attempt needs. */
export interface DueDelivery {
  id: number;
  webhook_id: number;
  outbox_id: number;
  event_id: string;
  ordered: number;
  attempts: number;
  deadline_time: number;
  next_attempt_time: number;
}

/** What the worker needs of a claimed webhook. */
export interface ClaimedWebhook {
  id: number;
  url: string;
  secret: string;
  status: number;
  failing: number;
  retry_at: number;
}

/**
 * The delivery queue in the database, shared by every app process: nothing about what is delivered lives in
 * memory, so a restart or a second process loses and repeats nothing but an attempt that was in flight.
 *
 * - Dispatch: committed outbox rows become deliveries, one per webhook subscribed to the type, in outbox
 *   order. Dispatching is serialised by the row `webhook_lock.name = 'dispatch'` (`FOR UPDATE SKIP LOCKED` on
 *   MySQL: a process that finds it taken leaves the dispatch to the holder; on SQLite an UPDATE of it takes the
 *   file's write lock), so deliveries are numbered in the order the outbox rows were dispatched — the order
 *   of their commits — and a webhook's deliveries, read by id, are in outbox order.
 * - Claim: a process takes a webhook with a lease (`lease_owner`, `lease_until`): the candidates are locked
 *   with `FOR UPDATE SKIP LOCKED` on MySQL (a webhook another process is claiming is skipped), and the lease
 *   is set with a conditional UPDATE (`lease_until < now`) on both engines. While it holds the lease no other
 *   process sends that webhook anything, which keeps its events in order; a lease that ran out (a process
 *   that died) is taken over, and the attempt it had in flight is made again (at least once).
 */
@Injectable()
export class WebhookQueue {
  constructor(
    private readonly transactions: TransactionRunner,
    @Optional() private readonly events?: EventBus,
  ) {}

  /** Turns committed outbox rows into deliveries; answers how many outbox rows it took. */
  async dispatch(now: number): Promise<number> {
    return this.transactions.run(async (manager) => {
      if (!(await this.lockDispatch(manager))) return 0;
      const rows: Array<{ id: number | string; event_id: string; type: string; webhook_id: number | string }> = await manager.query(
        `SELECT id, event_id, type, webhook_id FROM webhook_outbox WHERE dispatched = 0 ORDER BY id LIMIT ${DISPATCH_BATCH}`,
      );
      if (!rows.length) return 0;
      const hooks: Array<{ id: number | string; events: string; status: number | string }> = await manager.query('SELECT id, events, status FROM webhook');
      const subscribers = hooks.map((h) => ({ id: Number(h.id), enabled: Number(h.status) === 1, events: new Set<string>(subscribedEvents(h.events)) }));
      const deliveries: Array<Record<string, unknown>> = [];
      const matched: number[] = [];
      const unmatched: number[] = [];
      for (const row of rows) {
        const only = Number(row.webhook_id);
        const targets = only ? subscribers.filter((s) => s.id === only) : subscribers.filter((s) => s.enabled && s.events.has(row.type));
        (targets.length ? matched : unmatched).push(Number(row.id));
        for (const target of targets) {
          deliveries.push({
            webhook_id: target.id,
            outbox_id: Number(row.id),
            event_id: row.event_id,
            type: row.type,
            ordered: only ? 0 : 1,
            status: DELIVERY_STATUS.pending,
            attempts: 0,
            last_status: 0,
            last_error: '',
            next_attempt_time: now,
            deadline_time: 0,
            createtime: now,
            updatetime: now,
          });
        }
      }
      await insertMany(manager, 'webhook_delivery', deliveries);
      // an event no webhook wants is not kept: nothing will ever read it
      await deleteByIds(manager, 'webhook_outbox', unmatched);
      if (matched.length) await manager.query(`UPDATE webhook_outbox SET dispatched = 1 WHERE id IN (${matched.map(() => '?').join(', ')})`, matched);
      return rows.length;
    });
  }

  /** Takes the dispatch lock for this transaction; false when another process holds it. */
  private async lockDispatch(manager: EntityManager): Promise<boolean> {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (isMysql(manager)) {
        const [held] = await manager.query(`SELECT name FROM webhook_lock WHERE name = 'dispatch'${forUpdateSkipLocked(manager)}`);
        if (held) return true;
        const [{ n }] = await manager.query("SELECT COUNT(*) AS n FROM webhook_lock WHERE name = 'dispatch'");
        if (Number(n) > 0) return false;
        await manager.query("INSERT IGNORE INTO webhook_lock (name, version) VALUES ('dispatch', 0)");
      } else {
        if ((await executeCounting(manager, "UPDATE webhook_lock SET version = version + 1 WHERE name = 'dispatch'", [])) === 1) return true;
        await manager.query("INSERT OR IGNORE INTO webhook_lock (name, version) VALUES ('dispatch', 0)");
      }
    }
    return false;
  }

  /** Webhooks with a delivery due at `now` that nobody holds (and whose order allows it), claimed for `owner` until `until`. */
  async claim(owner: string, now: number, until: number): Promise<number[]> {
    const candidates: Array<{ webhook_id: number | string }> = await this.transactions.manager.query(
      'SELECT DISTINCT d.webhook_id FROM webhook_delivery d INNER JOIN webhook w ON w.id = d.webhook_id ' +
        'WHERE d.status = 0 AND d.next_attempt_time <= ? AND w.lease_until < ? AND (d.ordered = 0 OR (w.status = 1 AND w.failing = 0 AND w.retry_at <= ?)) ' +
        `ORDER BY d.webhook_id LIMIT ${CLAIM_BATCH}`,
      [now, now, now],
    );
    const ids = candidates.map((c) => Number(c.webhook_id));
    if (!ids.length) return [];
    return this.transactions.run(async (manager) => {
      const list = ids.map(() => '?').join(', ');
      let free = ids;
      if (isMysql(manager)) {
        const rows: Array<{ id: number | string }> = await manager.query(`SELECT id FROM webhook WHERE id IN (${list}) AND lease_until < ? ORDER BY id${forUpdateSkipLocked(manager)}`, [...ids, now]);
        free = rows.map((r) => Number(r.id));
        if (!free.length) return [];
      }
      const freeList = free.map(() => '?').join(', ');
      await manager.query(`UPDATE webhook SET lease_owner = ?, lease_until = ? WHERE id IN (${freeList}) AND lease_until < ?`, [owner, until, ...free, now]);
      const mine: Array<{ id: number | string }> = await manager.query(`SELECT id FROM webhook WHERE id IN (${freeList}) AND lease_owner = ? AND lease_until = ?`, [...free, owner, until]);
      return mine.map((r) => Number(r.id));
    });
  }

  /** Extends the lease; false when it is no longer this owner's (it ran out and another process took it). */
  async renew(webhookId: number, owner: string, until: number): Promise<boolean> {
    return this.transactions.run(async (manager) => (await executeCounting(manager, 'UPDATE webhook SET lease_until = ? WHERE id = ? AND lease_owner = ?', [until, webhookId, owner])) === 1);
  }

  async release(webhookIds: readonly number[], owner: string): Promise<void> {
    if (!webhookIds.length) return;
    await this.transactions.run((manager) => manager.query(`UPDATE webhook SET lease_owner = '', lease_until = 0 WHERE lease_owner = ? AND id IN (${webhookIds.map(() => '?').join(', ')})`, [owner, ...webhookIds]));
  }

  /** Every lease this owner holds (a process that stops). */
  async releaseAll(owner: string): Promise<void> {
    await this.transactions.run((manager) => manager.query("UPDATE webhook SET lease_owner = '', lease_until = 0 WHERE lease_owner = ?", [owner]));
  }

  async webhook(id: number): Promise<ClaimedWebhook | null> {
    const [row] = await this.transactions.manager.query('SELECT id, url, secret, status, failing, retry_at FROM webhook WHERE id = ?', [id]);
    return row ? { id: Number(row.id), url: String(row.url), secret: String(row.secret), status: Number(row.status), failing: Number(row.failing), retry_at: Number(row.retry_at) } : null;
  }

  /**
   * The next delivery to attempt for a claimed webhook: a due test event first (sent on its own), else the
   * oldest pending delivery in outbox order — only when it is due (a later one never overtakes it), and only
   * while the webhook is enabled, not failing and not waiting for a retry.
   */
  async next(webhook: ClaimedWebhook, now: number): Promise<DueDelivery | null> {
    const columns = 'id, webhook_id, outbox_id, event_id, ordered, attempts, deadline_time, next_attempt_time';
    const [loose] = await this.transactions.manager.query(`SELECT ${columns} FROM webhook_delivery WHERE webhook_id = ? AND status = 0 AND ordered = 0 AND next_attempt_time <= ? ORDER BY id LIMIT 1`, [webhook.id, now]);
    if (loose) return deliveryOf(loose);
    if (webhook.status !== 1 || webhook.failing || webhook.retry_at > now) return null;
    const [head] = await this.transactions.manager.query(`SELECT ${columns} FROM webhook_delivery WHERE webhook_id = ? AND status = 0 AND ordered = 1 ORDER BY id LIMIT 1`, [webhook.id]);
    return head && Number(head.next_attempt_time) <= now ? deliveryOf(head) : null;
  }

  async body(outboxId: number): Promise<string | null> {
    const [row] = await this.transactions.manager.query('SELECT body FROM webhook_outbox WHERE id = ?', [outboxId]);
    return row ? String(row.body) : null;
  }

  /** Records an attempt that reached the receiver with a 2xx answer. */
  async delivered(delivery: DueDelivery, status: number, now: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      await manager.query("UPDATE webhook_delivery SET status = 1, attempts = attempts + 1, last_status = ?, last_error = '', delivered_time = ?, updatetime = ? WHERE id = ? AND status = 0", [status, now, now, delivery.id]);
      if (delivery.ordered) await manager.query('UPDATE webhook SET retry_at = 0 WHERE id = ?', [delivery.webhook_id]);
    });
  }

  /** Records a failed attempt: retried at `retryAt`, or (no `retryAt`) given up, marking an ordered delivery's webhook failing. */
  async failed(delivery: DueDelivery, status: number, error: string, now: number, deadline: number, retryAt: number | null): Promise<void> {
    await this.transactions.run(async (manager) => {
      await manager.query('UPDATE webhook_delivery SET status = ?, attempts = attempts + 1, last_status = ?, last_error = ?, next_attempt_time = ?, deadline_time = ?, updatetime = ? WHERE id = ? AND status = 0', [
        retryAt === null ? DELIVERY_STATUS.failed : DELIVERY_STATUS.pending,
        status,
        error.slice(0, 255),
        retryAt ?? 0,
        deadline,
        now,
        delivery.id,
      ]);
      if (!delivery.ordered) return;
      if (retryAt === null) {
        const marked = await executeCounting(manager, 'UPDATE webhook SET failing = 1, failing_since = ?, retry_at = 0, updatetime = ? WHERE id = ? AND failing = 0', [now, now, delivery.webhook_id]);
        // the mark is news once: after its commit, for whoever watches (a chat robot's `webhook.failing`)
        const bus = this.events;
        if (marked && bus) {
          const [hook]: Array<{ url: string }> = await manager.query('SELECT url FROM webhook WHERE id = ?', [delivery.webhook_id]);
          afterCommit(manager, delivery, () => bus.publish(new WebhookFailingEvent(delivery.webhook_id, String(hook?.url ?? ''), delivery.event_id, status, error.slice(0, 255))));
        }
      } else await manager.query('UPDATE webhook SET retry_at = ? WHERE id = ?', [retryAt, delivery.webhook_id]);
    });
  }

  /**
   * Deliveries sent again (`POST redeliver`): pending from now, with a new 24 hours; their webhooks no longer
   * failing nor waiting. Answers how many there were.
   */
  async redeliver(ids: readonly number[], now: number): Promise<number> {
    if (!ids.length) return 0;
    return this.transactions.run(async (manager) => {
      const list = ids.map(() => '?').join(', ');
      const rows: Array<{ webhook_id: number | string }> = await manager.query(`SELECT DISTINCT webhook_id FROM webhook_delivery WHERE id IN (${list})`, [...ids]);
      if (!rows.length) return 0;
      const changed = await executeCounting(manager, `UPDATE webhook_delivery SET status = 0, next_attempt_time = ?, deadline_time = 0, updatetime = ? WHERE id IN (${list})`, [now, now, ...ids]);
      const hooks = rows.map((r) => Number(r.webhook_id));
      await manager.query(`UPDATE webhook SET failing = 0, failing_since = NULL, retry_at = 0, updatetime = ? WHERE id IN (${hooks.map(() => '?').join(', ')})`, [now, ...hooks]);
      return changed;
    });
  }

  /** Delivered deliveries older than `before` and the outbox rows no delivery needs any more. */
  async purge(before: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      await manager.query('DELETE FROM webhook_delivery WHERE status = 1 AND delivered_time < ?', [before]);
      await manager.query('DELETE FROM webhook_outbox WHERE dispatched = 1 AND createtime < ? AND NOT EXISTS (SELECT 1 FROM webhook_delivery d WHERE d.outbox_id = webhook_outbox.id)', [before]);
    });
  }
}

function deliveryOf(row: Record<string, unknown>): DueDelivery {
  return {
    id: Number(row.id),
    webhook_id: Number(row.webhook_id),
    outbox_id: Number(row.outbox_id),
    event_id: String(row.event_id),
    ordered: Number(row.ordered),
    attempts: Number(row.attempts),
    deadline_time: Number(row.deadline_time),
    next_attempt_time: Number(row.next_attempt_time),
  };
}
