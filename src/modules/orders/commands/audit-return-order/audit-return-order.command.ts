import { TransitionContext } from '../../../../shared/transitions';

export class AuditReturnOrderCommand {
  constructor(
    readonly id: number,
    readonly context: TransitionContext,
  ) {}
}
