import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { unixNow } from '../../../../shared/http/envelope';
import { TransitionRunner } from '../../../../shared/transitions';
import { TASK_STATUS } from '../../../../../contract/enums';
import { unclaimTask } from '../../domain/task';
import { TaskRepository } from '../../persistence/task.repository';
import { UnclaimTaskCommand } from './unclaim-task.command';

/** Unclaim (claimed → open): by whoever holds it; what was confirmed stays confirmed. */
@CommandHandler(UnclaimTaskCommand)
export class UnclaimTaskHandler implements ICommandHandler<UnclaimTaskCommand> {
  constructor(
    private readonly transitions: TransitionRunner,
    private readonly tasks: TaskRepository,
  ) {}

  execute({ id, context }: UnclaimTaskCommand) {
    return this.transitions.run(this.tasks.document, id, 'unclaimed', context, async ({ state, write }) => {
      unclaimTask(state, context.admin.id);
      await write({ status: TASK_STATUS.open, assignee_id: 0, claim_time: null, updatetime: unixNow() }, { status: TASK_STATUS.claimed, assignee_id: context.admin.id });
    });
  }
}
