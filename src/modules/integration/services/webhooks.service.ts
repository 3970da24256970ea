import { Injectable } from '@nestjs/common';
import { CrudKit, CrudRow, CrudService, ListResult, parseId, parseIds } from '../../../shared/crud';
import { AppError } from '../../../shared/http/app-error';
import { AuthAdmin } from '../../../shared/http/auth.decorators';
import { unixNow } from '../../../shared/http/envelope';
import { Outbox } from '../../../shared/outbox';
import { WEBHOOK_TEST_EVENT, type WebhookCreated } from '../../../../contract/integration';
import { DELIVERY_LIST, WEBHOOK_LIST } from '../crud/webhooks.crud';
import { checkWebhookUrl } from '../delivery/webhook-calls';
import { WebhookQueue } from '../delivery/webhook-queue';
import { WebhookWorker } from '../delivery/webhook-worker';
import { newWebhookSecret } from '../domain/signature';
import { eventsColumn, subscribedEvents } from '../domain/subscriptions';
import { EditWebhookDto, WebhookDto } from '../http/dto/webhook.dto';
import { WebhookDeliveryEntity, WebhookEntity } from '../persistence/webhook.entities';

/** How long `send test event` waits for its delivery before answering it as it then stands. */
const TEST_WAIT_MS = 5000;

/**
 * The webhooks (`routine.Webhook`) and their deliveries (`routine.WebhookDelivery`) as the back office
 * manages them. A URL is checked by the outbound guard when it is saved (and again at every delivery).
 */
@Injectable()
export class WebhooksService {
  private readonly hooks: CrudService<WebhookEntity>;
  private readonly deliveries: CrudService<WebhookDeliveryEntity>;

  constructor(
    private readonly kit: CrudKit,
    private readonly outbox: Outbox,
    private readonly queue: WebhookQueue,
    private readonly worker: WebhookWorker,
  ) {
    this.hooks = new CrudService(kit, WEBHOOK_LIST);
    this.deliveries = new CrudService(kit, DELIVERY_LIST);
  }

  async list(query: Record<string, unknown>): Promise<ListResult> {
    const answer = await this.hooks.list(query, { controllerPath: 'routine/webhook' });
    return { ...answer, list: answer.list.map(withEventList) };
  }

  async get(id: unknown): Promise<{ row: CrudRow }> {
    return { row: withEventList((await this.hooks.get(id)).row) };
  }

  /** Answers `{row, secret}`: the secret is shown this once. */
  async add(input: WebhookDto, admin: AuthAdmin): Promise<WebhookCreated> {
    const fields = await this.checked(input);
    const secret = newWebhookSecret();
    const now = unixNow();
    const id = await this.kit.transactions.run(async (manager) => {
      const result = await manager.insert(WebhookEntity, { ...fields, secret, failing: 0, failing_since: null, lease_owner: '', lease_until: 0, retry_at: 0, admin_id: admin.id, createtime: now, updatetime: now });
      return Number(result.identifiers[0].id);
    });
    return { row: (await this.get(id)).row, secret };
  }

  async edit(input: EditWebhookDto): Promise<CrudRow> {
    const id = parseId(input.id);
    await this.get(id);
    const fields = await this.checked(input);
    await this.kit.transactions.run((manager) => manager.update(WebhookEntity, { id }, { ...fields, updatetime: unixNow() }));
    return (await this.get(id)).row;
  }

  /** Deletes webhooks and their deliveries (their undelivered events go with them). */
  async del(ids: unknown): Promise<{ count: number }> {
    const wanted = parseIds(ids);
    const answer = await this.hooks.del(wanted);
    await this.kit.transactions.run((manager) => manager.createQueryBuilder().delete().from(WebhookDeliveryEntity).where('webhook_id IN (:...ids)', { ids: wanted }).execute());
    return answer;
  }

  /**
   * Sends a `webhook.test` event to one webhook (and to no other), through the outbox like every event, and
   * answers its delivery as it stands after one pass of the worker (or after a few seconds).
   */
  async test(id: number): Promise<CrudRow> {
    const row = (await this.get(id)).row;
    const eventId = await this.kit.transactions.run((manager) =>
      this.outbox.add(manager, { type: WEBHOOK_TEST_EVENT, webhookId: id, data: { webhook_id: id, url: row.url, message: 'This is a test event from the warehouse.' } }),
    );
    await Promise.race([this.worker.runOnce(), new Promise((resolve) => setTimeout(resolve, TEST_WAIT_MS).unref?.())]);
    const delivery = await this.kit.dataSource.getRepository(WebhookDeliveryEntity).findOne({ where: { event_id: eventId, webhook_id: id } });
    return delivery ? (await this.deliveries.get(delivery.id)).row : { event_id: eventId, status: 0, attempts: 0 };
  }

  listDeliveries(query: Record<string, unknown>): Promise<ListResult> {
    return this.deliveries.list(query, { controllerPath: 'routine/webhookdelivery' });
  }

  /** Sends deliveries again: each pending from now, its webhook no longer failing (see WebhookQueue.redeliver). */
  async redeliver(ids: unknown): Promise<{ count: number }> {
    const count = await this.queue.redeliver(parseIds(ids), unixNow());
    if (!count) throw new AppError('crud.record_not_found');
    this.worker.kick();
    return { count };
  }

  private async checked(input: WebhookDto): Promise<{ url: string; events: string; status: number }> {
    const url = input.url.trim();
    await checkWebhookUrl(url);
    const events = eventsColumn(input.events);
    if ('unknown' in events) throw new AppError('integration.unknown_event', { type: events.unknown.slice(0, 50) });
    if (!events.value) throw new AppError('validation.required', { field: '@fields.events' });
    return { url, events: events.value, status: input.status ?? 1 };
  }
}

/** A webhook as answered: `events` as a list. */
function withEventList(row: CrudRow): CrudRow {
  return { ...row, events: subscribedEvents(row.events as string) };
}
