import { TransitionContext } from '../../../../shared/transitions';

export class AuditInboundOrderCommand {
  constructor(
    readonly id: number,
    readonly context: TransitionContext,
  ) {}
}
