import { TransitionContext } from '../../../../shared/transitions';

export class CancelRelocationOrderCommand {
  constructor(
    readonly id: number,
    readonly context: TransitionContext,
  ) {}
}
