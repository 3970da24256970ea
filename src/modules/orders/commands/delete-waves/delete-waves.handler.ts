import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { assertWaveDraft } from '../../domain/task';
import { WaveRepository } from '../../persistence/wave.repository';
import { DeleteWavesCommand } from './delete-waves.command';

/** Del (draft only): all or none; the orders leave the wave. */
@CommandHandler(DeleteWavesCommand)
export class DeleteWavesHandler implements ICommandHandler<DeleteWavesCommand> {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly waves: WaveRepository,
  ) {}

  execute({ ids }: DeleteWavesCommand): Promise<{ count: number }> {
    return this.transactions.run(async (manager) => {
      const sorted = [...new Set(ids)].sort((a, b) => a - b);
      for (const id of sorted) assertWaveDraft((await this.waves.lock(manager, id)).wave);
      for (const id of sorted) {
        await manager.query('UPDATE outbound_order SET wave_id = 0 WHERE wave_id = ?', [id]);
        await manager.query('DELETE FROM wave WHERE id = ?', [id]);
      }
      return { count: sorted.length };
    });
  }
}
