import { baseQuantity, LineUnitFields, UNIT_QUANTITY_MAX } from '../../../../contract/units';
import { OrderRuleError } from './order-errors';

export type { LineUnitFields } from '../../../../contract/units';

/** What a line, a count or a confirm names of a unit: the unit (0: the product's own) and how many of it. */
export interface UnitEntry {
  product_id?: number;
  unit_id?: number;
  unit_quantity?: number;
}

/** A unit of measure as the rule needs it. */
export interface KnownUnit {
  id: number;
  product_id: number;
  name: string;
  factor: number;
}

/** The fields of a line entered in the product's own unit. */
export const BASE_UNIT: LineUnitFields = { unit_id: 0, unit_quantity: 0, unit_name: '', factor: 1 };

/** Whether the entry names a quantity in a unit (`unit_quantity` given) rather than a base quantity. */
export const entersUnit = (entry: UnitEntry) => entry.unit_quantity !== undefined && entry.unit_quantity !== null;

/**
 * A quantity entered in a unit, at the boundary: quantity = unit_quantity × factor (base units, which the
 * domain and the ledger keep), and the unit as the line remembers it. `unit_id` 0 is the product's own unit
 * (factor 1, remembered as no unit). The unit must be one of the line's product's units; the base quantity
 * must stay within a line's bound. `position` is the line's number for the message.
 */
export function enterUnit(entry: UnitEntry, unit: KnownUnit | undefined, productId: number, position: number): { quantity: number; unit: LineUnitFields } {
  const unitQuantity = Number(entry.unit_quantity);
  if (!Number.isInteger(unitQuantity)) throw new OrderRuleError('line_needs_quantity', { line: position });
  if (!entry.unit_id) return { quantity: unitQuantity, unit: BASE_UNIT };
  if (!unit) throw new OrderRuleError('unknown_unit', { line: position });
  if (unit.product_id !== productId) throw new OrderRuleError('unit_not_of_product', { line: position, unit: unit.name });
  const quantity = baseQuantity(unitQuantity, unit.factor);
  if (quantity === null) throw new OrderRuleError('unit_quantity_too_large', { line: position, max: UNIT_QUANTITY_MAX });
  return { quantity, unit: { unit_id: unit.id, unit_quantity: unitQuantity, unit_name: unit.name, factor: unit.factor } };
}

/** The unit a ledger event keeps for a line: its name and factor when it was entered in one, else none (the product's own). */
export function eventUnitOf(line: Partial<LineUnitFields>): { unit?: { name: string; factor: number } } {
  return line.unit_id && line.unit_name && (line.factor ?? 1) > 1 ? { unit: { name: line.unit_name, factor: Number(line.factor) } } : {};
}
