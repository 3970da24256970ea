import { TransitionContext } from '../../../../shared/transitions';

export class ClaimTaskCommand {
  constructor(
    readonly id: number,
    readonly context: TransitionContext,
  ) {}
}
