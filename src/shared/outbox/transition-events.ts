import type { WebhookEventType } from '../../../contract/integration';

/**
 * Which transitions are webhook events: `<document>.<transition>` (the LifecycleDocument's `name` and the
 * transition the TransitionRunner runs) → the event type of the catalogue (contract/integration.ts). A
 * transition listed here writes its outbox row in its own transaction, with the document as its answer shows
 * it and the ledger events the transition posted; nothing else is needed. A new document's event is one line
 * here (a wave: `'wave.released': 'wave.released'`, a task: `'task.confirmed': 'task.done'`).
 */
export const TRANSITION_EVENTS: Readonly<Record<string, WebhookEventType>> = {
  'inbound.audited': 'inbound.audited',
  'outbound.shipped': 'outbound.shipped',
  'stocktake.posted': 'stocktake.posted',
  'adjustment.audited': 'adjustment.audited',
  'return.audited': 'return.audited',
};

/** The event type of a transition, if it is one. */
export function transitionEvent(document: string, transition: string): WebhookEventType | undefined {
  return TRANSITION_EVENTS[`${document}.${transition}`];
}
