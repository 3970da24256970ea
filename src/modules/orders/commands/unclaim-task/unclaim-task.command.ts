import { TransitionContext } from '../../../../shared/transitions';

export class UnclaimTaskCommand {
  constructor(
    readonly id: number,
    readonly context: TransitionContext,
  ) {}
}
