import type { StockSnapshot } from '../stock-movement';

/** Test-only: the snapshot of product `product` on shelf `shelf` (named P<n> / NO<n>, shelf S<n> in Main / A). */
export const snapshot = (product: number, shelf: number): StockSnapshot => ({
  product_id: product,
  product_name: `P${product}`,
  product_no: `NO${product}`,
  spec: '',
  unit: 'pcs',
  warehouse_id: 1,
  warehouse_name: 'Main',
  warehouse_area_id: 1,
  area_name: 'A',
  warehouse_shelf_id: shelf,
  shelf_name: `S${shelf}`,
  shelf_serial_no: `S${shelf}`,
});
