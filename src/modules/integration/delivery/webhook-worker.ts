import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { unixNow } from '../../../shared/http/envelope';
import { Outbox } from '../../../shared/outbox';
import { afterAttempt } from '../domain/delivery-schedule';
import { postEvent } from './webhook-calls';
import { ClaimedWebhook, WebhookQueue } from './webhook-queue';

/** A claimed webhook is the process's for this long after each renewal (more than an attempt's 10 s timeout). */
const LEASE_SECONDS = 60;
/** Deliveries one claim sends at most before the webhook is let go (others get their turn). */
const PER_CLAIM = 100;
/** Delivered deliveries are kept this many days (the deliveries page), then purged with their outbox rows. */
const RETENTION_DAYS = 30;

/** What one pass did. */
export interface PassReport {
  dispatched: number;
  attempted: number;
}

/**
 * The delivery worker of this process: dispatch the committed outbox rows, claim the webhooks with something
 * due, send each one's deliveries one after the other, record every attempt (WebhookQueue). It runs a pass
 * every `WEBHOOK_POLL_MS` (1000 ms by default), and at once after a commit of this process wrote outbox rows;
 * `WEBHOOK_WORKER=0` turns the loop off (the API specs drive passes themselves with `runOnce`). Every time it
 * reads is the application clock (`unixNow`, which `runAtTime` pins), so a spec can run a pass "an hour later"
 * without waiting an hour. The first retry pause is `WEBHOOK_RETRY_SECONDS` (10 s), doubling from there.
 */
@Injectable()
export class WebhookWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Webhooks');
  /** This process's name on the leases it takes. */
  readonly owner = `${hostname().slice(0, 30)}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<PassReport> | null = null;
  private again = false;
  private looping = false;
  private lastPurge = 0;

  constructor(
    private readonly queue: WebhookQueue,
    outbox: Outbox,
  ) {
    // a commit of this process wrote outbox rows: a pass at once instead of at the next poll
    outbox.onWritten(() => this.kick());
  }

  onApplicationBootstrap(): void {
    if (process.env.WEBHOOK_WORKER === '0') return;
    this.looping = true;
    this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.looping = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
    await this.queue.releaseAll(this.owner).catch(() => undefined);
  }

  /** A change committed in this process: a pass soon (when the loop runs). */
  kick(): void {
    if (!this.looping) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** One pass now (a pass already running is waited for first: one at a time per process). */
  async runOnce(): Promise<PassReport> {
    while (this.running) await this.running.catch(() => undefined);
    const pass = this.pass();
    this.running = pass;
    try {
      return await pass;
    } finally {
      this.running = null;
    }
  }

  private schedule(delay: number): void {
    if (!this.looping) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.runOnce()
        .catch((error: Error) => this.logger.warn(`webhook pass failed: ${error.message}`))
        .finally(() => {
          const more = this.again;
          this.again = false;
          this.schedule(more ? 0 : pollMs());
        });
    }, delay);
    this.timer.unref?.();
  }

  private async pass(): Promise<PassReport> {
    const now = unixNow();
    let dispatched = 0;
    for (let taken = -1; taken !== 0; ) dispatched += taken = await this.queue.dispatch(now);
    const claimed = await this.queue.claim(this.owner, now, now + LEASE_SECONDS);
    let attempted = 0;
    try {
      // webhooks side by side, each one's deliveries strictly one after the other
      const counts = await Promise.all(claimed.map((id) => this.deliver(id)));
      attempted = counts.reduce((a, b) => a + b, 0);
    } finally {
      await this.queue.release(claimed, this.owner);
    }
    if (now - this.lastPurge > 3600) {
      this.lastPurge = now;
      await this.queue.purge(now - RETENTION_DAYS * 86400);
    }
    return { dispatched, attempted };
  }

  /** Sends a claimed webhook's due deliveries in order while it holds the lease; answers how many it attempted. */
  private async deliver(webhookId: number): Promise<number> {
    let attempted = 0;
    while (attempted < PER_CLAIM) {
      const now = unixNow();
      if (!(await this.queue.renew(webhookId, this.owner, now + LEASE_SECONDS))) break;
      const webhook = await this.queue.webhook(webhookId);
      if (!webhook) break;
      const delivery = await this.queue.next(webhook, now);
      if (!delivery) break;
      attempted++;
      await this.attempt(webhook, delivery);
    }
    return attempted;
  }

  private async attempt(webhook: ClaimedWebhook, delivery: Awaited<ReturnType<WebhookQueue['next']>> & object): Promise<void> {
    const body = await this.queue.body(delivery.outbox_id);
    const sentAt = unixNow();
    const result = body === null ? { ok: false, status: 0, error: 'the event is no longer in the outbox' } : await postEvent(webhook.url, webhook.secret, delivery.event_id, body, sentAt);
    const now = unixNow();
    const outcome = afterAttempt(result.ok, delivery.attempts + 1, delivery.deadline_time, now, retrySeconds());
    if (outcome.delivered) await this.queue.delivered(delivery, result.status, now);
    else await this.queue.failed(delivery, result.status, result.error, now, outcome.deadline, 'retryAt' in outcome ? outcome.retryAt : null);
    if (!outcome.delivered && !('retryAt' in outcome)) this.logger.warn(`webhook ${webhook.id} gave up on event ${delivery.event_id} after 24 hours and is marked failing`);
  }
}

function pollMs(): number {
  const configured = Number(process.env.WEBHOOK_POLL_MS);
  return Number.isFinite(configured) && configured >= 50 ? configured : 1000;
}

function retrySeconds(): number {
  const configured = Number(process.env.WEBHOOK_RETRY_SECONDS);
  return Number.isFinite(configured) && configured >= 1 ? configured : 10;
}
