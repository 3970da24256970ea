import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransitionRunner } from '../../../../shared/transitions';
import { ScanReader } from '../../../master-data';
import { OrderRuleError } from '../../domain/order-errors';
import { PackageRepository } from '../../persistence/package.repository';
import { Packing } from '../packing';
import { PackPackageCommand } from './pack-package.command';

/**
 * Pack and unpack by scan: the code is resolved first (`wms.Scan/resolve`: a product's bar code or number, a
 * GS1 string with or without parentheses), outside the transaction; then the package and its order are
 * locked and the rules decide (`Packing`). A refusal writes nothing.
 */
@CommandHandler(PackPackageCommand)
export class PackPackageHandler implements ICommandHandler<PackPackageCommand> {
  constructor(
    private readonly transitions: TransitionRunner,
    private readonly packages: PackageRepository,
    private readonly packing: Packing,
    private readonly scans: ScanReader,
  ) {}

  async execute({ id, input, direction, context }: PackPackageCommand) {
    const found = await this.scans.execute(input.code);
    if (found.kind !== 'product') throw new OrderRuleError('package_not_a_product');
    const productId = Number(found.row.id);
    const quantity = input.quantity ?? 1;
    return this.transitions.run(this.packages.document, id, direction === 'pack' ? 'packed' : 'unpacked', context, (open) =>
      direction === 'pack' ? this.packing.pack(open, productId, quantity) : this.packing.unpack(open, productId, quantity),
    );
  }
}
