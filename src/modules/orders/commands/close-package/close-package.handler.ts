import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransitionRunner } from '../../../../shared/transitions';
import { PackageRepository } from '../../persistence/package.repository';
import { Packing } from '../packing';
import { ClosePackageCommand } from './close-package.command';

/** Close (open → closed): a package that holds something, weighed or not; its order may become packed. */
@CommandHandler(ClosePackageCommand)
export class ClosePackageHandler implements ICommandHandler<ClosePackageCommand> {
  constructor(
    private readonly transitions: TransitionRunner,
    private readonly packages: PackageRepository,
    private readonly packing: Packing,
  ) {}

  execute({ id, weight, context }: ClosePackageCommand) {
    return this.transitions.run(this.packages.document, id, 'closed', context, (open) => this.packing.close(open, weight));
  }
}
