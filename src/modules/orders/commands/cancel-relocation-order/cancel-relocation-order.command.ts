import { TransitionContext } from '../order-transitions';

export class CancelRelocationOrderCommand {
  constructor(
    readonly id: number,
    readonly context: TransitionContext,
  ) {}
}
