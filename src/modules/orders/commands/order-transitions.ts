import { Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { EntityManager } from 'typeorm';
import { executeCounting } from '../../../shared/database/sql-dialect';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AuthAdmin } from '../../../shared/http/auth.decorators';
import { OrderTransitionedEvent } from '../domain/order.events';
import { OrderKind, OrderState } from '../domain/order-state';
import { AlreadyProcessed, IdempotencyKeys } from '../persistence/idempotency';
import { ORDER_KINDS } from '../persistence/order-kinds';
import { OrderRepository, OrderView } from '../persistence/order.repository';

export interface TransitionContext {
  admin: AuthAdmin;
  idempotencyKey?: string;
}

/** A transition's decision and guarded write; answers the ids of the stock events it appended. */
export type TransitionWork<K extends OrderKind> = (manager: EntityManager, state: OrderState<K>) => Promise<number[]>;

/**
 * Runs an order transition as one unit: load (the order and its lines locked, before anything else is read),
 * the idempotency key, decide, guarded write; the key, the state change and the stock it moves commit
 * together; the event is published after commit; the answer is the order as it now is.
 */
@Injectable()
export class OrderTransitions {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly idempotency: IdempotencyKeys,
    private readonly orders: OrderRepository,
    private readonly events: EventBus,
  ) {}

  async run<K extends OrderKind>(kind: K, id: number, transition: OrderTransitionedEvent['transition'], context: TransitionContext, work: TransitionWork<K>): Promise<OrderView<K>> {
    let stockEventIds: number[] | null = null;
    try {
      stockEventIds = await this.transactions.run(async (manager) => {
        const state = await this.orders.lock(manager, kind, id);
        await this.idempotency.claim(manager, context.idempotencyKey, `${kind}.${transition}`, context.admin.id, id);
        return work(manager, state);
      });
    } catch (error) {
      if (!(error instanceof AlreadyProcessed)) throw error;
    }
    if (stockEventIds) this.events.publish(new OrderTransitionedEvent(kind, id, transition, context.admin.id, stockEventIds));
    return this.orders.present(this.transactions.manager, kind, id);
  }

  /**
   * `UPDATE ... WHERE id = ? AND <state>`: the guarded write after the decision. The order is locked, so it
   * holds; it is the second line of defence should a path ever change the order without its lock.
   */
  async guardedUpdate(manager: EntityManager, kind: OrderKind, id: number, set: Record<string, unknown>, where: string, params: unknown[] = []): Promise<boolean> {
    const columns = Object.keys(set);
    const sql = `UPDATE ${ORDER_KINDS[kind].orderTable} SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ? AND ${where}`;
    return (await executeCounting(manager, sql, [...columns.map((c) => set[c]), id, ...params])) === 1;
  }
}
