import { CountRequest } from '../../domain/stocktake';
import { TransitionContext } from '../../../../shared/transitions';

/** Counted quantities of a count's lines, and found items for what the book lacks. */
export class CountStocktakeCommand {
  constructor(
    readonly id: number,
    readonly lines: CountRequest[],
    readonly context: TransitionContext,
  ) {}
}
