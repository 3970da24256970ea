import { TransitionContext } from '../../../../shared/transitions';

/** Claims and answers the caller's next task: the one it holds, else the open task with the lowest sequence. */
export class NextTaskCommand {
  constructor(
    readonly waveId: number | null,
    readonly context: TransitionContext,
  ) {}
}
