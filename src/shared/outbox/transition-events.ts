import type { WebhookEventType } from '../../../contract/integration';
import { TASK_STATUS } from '../../../contract/enums';

/** A transition's event: its type, and when it is sent only for some of the transition's outcomes, which. */
interface TransitionEvent {
  type: WebhookEventType;
  /** Sent only when this holds of the document as the transition left it (as its answer shows it). */
  when?: (view: unknown) => boolean;
}

/** A task's confirm is `task.done` only when it closes the task (whole, or short); a partial pick is not. */
const closesTask = (view: unknown) => [TASK_STATUS.done, TASK_STATUS.short].includes(Number((view as { status?: unknown }).status) as 2 | 3);

/**
 * Which transitions are webhook events: `<document>.<transition>` (the LifecycleDocument's `name` and the
 * transition the TransitionRunner runs) → the event type of the catalogue (contract/integration.ts). A
 * transition listed here writes its outbox row in its own transaction, with the document as its answer shows
 * it and the ledger events the transition posted; nothing else is needed. A new document's event is one line
 * here.
 */
export const TRANSITION_EVENTS: Readonly<Record<string, WebhookEventType | TransitionEvent>> = {
  'inbound.audited': 'inbound.audited',
  'outbound.reserved': 'outbound.reserved',
  'outbound.shipped': 'outbound.shipped',
  'wave.released': 'wave.released',
  'task.confirmed': { type: 'task.done', when: closesTask },
  'stocktake.posted': 'stocktake.posted',
  'adjustment.audited': 'adjustment.audited',
  'return.audited': 'return.audited',
};

/** The event of a transition, if it is one. */
export function transitionEvent(document: string, transition: string): TransitionEvent | undefined {
  const event = TRANSITION_EVENTS[`${document}.${transition}`];
  return typeof event === 'string' ? { type: event } : event;
}
