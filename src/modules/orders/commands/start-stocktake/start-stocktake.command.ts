import { TransitionContext } from '../order-transitions';

export class StartStocktakeCommand {
  constructor(
    readonly id: number,
    readonly context: TransitionContext,
  ) {}
}
