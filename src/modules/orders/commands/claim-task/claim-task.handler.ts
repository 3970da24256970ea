import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unixNow } from '../../../../shared/http/envelope';
import { TransitionRunner } from '../../../../shared/transitions';
import { TASK_STATUS } from '../../../../../contract/enums';
import { claimTask } from '../../domain/task';
import { TaskRepository } from '../../persistence/task.repository';
import { ClaimTaskCommand } from './claim-task.command';

/** Claim (open → claimed) for any kind of task: not one another holds; one claimed task per admin and wave. */
@CommandHandler(ClaimTaskCommand)
export class ClaimTaskHandler implements ICommandHandler<ClaimTaskCommand> {
  constructor(
    private readonly transitions: TransitionRunner,
    private readonly tasks: TaskRepository,
  ) {}

  execute({ id, context }: ClaimTaskCommand) {
    return this.transitions.run(this.tasks.document, id, 'claimed', context, async ({ manager, state, write }) => {
      const [held] = await manager.query('SELECT COUNT(*) AS n FROM task WHERE wave_id = ? AND assignee_id = ? AND status = ? AND id <> ?', [state.wave_id, context.admin.id, TASK_STATUS.claimed, id]);
      claimTask(state, context.admin.id, state.wave_id ? Number(held.n) : 0);
      const now = unixNow();
      await write({ status: TASK_STATUS.claimed, assignee_id: context.admin.id, claim_time: now, updatetime: now }, { status: TASK_STATUS.open });
    });
  }
}
