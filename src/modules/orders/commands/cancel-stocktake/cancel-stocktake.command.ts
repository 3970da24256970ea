import { TransitionContext } from '../../../../shared/transitions';

export class CancelStocktakeCommand {
  constructor(
    readonly id: number,
    readonly context: TransitionContext,
  ) {}
}
