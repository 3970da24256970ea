import { TransitionContext } from '../../../../shared/transitions';

/** Reserve every line of an outbound order; `partial`: reserve what is available instead of refusing a shortfall. */
export class ReserveOutboundOrderCommand {
  constructor(
    readonly id: number,
    readonly partial: boolean,
    readonly context: TransitionContext,
  ) {}
}
