import { EntityManager } from 'typeorm';
import { MasterDataReader } from '../../master-data';
import type { PackageView } from '../../../../contract/directed';
import { PackedLine } from '../domain/packing';
import { PACKAGE_LINE_ROWS, PACKAGE_ROWS } from './order-rows';

/** The packages of an order (in the order they were opened) and what they hold. */
export async function packagesOf(manager: EntityManager, orderId: number): Promise<{ packages: Array<ReturnType<typeof PACKAGE_ROWS.map>>; lines: PackedLine[] }> {
  const packages = (await manager.query('SELECT * FROM package WHERE outbound_id = ? ORDER BY id', [orderId])).map((row: unknown) => PACKAGE_ROWS.map(row));
  const lines = (await manager.query('SELECT * FROM package_line WHERE outbound_id = ? ORDER BY id', [orderId])).map((row: unknown) => PACKAGE_LINE_ROWS.map(row));
  return { packages, lines };
}

/**
 * The packages of an order as every answer shows them: contents with the products named, and "carton i of
 * n" counted over the packages that hold something (an empty package is number 0).
 */
export async function packageViews(manager: EntityManager, catalogue: MasterDataReader, orderId: number): Promise<PackageView[]> {
  const { packages, lines } = await packagesOf(manager, orderId);
  if (!packages.length) return [];
  const products = await catalogue.products(manager, lines.map((l) => l.product_id));
  const holding = packages.filter((p) => lines.some((l) => l.package_id === p.id && l.quantity > 0)).map((p) => p.id);
  return packages.map((p) => ({
    id: p.id,
    sscc: p.sscc,
    outbound_id: p.outbound_id,
    type: p.type,
    status: p.status,
    weight: p.weight,
    number: holding.indexOf(p.id) + 1,
    count: holding.length,
    contents: lines
      .filter((l) => l.package_id === p.id && l.quantity > 0)
      .map((l) => ({ product_id: l.product_id, product_no: products.get(l.product_id)?.product_no ?? '', name: products.get(l.product_id)?.name ?? '', quantity: l.quantity })),
    admin_id: p.admin_id,
    close_time: p.close_time,
    createtime: p.createtime,
  }));
}
