import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { DocumentTransitionedEvent } from '../../../shared/transitions';
import { WebhookWorker } from '../delivery/webhook-worker';

/** A transition committed in this process (its events are in the outbox): the worker runs a pass at once instead of at its next poll. */
@EventsHandler(DocumentTransitionedEvent)
export class KickWebhooksListener implements IEventHandler<DocumentTransitionedEvent> {
  constructor(private readonly worker: WebhookWorker) {}

  handle(): void {
    this.worker.kick();
  }
}
