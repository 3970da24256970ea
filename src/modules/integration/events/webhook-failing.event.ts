import { IEvent } from '@nestjs/cqrs';

/** Published after the commit that marked a webhook failing (it gave up on a delivery after 24 hours of retries). */
export class WebhookFailingEvent implements IEvent {
  constructor(
    readonly webhookId: number,
    readonly url: string,
    readonly eventId: string,
    readonly lastStatus: number,
    readonly lastError: string,
  ) {}
}
