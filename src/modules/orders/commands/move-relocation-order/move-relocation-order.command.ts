import { MoveRequest } from '../../domain/relocation';
import { TransitionContext } from '../../../../shared/transitions';

export class MoveRelocationOrderCommand {
  constructor(
    readonly id: number,
    readonly moves: MoveRequest[],
    readonly context: TransitionContext,
  ) {}
}
