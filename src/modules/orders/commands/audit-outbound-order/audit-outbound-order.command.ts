import { TransitionContext } from '../order-transitions';

export class AuditOutboundOrderCommand {
  constructor(
    readonly id: number,
    readonly context: TransitionContext,
  ) {}
}
