import { TransitionContext } from '../../../../shared/transitions';

export class AuditAdjustmentOrderCommand {
  constructor(
    readonly id: number,
    readonly context: TransitionContext,
  ) {}
}
