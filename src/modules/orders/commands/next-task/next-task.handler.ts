import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { AppError } from '../../../../shared/http/app-error';
import type { TaskView } from '../../../../../contract/directed';
import { TASK_STATUS } from '../../../../../contract/enums';
import { TaskRepository } from '../../persistence/task.repository';
import { ClaimTaskCommand } from '../claim-task/claim-task.command';
import { NextTaskCommand } from './next-task.command';

const ATTEMPTS = 5;

/**
 * Next: the task the caller holds (in the wave, when one is given), else it claims the open task with the
 * lowest sequence through the one claim transition; when another picker claims it first, the next one is
 * tried. Answers null when no task is open.
 */
@CommandHandler(NextTaskCommand)
export class NextTaskHandler implements ICommandHandler<NextTaskCommand> {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly tasks: TaskRepository,
    private readonly commands: CommandBus,
  ) {}

  async execute({ waveId, context }: NextTaskCommand): Promise<TaskView | null> {
    const manager = this.transactions.manager;
    const inWave = waveId ? ' AND wave_id = ?' : '';
    const scope = waveId ? [waveId] : [];
    const [held] = await manager.query(`SELECT id FROM task WHERE status = ? AND assignee_id = ?${inWave} ORDER BY sequence, id LIMIT 1`, [TASK_STATUS.claimed, context.admin.id, ...scope]);
    if (held) return this.tasks.present(manager, Number(held.id));
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const [candidate] = await manager.query(`SELECT id FROM task WHERE status = ?${inWave} ORDER BY wave_id, sequence, id LIMIT 1`, [TASK_STATUS.open, ...scope]);
      if (!candidate) return null;
      try {
        return await this.commands.execute(new ClaimTaskCommand(Number(candidate.id), { ...context, idempotencyKey: undefined }));
      } catch (error) {
        // another picker was faster: try the next open task
        if (!(error instanceof AppError) || !['orders.task_claimed_by_other', 'orders.task_closed', 'orders.task_changed_meanwhile'].includes(error.messageKey)) throw error;
      }
    }
    return null;
  }
}
