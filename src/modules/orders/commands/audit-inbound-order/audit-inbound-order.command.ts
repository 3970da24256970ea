import { TransitionContext } from '../order-transitions';

export class AuditInboundOrderCommand {
  constructor(
    readonly id: number,
    readonly context: TransitionContext,
  ) {}
}
