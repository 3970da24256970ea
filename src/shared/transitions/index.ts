/** Transitions of documents with a lifecycle: the one runner, its context and the idempotency keys. */
export { TransitionsModule } from './transitions.module';
export { ChangedMeanwhileError, DocumentTransitionedEvent, guardedUpdate, TransitionRunner } from './transition-runner';
export type { LifecycleDocument, OpenTransition } from './transition-runner';
export { Transition, transitionContextOf } from './transition-context';
export type { TransitionContext } from './transition-context';
export { AlreadyProcessed, IdempotencyKeyReused, IdempotencyKeys, requestHash } from './idempotency-keys';
export { CreationRunner } from './creation-runner';
export type { Created } from './creation-runner';
export { IdempotencyKeyEntity } from './idempotency-key.entity';
