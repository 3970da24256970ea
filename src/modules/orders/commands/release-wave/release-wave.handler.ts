import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransitionRunner } from '../../../../shared/transitions';
import { WaveRepository } from '../../persistence/wave.repository';
import { WavePicking } from '../wave-picking';
import { ReleaseWaveCommand } from './release-wave.command';

/** Release (draft → released): reserves the wave's orders (partly where short) and creates its pick tasks. */
@CommandHandler(ReleaseWaveCommand)
export class ReleaseWaveHandler implements ICommandHandler<ReleaseWaveCommand> {
  constructor(
    private readonly transitions: TransitionRunner,
    private readonly waves: WaveRepository,
    private readonly picking: WavePicking,
  ) {}

  execute({ id, context }: ReleaseWaveCommand) {
    return this.transitions.run(this.waves.document, id, 'released', context, (open) => this.picking.release(open));
  }
}
