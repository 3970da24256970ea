import { TransitionContext } from '../../../../shared/transitions';

export class ReleaseWaveCommand {
  constructor(
    readonly id: number,
    readonly context: TransitionContext,
  ) {}
}
