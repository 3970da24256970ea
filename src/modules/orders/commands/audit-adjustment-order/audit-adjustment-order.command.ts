import { TransitionContext } from '../order-transitions';

export class AuditAdjustmentOrderCommand {
  constructor(
    readonly id: number,
    readonly context: TransitionContext,
  ) {}
}
