import { IEvent } from '@nestjs/cqrs';

/**
 * A contribution was published or refused: published on the EventBus by the transition runner after the
 * audit's commit. The author's notice goes out from a listener, so the auditing admin's answer never waits
 * for a mail server or an SMS provider.
 */
export class ContentAuditedEvent implements IEvent {
  constructor(
    readonly authorId: number,
    readonly title: string,
    readonly status: number,
    readonly memo: string,
    /** The auditor's language: the notice is written in it. */
    readonly lang: string | undefined,
  ) {}
}
