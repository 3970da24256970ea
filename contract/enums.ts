/**
 * The enumerations that travel as numbers, with their numbers. The server's rules and the web app's
 * screens both read them from here.
 */

export type OrderKind = 'inbound' | 'outbound' | 'relocation' | 'adjustment' | 'return';
export const ORDER_KINDS: readonly OrderKind[] = ['inbound', 'outbound', 'relocation', 'adjustment', 'return'];

/** `audit_status` of every order. */
export const AUDIT_STATUS = { unaudited: 0, audited: 1 } as const;
/** outbound `shipment_status`. */
export const SHIPMENT_STATUS = { unshipped: 0, shipped: 1 } as const;
/** relocation `status`. */
export const RELOCATION_STATUS = { notMoved: 0, partiallyMoved: 1, completed: 2, cancelled: 3 } as const;
/** stocktake `status`. */
export const STOCKTAKE_STATUS = { draft: 0, counting: 1, posted: 2, cancelled: 3 } as const;

/** inbound `type`: purchase, outsourced, return; its ledger form type is the same number. */
export const INBOUND_TYPE = { purchase: 10, outsourced: 20, return: 30 } as const;
/** outbound `type`: sales, outsourced, transfer; its ledger form type is the number + 30. */
export const OUTBOUND_TYPE = { sales: 10, outsourced: 20, transfer: 30 } as const;
export const INBOUND_TYPES = [10, 20, 30] as const;
export const OUTBOUND_TYPES = [10, 20, 30] as const;

/** Inventory form types (`form_type` of the ledger and the history). */
export const FORM_TYPE = {
  purchaseInbound: 10,
  outsourcedInbound: 20,
  returnInbound: 30,
  salesOutbound: 40,
  outsourcedOutbound: 50,
  transferOutbound: 60,
  stockMove: 70,
  countGain: 80,
  countLoss: 90,
  adjustmentIn: 100,
  adjustmentOut: 110,
  /** A pick: storage → staging (a moved-out and a moved-in event). */
  pick: 120,
  /** A putaway: receiving → storage. */
  putaway: 130,
  /** A replenishment: storage → pick face. */
  replenishment: 140,
  /** A customer return received back onto a shelf (a return order's audit). */
  customerReturn: 150,
} as const;
export type FormTypeValue = (typeof FORM_TYPE)[keyof typeof FORM_TYPE];
/** What the dashboard counts as inbound and as outbound (moves are neither). */
export const INBOUND_FORM_TYPES: readonly number[] = [10, 20, 30];
export const OUTBOUND_FORM_TYPES: readonly number[] = [40, 50, 60];
/** Every form type the ledger knows, in the order the history filter lists them. */
export const ALL_FORM_TYPES: readonly number[] = Object.values(FORM_TYPE);

/** product.status */
export const PRODUCT_STATUS = { onShelf: 10, offShelf: 20 } as const;
/** unit, warehouse, warehouse area and shelf status. */
export const ENABLED_STATUS = { disabled: 0, enabled: 1 } as const;
/** category.status */
export const CATEGORY_STATUS = { hidden: 0, shown: 1 } as const;
/** warehouse.warehouse_type: own warehouse, third-party (outsourced) warehouse. */
export const WAREHOUSE_TYPE = { own: 1, thirdParty: 2 } as const;

/** warehouse_shelf.kind: where goods are in the flow. Only storage shelves offer stock to reservations. */
export const SHELF_KIND = { storage: 0, receiving: 1, staging: 2, hold: 3 } as const;
export const SHELF_KINDS = [0, 1, 2, 3] as const;
/** `warehouse_shelf.mixing` (§12): 0 any products, 1 one product, 2 one product and one lot. */
export const SHELF_MIXING = { any: 0, oneProduct: 1, oneLot: 2 } as const;
export const SHELF_MIXINGS = [0, 1, 2] as const;

/** outbound `fulfilment_status`: how far the order's directed fulfilment is. */
export const FULFILMENT_STATUS = { none: 0, reserved: 1, inWave: 2, picked: 3, packed: 4, shipped: 5 } as const;

/** return line `disposition`: back onto a storage shelf, onto a hold shelf, or scrapped (received, then adjusted out). */
export const RETURN_DISPOSITION = { restock: 1, hold: 2, scrap: 3 } as const;
export const RETURN_DISPOSITIONS = [1, 2, 3] as const;

/** wave `status`. */
export const WAVE_STATUS = { draft: 0, released: 1, picked: 2, shipped: 3, cancelled: 4 } as const;
/** task `type`: one engine for every kind of directed move. */
export const TASK_TYPE = { pick: 1, putaway: 2, replenishment: 3 } as const;
/** task `status`. */
export const TASK_STATUS = { open: 0, claimed: 1, done: 2, short: 3, cancelled: 4 } as const;
/** package `type`. */
export const PACKAGE_TYPE = { carton: 1, pallet: 2 } as const;
/** package `status`: open (packing into it), closed (sealed, weighed; its label printed). */
export const PACKAGE_STATUS = { open: 0, closed: 1 } as const;

/** member gender. */
export const GENDER = { unknown: 0, male: 1, female: 2 } as const;
