import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { executeCounting } from '../../../shared/database/sql-dialect';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { AuthAdmin } from '../../../shared/http/auth.decorators';
import { OrderKind, OrderState } from '../domain/order-state';
import { AlreadyProcessed, IdempotencyKeys } from '../persistence/idempotency';
import { ORDER_KINDS } from '../persistence/order-kinds';
import { OrderRepository, OrderView } from '../persistence/order.repository';

/** A transition's name: part of its idempotency scope (`outbound.shipped`). */
export type OrderTransition = 'audited' | 'shipped' | 'moved' | 'cancelled';

export interface TransitionContext {
  admin: AuthAdmin;
  idempotencyKey?: string;
}

/** A transition's decision and guarded write, in the transition's transaction. */
export type TransitionWork<K extends OrderKind> = (manager: EntityManager, state: OrderState<K>) => Promise<unknown>;

/**
 * Runs an order transition as one unit: load (the order and its lines locked, before anything else is read),
 * the idempotency key, decide, guarded write; the key, the state change and the stock it moves commit
 * together; the answer is the order as it now is. (Nothing reacts to a transition after commit today; an
 * after-commit reaction would be published here, once the transaction has returned.)
 */
@Injectable()
export class OrderTransitions {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly idempotency: IdempotencyKeys,
    private readonly orders: OrderRepository,
  ) {}

  async run<K extends OrderKind>(kind: K, id: number, transition: OrderTransition, context: TransitionContext, work: TransitionWork<K>): Promise<OrderView<K>> {
    try {
      await this.transactions.run(async (manager) => {
        const state = await this.orders.lock(manager, kind, id);
        await this.idempotency.claim(manager, context.idempotencyKey, `${kind}.${transition}`, context.admin.id, id);
        return work(manager, state);
      });
    } catch (error) {
      if (!(error instanceof AlreadyProcessed)) throw error;
    }
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
