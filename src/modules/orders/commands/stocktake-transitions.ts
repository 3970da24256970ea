import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { executeCounting } from '../../../shared/database/sql-dialect';
import { TransactionRunner } from '../../../shared/database/transaction-runner';
import { StocktakeRuleError } from '../domain/stocktake';
import { AlreadyProcessed, IdempotencyKeys } from '../persistence/idempotency';
import { StocktakeRepository, StocktakeState } from '../persistence/stocktake.repository';
import { TransitionContext } from './order-transitions';

type StocktakeTransition = 'started' | 'counted' | 'posted' | 'cancelled';

/**
 * A count's start / count / post / cancel as one unit, like an order's transitions: the count and its lines
 * locked first, the idempotency key claimed, the decision and the guarded write; the key, the state and the
 * stock it moves commit together; the answer is the count as it now is.
 */
@Injectable()
export class StocktakeTransitions {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly idempotency: IdempotencyKeys,
    private readonly stocktakes: StocktakeRepository,
  ) {}

  async run(id: number, transition: StocktakeTransition, context: TransitionContext, work: (manager: EntityManager, state: StocktakeState) => Promise<unknown>) {
    try {
      await this.transactions.run(async (manager) => {
        const state = await this.stocktakes.lock(manager, id);
        await this.idempotency.claim(manager, context.idempotencyKey, `stocktake.${transition}`, context.admin.id, id);
        return work(manager, state);
      });
    } catch (error) {
      if (!(error instanceof AlreadyProcessed)) throw error;
    }
    return this.stocktakes.present(this.transactions.manager, id);
  }

  /** `UPDATE stocktake ... WHERE id = ? AND status = ?`: the second line of defence behind the lock. */
  async guardedUpdate(manager: EntityManager, id: number, set: Record<string, unknown>, status: number): Promise<void> {
    const columns = Object.keys(set);
    const changed = await executeCounting(manager, `UPDATE stocktake SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ? AND status = ?`, [...columns.map((c) => set[c]), id, status]);
    if (changed !== 1) throw new StocktakeRuleError('changed_meanwhile');
  }
}
