import { TransitionContext } from '../../../../shared/transitions';

export class StartStocktakeCommand {
  constructor(
    readonly id: number,
    readonly context: TransitionContext,
  ) {}
}
