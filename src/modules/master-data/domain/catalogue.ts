/**
 * The master-data enumerations and catalogue names. Plain TypeScript: shared by the DTOs, the
 * CRUD definitions and, through index.ts, by the other contexts.
 */

import { CATEGORY_STATUS, ENABLED_STATUS, PRODUCT_STATUS, WAREHOUSE_TYPE } from '../../../../contract/enums';

/** The statuses and types themselves are in contract/enums.ts (the web app shows the same numbers). */
export { CATEGORY_STATUS, ENABLED_STATUS, PRODUCT_STATUS, WAREHOUSE_TYPE } from '../../../../contract/enums';

export const PRODUCT_STATUSES = [PRODUCT_STATUS.onShelf, PRODUCT_STATUS.offShelf] as const;

export const ENABLED_STATUSES = [ENABLED_STATUS.disabled, ENABLED_STATUS.enabled] as const;

export const CATEGORY_STATUSES = [CATEGORY_STATUS.hidden, CATEGORY_STATUS.shown] as const;

export const WAREHOUSE_TYPES = [WAREHOUSE_TYPE.own, WAREHOUSE_TYPE.thirdParty] as const;
export { SHELF_KINDS, SHELF_MIXINGS } from '../../../../contract/enums';

/** Every catalogue of the context. */
export type Catalogue = 'brand' | 'carrier' | 'customer' | 'supplier' | 'category' | 'unit' | 'warehouse' | 'warehouse_area' | 'shelf' | 'product';

/**
 * The table of each catalogue, for other contexts that embed master-data names in their lists through a CRUD
 * join by table name (`{ entity: MASTER_DATA_TABLES.product, on: 'product_id', columns: ['name'] }`).
 */
export const MASTER_DATA_TABLES: Readonly<Record<Catalogue, string>> = {
  brand: 'brand',
  carrier: 'carrier',
  customer: 'customer',
  supplier: 'supplier',
  category: 'category',
  unit: 'unit',
  warehouse: 'warehouse',
  warehouse_area: 'warehouse_area',
  shelf: 'warehouse_shelf',
  product: 'product',
};

/** A row's name for messages: `Name (CODE)` when the catalogue has a code. */
export function rowLabel(row: { name?: unknown; serial_no?: unknown; product_no?: unknown; id?: unknown }): string {
  const name = typeof row.name === 'string' && row.name ? row.name : `#${String(row.id ?? '')}`;
  const code = row.product_no ?? row.serial_no;
  return typeof code === 'string' && code ? `${name} (${code})` : name;
}
