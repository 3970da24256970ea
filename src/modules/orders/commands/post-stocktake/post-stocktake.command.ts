import { TransitionContext } from '../../../../shared/transitions';

export class PostStocktakeCommand {
  constructor(
    readonly id: number,
    readonly context: TransitionContext,
  ) {}
}
