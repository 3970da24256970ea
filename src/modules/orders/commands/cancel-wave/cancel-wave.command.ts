import { TransitionContext } from '../../../../shared/transitions';

export class CancelWaveCommand {
  constructor(
    readonly id: number,
    readonly context: TransitionContext,
  ) {}
}
