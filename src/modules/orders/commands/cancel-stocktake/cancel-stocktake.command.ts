import { TransitionContext } from '../order-transitions';

export class CancelStocktakeCommand {
  constructor(
    readonly id: number,
    readonly context: TransitionContext,
  ) {}
}
