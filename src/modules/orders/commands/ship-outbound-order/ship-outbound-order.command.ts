import { ShipInput } from '../../domain/order-lines';
import { TransitionContext } from '../../../../shared/transitions';

export class ShipOutboundOrderCommand {
  constructor(
    readonly id: number,
    readonly input: ShipInput,
    readonly context: TransitionContext,
  ) {}
}
