import { Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { EntityManager } from 'typeorm';
import { executeCounting } from '../../../shared/database/sql-dialect';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AuthAdmin } from '../../../shared/http/auth.decorators';
import { OrderTransitionedEvent } from '../domain/order.events';
import { AlreadyProcessed, IdempotencyKeys } from '../persistence/idempotency';
import { OrderKind } from '../persistence/order-kinds';
import { OrderRepository, OrderRow } from '../persistence/order.repository';

export interface TransitionContext {
  admin: AuthAdmin;
  idempotencyKey?: string;
}

/**
 * Runs an order transition as one unit: the idempotency key, the state change and the stock it moves
 * commit together; the event is published after commit; the answer is the order as it now is.
 */
@Injectable()
export class OrderTransitions {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly idempotency: IdempotencyKeys,
    private readonly orders: OrderRepository,
    private readonly events: EventBus,
  ) {}

  async run(kind: OrderKind, id: number, transition: OrderTransitionedEvent['transition'], context: TransitionContext, work: (manager: EntityManager) => Promise<number[]>): Promise<OrderRow> {
    let stockEventIds: number[] | null = null;
    try {
      stockEventIds = await this.transactions.run(async (manager) => {
        await this.idempotency.claim(manager, context.idempotencyKey, `${kind}.${transition}`, context.admin.id, id);
        return work(manager);
      });
    } catch (error) {
      if (!(error instanceof AlreadyProcessed)) throw error;
    }
    if (stockEventIds) this.events.publish(new OrderTransitionedEvent(kind, id, transition, context.admin.id, stockEventIds));
    return this.orders.present(this.transactions.manager, kind, id);
  }

  /** `UPDATE ... WHERE id = ? AND <state>`: exactly one of two racing transitions changes the row. */
  async conditionalUpdate(manager: EntityManager, table: string, id: number, set: Record<string, unknown>, where: string, params: unknown[] = []): Promise<boolean> {
    const columns = Object.keys(set);
    const sql = `UPDATE ${table} SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ? AND ${where}`;
    return (await executeCounting(manager, sql, [...columns.map((c) => set[c]), id, ...params])) === 1;
  }
}
