import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TransactionRunner } from '../database/transaction-runner';
import { AlreadyProcessed, IdempotencyKeys } from './idempotency-keys';
import { TransitionContext } from './transition-context';

/** What a creation made: its id, and whether an earlier request with the same key made it. */
export interface Created {
  id: number;
  repeated: boolean;
}

/**
 * The one way an `add` honours `Idempotency-Key`: one transaction that claims the key first, then creates,
 * then binds the key to what it created. The same key from the same caller with the same request answers
 * the first creation's id (nothing is created again, however many requests race); with another request it is
 * refused with HTTP 409. Without a key it simply creates. `command` names what is created (`inbound.add`).
 */
@Injectable()
export class CreationRunner {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly keys: IdempotencyKeys,
  ) {}

  async run(command: string, context: Pick<TransitionContext, 'admin' | 'idempotencyKey' | 'token'>, request: unknown, create: (manager: EntityManager) => Promise<number>): Promise<Created> {
    try {
      const id = await this.transactions.run(async (manager) => {
        const bind = await this.keys.claimCreation(manager, context.idempotencyKey, command, context.admin.id, request, context.token?.id);
        const created = await create(manager);
        await bind(created);
        return created;
      });
      return { id, repeated: false };
    } catch (error) {
      if (error instanceof AlreadyProcessed) return { id: error.subjectId, repeated: true };
      throw error;
    }
  }
}
