import { TransitionContext } from '../order-transitions';

export class PostStocktakeCommand {
  constructor(
    readonly id: number,
    readonly context: TransitionContext,
  ) {}
}
