import { TransitionContext } from '../../../../shared/transitions';

export class AuditRelocationOrderCommand {
  constructor(
    readonly id: number,
    readonly context: TransitionContext,
  ) {}
}
