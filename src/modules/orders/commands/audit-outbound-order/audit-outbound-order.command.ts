import { TransitionContext } from '../../../../shared/transitions';

export class AuditOutboundOrderCommand {
  constructor(
    readonly id: number,
    readonly context: TransitionContext,
  ) {}
}
