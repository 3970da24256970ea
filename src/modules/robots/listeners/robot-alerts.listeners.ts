import { Logger } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { WebhookFailingEvent } from '../../integration';
import { LedgerVerificationFailedEvent, ProductTotalsChangedEvent } from '../../inventory';
import { MasterDataReader } from '../../master-data';
import { RobotNotifier } from '../services/robot-notifier.service';

const logger = new Logger('Robots');
const quietly = (work: Promise<unknown>) => void work.catch((error: unknown) => logger.warn(`a robot alert failed: ${(error as Error)?.message ?? error}`));

/**
 * `stock.low`: after the commit of a ledger posting, each product whose total fell below its safety stock in
 * it (at or above before the posting, below after) — once per crossing, not on every later issue.
 */
@EventsHandler(ProductTotalsChangedEvent)
export class NotifyRobotsWhenStockLow implements IEventHandler<ProductTotalsChangedEvent> {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly catalogue: MasterDataReader,
    private readonly notifier: RobotNotifier,
  ) {}

  handle(event: ProductTotalsChangedEvent): void {
    quietly(this.check(event));
  }

  async check(event: ProductTotalsChangedEvent): Promise<void> {
    const fallen = [...event.deltas].filter(([, delta]) => delta < 0);
    if (!fallen.length) return;
    const products = await this.catalogue.products(this.transactions.manager, fallen.map(([id]) => id));
    for (const [id, delta] of fallen) {
      const product = products.get(id);
      if (!product || product.safety_stock_num <= 0) continue;
      const now = Number(product.total_stock_num);
      if (now < product.safety_stock_num && now - delta >= product.safety_stock_num) {
        await this.notifier.notify('stock.low', { product_name: product.name, product_no: product.product_no, stock: now, safety_stock: product.safety_stock_num });
      }
    }
  }
}

/** `webhook.failing`: a webhook gave up on a delivery after 24 hours of retries. */
@EventsHandler(WebhookFailingEvent)
export class NotifyRobotsWhenWebhookFailing implements IEventHandler<WebhookFailingEvent> {
  constructor(private readonly notifier: RobotNotifier) {}

  handle(event: WebhookFailingEvent): void {
    quietly(this.notifier.notify('webhook.failing', { webhook_id: event.webhookId, url: event.url, event_id: event.eventId, status: event.lastStatus, error: event.lastError }));
  }
}

/** `ledger.verify_failed`: a verification (web or command line) found the ledger not intact. */
@EventsHandler(LedgerVerificationFailedEvent)
export class NotifyRobotsWhenLedgerVerifyFailed implements IEventHandler<LedgerVerificationFailedEvent> {
  constructor(private readonly notifier: RobotNotifier) {}

  handle(event: LedgerVerificationFailedEvent): void {
    quietly(this.notifier.notify('ledger.verify_failed', { problem: event.problem, events: event.events, intact_up_to: event.intactUpTo, source: event.source }));
  }
}
