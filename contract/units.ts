/**
 * Units of measure (`wms.ProductUnit`): a product's pallet, case or inner pack is a whole number (`factor`,
 * at least 2) of the product's own unit, which has factor 1. Lines entered in a unit send `unit_id` and
 * `unit_quantity` instead of a quantity; the server keeps base quantities (quantity = unit_quantity × factor)
 * and remembers the unit each line and ledger event was entered in.
 */

/** A unit as `wms.ProductUnit/index` lists it (and a scanned unit bar code names it). */
export interface ProductUnitRow {
  id: number;
  product_id: number;
  name: string;
  /** Base units in one of this unit (≥ 2). */
  factor: number;
  /** null when the unit has no bar code of its own. */
  bar_code: string | null;
}

/** The unit of a scan or a line: id 0 is the product's own unit (factor 1). */
export interface EnteredUnit {
  id: number;
  name: string;
  factor: number;
  bar_code?: string | null;
}

export const UNIT_FACTOR_MIN = 2;
/** A factor above this would let one line overflow a quantity column (a pallet of a million pieces is the most). */
export const UNIT_FACTOR_MAX = 1_000_000;
/** The most units one line may count (× factor still bounded by the quantity columns). */
export const UNIT_QUANTITY_MAX = 1_000_000_000;

/** Base quantity of `unitQuantity` units of `factor`; null when the product is not a safe integer. */
export function baseQuantity(unitQuantity: number, factor: number): number | null {
  const quantity = unitQuantity * factor;
  return Number.isSafeInteger(quantity) && Math.abs(quantity) <= UNIT_QUANTITY_MAX ? quantity : null;
}

/** The unit fields a line answers (0, 0, '', 1 when it was entered in the product's own unit). */
export interface LineUnitFields {
  unit_id: number;
  unit_quantity: number;
  unit_name: string;
  factor: number;
}
