import { TransitionContext } from '../../../../shared/transitions';

export class UnreserveOutboundOrderCommand {
  constructor(
    readonly id: number,
    readonly context: TransitionContext,
  ) {}
}
