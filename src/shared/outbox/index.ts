/** The transactional outbox: events written in the transaction of their change, delivered after it by the webhooks. */
export { Outbox } from './outbox';
export type { OutboxEvent } from './outbox';
export { OutboxModule } from './outbox.module';
export { TRANSITION_EVENTS, transitionEvent } from './transition-events';
export { OutboxEntity } from './outbox.entity';
