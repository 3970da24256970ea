import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { insertMany } from '../../../../shared/database/sql-dialect';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { unixNow } from '../../../../shared/http/envelope';
import { CreationRunner } from '../../../../shared/transitions';
import { SiteConfigService } from '../../../platform';
import { PACKAGE_STATUS } from '../../../../../contract/enums';
import { assertPackable } from '../../domain/packing';
import { sscc } from '../../domain/sscc';
import { OrderNumbers } from '../../persistence/order-numbers';
import { OrderRepository } from '../../persistence/order.repository';
import { PackageRepository } from '../../persistence/package.repository';
import { AddPackageCommand } from './add-package.command';

/**
 * Add (open a package): the order is locked first, must be picked in a wave (or packed) and not shipped; the
 * package gets the next SSCC (extension digit, the setting `gs1_company_prefix`, the next serial, the check
 * digit). With an `Idempotency-Key` a repeat answers the package the first request opened.
 */
@CommandHandler(AddPackageCommand)
export class AddPackageHandler implements ICommandHandler<AddPackageCommand> {
  constructor(
    private readonly creations: CreationRunner,
    private readonly orders: OrderRepository,
    private readonly packages: PackageRepository,
    private readonly numbers: OrderNumbers,
    private readonly siteConfig: SiteConfigService,
    private readonly transactions: TransactionRunner,
  ) {}

  async execute({ input, context }: AddPackageCommand) {
    const { id } = await this.creations.run('package.add', context, input, async (manager) => {
      const { order } = await this.orders.lock(manager, 'outbound', input.outbound_id);
      assertPackable(order);
      const prefix = await this.siteConfig.get('gs1_company_prefix', manager);
      const code = sscc(prefix, await this.numbers.serial(manager, 'SSCC'));
      const now = unixNow();
      await insertMany(manager, 'package', [{ sscc: code, outbound_id: order.id, type: input.type, status: PACKAGE_STATUS.open, weight: '0.00', admin_id: context.admin.id, close_time: null, createtime: now, updatetime: now }]);
      const [row] = await manager.query('SELECT id FROM package WHERE sscc = ?', [code]);
      return Number(row.id);
    });
    return this.packages.present(this.transactions.manager, id);
  }
}
