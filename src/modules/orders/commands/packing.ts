import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { insertMany } from '../../../shared/database/sql-dialect';
import { unixNow } from '../../../shared/http/envelope';
import { OpenTransition } from '../../../shared/transitions';
import { MasterDataReader } from '../../master-data';
import { FULFILMENT_STATUS, PACKAGE_STATUS } from '../../../../contract/enums';
import { assertOpen, assertPackable, assertPackQuantity, assertUnpackQuantity, byProduct, closingWeight, isPacked } from '../domain/packing';
import { OrderState } from '../domain/order-state';
import { PackageLockState } from '../persistence/package.repository';
import { packagesOf } from '../persistence/package-views';

/**
 * What packing decides, on a package and its order locked by the transition runner (package, then order): pack
 * a scanned product into an open package (never more than the order's lines picked, over all its packages),
 * take it out again, close the package. After each, the order is packed (fulfilment 4) when every package that
 * holds something is closed and they hold exactly what was picked; else it is picked (3).
 */
@Injectable()
export class Packing {
  constructor(private readonly catalogue: MasterDataReader) {}

  async pack({ manager, state: { pack, order }, write }: OpenTransition<PackageLockState>, productId: number, quantity: number): Promise<void> {
    assertPackable(order.order);
    assertOpen(pack);
    const { lines } = await packagesOf(manager, order.order.id);
    const productNo = await this.productNo(manager, productId);
    assertPackQuantity(productId, productNo, quantity, pickedOf(order), byProduct(lines), order.lines.some((l) => l.product_id === productId));
    const now = unixNow();
    const held = lines.find((l) => l.package_id === pack.id && l.product_id === productId);
    if (held) await manager.query('UPDATE package_line SET quantity = quantity + ?, updatetime = ? WHERE package_id = ? AND product_id = ?', [quantity, now, pack.id, productId]);
    else await insertMany(manager, 'package_line', [{ package_id: pack.id, outbound_id: order.order.id, product_id: productId, quantity, createtime: now, updatetime: now }]);
    await write({ updatetime: now }, { status: PACKAGE_STATUS.open });
    await this.settle(manager, order, now);
  }

  async unpack({ manager, state: { pack, order }, write }: OpenTransition<PackageLockState>, productId: number, quantity: number): Promise<void> {
    assertPackable(order.order);
    assertOpen(pack);
    const [row] = await manager.query('SELECT quantity FROM package_line WHERE package_id = ? AND product_id = ?', [pack.id, productId]);
    assertUnpackQuantity(await this.productNo(manager, productId), quantity, Number(row?.quantity ?? 0));
    const now = unixNow();
    if (Number(row.quantity) === quantity) await manager.query('DELETE FROM package_line WHERE package_id = ? AND product_id = ?', [pack.id, productId]);
    else await manager.query('UPDATE package_line SET quantity = quantity - ?, updatetime = ? WHERE package_id = ? AND product_id = ?', [quantity, now, pack.id, productId]);
    await write({ updatetime: now }, { status: PACKAGE_STATUS.open });
    await this.settle(manager, order, now);
  }

  async close({ manager, state: { pack, order }, write }: OpenTransition<PackageLockState>, weight: unknown): Promise<void> {
    assertPackable(order.order);
    const [row] = await manager.query('SELECT COALESCE(SUM(quantity), 0) AS n FROM package_line WHERE package_id = ?', [pack.id]);
    const kg = closingWeight(pack, Number(row.n), weight);
    const now = unixNow();
    await write({ status: PACKAGE_STATUS.closed, weight: kg, close_time: now, updatetime: now }, { status: PACKAGE_STATUS.open });
    await this.settle(manager, order, now);
  }

  /** The order packed (4) or picked (3), by what its packages now hold (the order is locked). */
  private async settle(manager: EntityManager, { order, ...rest }: OrderState<'outbound'>, now: number): Promise<void> {
    const { packages, lines } = await packagesOf(manager, order.id);
    const status = isPacked(pickedOf({ order, ...rest }), packages, lines) ? FULFILMENT_STATUS.packed : FULFILMENT_STATUS.picked;
    if (status !== order.fulfilment_status) await manager.query('UPDATE outbound_order SET fulfilment_status = ?, updatetime = ? WHERE id = ? AND fulfilment_status = ?', [status, now, order.id, order.fulfilment_status]);
  }

  private async productNo(manager: EntityManager, productId: number): Promise<string> {
    return (await this.catalogue.products(manager, [productId])).get(productId)?.product_no ?? `#${productId}`;
  }
}

/** What the order's lines picked, per product. */
function pickedOf({ lines }: OrderState<'outbound'>): Map<number, number> {
  return byProduct(lines.map((l) => ({ product_id: l.product_id, quantity: l.picked_quantity })));
}
