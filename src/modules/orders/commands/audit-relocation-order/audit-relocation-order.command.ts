import { TransitionContext } from '../order-transitions';

export class AuditRelocationOrderCommand {
  constructor(
    readonly id: number,
    readonly context: TransitionContext,
  ) {}
}
