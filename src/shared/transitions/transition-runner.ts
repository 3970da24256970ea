import { Injectable } from '@nestjs/common';
import { EventBus, IEvent } from '@nestjs/cqrs';
import { EntityManager } from 'typeorm';
import { executeCounting } from '../database/sql-dialect';
import { TransactionRunner } from '../database/transaction-runner';
import { AppError } from '../http/app-error';
import { Outbox } from '../outbox/outbox';
import { transitionEvent } from '../outbox/transition-events';
import { AlreadyProcessed, IdempotencyKeys } from './idempotency-keys';
import { TransitionContext } from './transition-context';

/**
 * A document with a lifecycle (an order, a count; next waves, tasks, packages, returns), as the runner needs
 * it: what it is called, where its state lives, how it is locked and how it is answered. Each repository
 * implements it for its documents.
 */
export interface LifecycleDocument<State, View> {
  /** Its name in idempotency scopes and events: `inbound`, `stocktake`. */
  readonly name: string;
  /** The table of its rows (`id` the primary key) and the columns that hold its state. */
  readonly table: string;
  readonly stateColumns: readonly string[];
  /** The message when a guarded write finds the state changed by someone else (`orders.changed_meanwhile`). */
  readonly changedMeanwhile: string;
  /**
   * The document (and its lines) with locking reads, as the first statements of the transaction: on InnoDB a
   * locking read sees the latest committed rows and waits for a transition holding them, and the snapshot of
   * later plain reads starts after it (a plain read first would fix a snapshot older than the lock).
   */
  lock(manager: EntityManager, id: number, before?: unknown): Promise<State>;
  /**
   * What `lock` must know before its locking reads and may read unlocked because it never changes (a task's
   * wave): read before the transaction opens, on no connection the transaction holds. Read inside, it would fix
   * the snapshot before the locks; read on a second connection while the transaction holds one, a pool whose
   * every connection is held by such a transaction waits for itself until its acquire timeout.
   */
  beforeLock?(id: number): Promise<unknown>;
  /** The document as every answer shows it. */
  present(manager: EntityManager, id: number): Promise<View>;
}

/** What a transition's work gets: the transaction, the locked state, and the two ways it may act. */
export interface OpenTransition<State> {
  manager: EntityManager;
  state: State;
  context: TransitionContext;
  /**
   * `UPDATE <table> SET … WHERE id = ? AND <guard>`: the new state, written only while the state columns still
   * hold what the decision was taken on (`guard`, column = value). The document is locked, so it holds; it is
   * the second line of defence should a path ever change it without the lock. Throws the document's
   * `changedMeanwhile` error when no row changed.
   */
  write(set: Record<string, unknown>, guard: Record<string, unknown>): Promise<void>;
  /** An event to publish on the EventBus after the commit (never when the transaction rolls back). */
  publish(event: IEvent): void;
}

/** Published after the commit of every transition that applied (not for a repeat answered as it is). */
export class DocumentTransitionedEvent implements IEvent {
  constructor(
    readonly document: string,
    readonly id: number,
    readonly transition: string,
    readonly adminId: number,
  ) {}
}

/** A guarded write that changed nothing: someone else changed the document since it was read. */
export class ChangedMeanwhileError extends AppError {}

/**
 * Runs a transition of a document with a lifecycle as one unit: lock (the document and its lines, before
 * anything else is read) → claim the idempotency key → decide and write (the work, with the pure domain rules
 * on the locked state and `write`'s guarded update) → commit the key, the state and the stock it moves
 * together → publish the work's events and a `DocumentTransitionedEvent` → answer the document as it now is.
 * A repeat with the same key answers the document as it is and applies nothing.
 *
 * A transition that is a webhook event (`TRANSITION_EVENTS`: `inbound.audited`, …) that an enabled webhook
 * subscribes to also writes its outbox row in the same transaction: the document as the answer shows it (read
 * inside the transaction, and answered from there) and the ledger events the work posted (their references
 * kept by the ledger's `stock.changed`).
 */
@Injectable()
export class TransitionRunner {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly idempotency: IdempotencyKeys,
    private readonly events: EventBus,
    private readonly outbox: Outbox,
  ) {}

  /** `known.before`: what the document's `beforeLock` would read, when the caller has read it already. */
  async run<State, View>(document: LifecycleDocument<State, View>, id: number, transition: string, context: TransitionContext, work: (open: OpenTransition<State>) => Promise<void>, known?: { before: unknown }): Promise<View> {
    let published: IEvent[] = [];
    let answer: { view: View } | null = null;
    const event = transitionEvent(document.name, transition);
    try {
      const before = known ? known.before : await document.beforeLock?.(id);
      published = await this.transactions.run(async (manager) => {
        const state = await document.lock(manager, id, before);
        await this.idempotency.claim(manager, context.idempotencyKey, `${document.name}.${transition}`, context.admin.id, id, context.token?.id);
        // a retried unit of work starts with no events of the attempt before
        const queued: IEvent[] = [];
        answer = null;
        await work({ manager, state, context, write: (set, guard) => guardedUpdate(manager, document, id, set, guard), publish: (event) => void queued.push(event) });
        // the event's document is read inside the transaction only when a webhook wants it; else after the commit
        if (event && (await this.outbox.wants(manager, event.type))) {
          const view = await document.present(manager, id);
          if (event.when?.(view) ?? true) await this.outbox.add(manager, { type: event.type, data: view, ledger: this.outbox.ledgerOf(manager) });
          answer = { view };
        }
        return [...queued, new DocumentTransitionedEvent(document.name, id, transition, context.admin.id)];
      });
    } catch (error) {
      if (!(error instanceof AlreadyProcessed)) throw error;
    }
    if (published.length) this.events.publishAll(published);
    const done = answer as { view: View } | null;
    return done ? done.view : document.present(this.transactions.manager, id);
  }
}

/** The guarded write of `OpenTransition.write`; only the document's own state columns may guard it. */
export async function guardedUpdate(manager: EntityManager, document: Pick<LifecycleDocument<unknown, unknown>, 'table' | 'stateColumns' | 'changedMeanwhile'>, id: number, set: Record<string, unknown>, guard: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(set);
  const guarded = Object.keys(guard);
  const stray = guarded.filter((column) => !document.stateColumns.includes(column));
  if (!columns.length || !guarded.length || stray.length) throw new Error(`a guarded write of ${document.table} sets columns and tests its state columns only (${stray.join(', ')})`);
  const sql = `UPDATE ${document.table} SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ? AND ${guarded.map((c) => `${c} = ?`).join(' AND ')}`;
  const changed = await executeCounting(manager, sql, [...columns.map((c) => set[c]), id, ...guarded.map((c) => guard[c])]);
  if (changed !== 1) throw new ChangedMeanwhileError(document.changedMeanwhile);
}
