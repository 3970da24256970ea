import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransitionRunner } from '../../../../shared/transitions';
import { WaveRepository } from '../../persistence/wave.repository';
import { WavePicking } from '../wave-picking';
import { CancelWaveCommand } from './cancel-wave.command';

/** Cancel (draft or released, nothing picked yet → cancelled): its tasks cancelled, its orders released and out of it. */
@CommandHandler(CancelWaveCommand)
export class CancelWaveHandler implements ICommandHandler<CancelWaveCommand> {
  constructor(
    private readonly transitions: TransitionRunner,
    private readonly waves: WaveRepository,
    private readonly picking: WavePicking,
  ) {}

  execute({ id, context }: CancelWaveCommand) {
    return this.transitions.run(this.waves.document, id, 'cancelled', context, (open) => this.picking.cancel(open));
  }
}
