import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { forUpdate } from '../../../shared/database/sql-dialect';
import { AppError } from '../../../shared/http/app-error';
import { LifecycleDocument } from '../../../shared/transitions';
import { MasterDataReader } from '../../master-data';
import type { PackageView } from '../../../../contract/directed';
import { PackageState } from '../domain/packing';
import { OrderState } from '../domain/order-state';
import { OrderRepository } from './order.repository';
import { PACKAGE_ROWS } from './order-rows';
import { packageViews } from './package-views';

/** A package as its transitions decide on it: the package, then its order and the order's lines, all locked. */
export interface PackageLockState {
  pack: PackageState;
  order: OrderState<'outbound'>;
}

/**
 * Packages (cartons, pallets of picked outbound orders), read and written with plain statements in the caller's
 * transaction. A transition locks the package, then its order: every pack, unpack and close of one order takes
 * turns on the order's row, so two packs at the same moment never pack more than was picked.
 */
@Injectable()
export class PackageRepository {
  readonly document: LifecycleDocument<PackageLockState, PackageView>;

  constructor(
    private readonly orders: OrderRepository,
    private readonly catalogue: MasterDataReader,
  ) {
    this.document = {
      name: 'package',
      table: 'package',
      stateColumns: ['status'],
      changedMeanwhile: 'orders.package_changed_meanwhile',
      lock: (manager, id) => this.lock(manager, id),
      present: (manager, id) => this.present(manager, id),
    };
  }

  async lock(manager: EntityManager, id: number): Promise<PackageLockState> {
    const [row] = await manager.query(`SELECT * FROM package WHERE id = ?${forUpdate(manager)}`, [id]);
    if (!row) throw new AppError('crud.record_not_found');
    const pack = PACKAGE_ROWS.map(row);
    return { pack, order: await this.orders.lock(manager, 'outbound', pack.outbound_id) };
  }

  async present(manager: EntityManager, id: number): Promise<PackageView> {
    const [row] = await manager.query('SELECT outbound_id FROM package WHERE id = ?', [id]);
    if (!row) throw new AppError('crud.record_not_found');
    return (await this.views(manager, Number(row.outbound_id))).find((p) => p.id === id)!;
  }

  views(manager: EntityManager, orderId: number): Promise<PackageView[]> {
    return packageViews(manager, this.catalogue, orderId);
  }
}

