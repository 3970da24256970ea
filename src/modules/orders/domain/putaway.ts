import { SHELF_MIXING } from '../../../../contract/enums';
import { OrderRuleError } from './order-errors';

/** What lies on a shelf or is on its way there (an open putaway or replenishment task into it). */
export interface ShelfContent {
  product_id: number;
  lot_no: string;
  quantity: number;
}

/** A storage shelf as a putaway decides on it; the caller lists them in pick-path order. */
export interface PutawayShelf {
  id: number;
  warehouse_area_id: number;
  /** Units at most (0: unlimited). */
  capacity: number;
  /** 0 any, 1 one product, 2 one product and one lot. */
  mixing: number;
  contents: ShelfContent[];
}

/** A putaway rule: for a product or a category, onto listed shelves, else an area, else the whole warehouse. */
export interface PutawayRuleState {
  id: number;
  product_id: number;
  category_id: number;
  warehouse_area_id: number;
  shelf_ids: number[];
  priority: number;
}

export interface PutawayRequest {
  product_id: number;
  lot_no: string;
  quantity: number;
  /** The product's category, then its parent, up to the root. */
  categories: number[];
}

export interface PutawaySuggestion {
  lines: Array<{ warehouse_shelf_id: number; quantity: number }>;
  unplaced: number;
}

const sameLot = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();
const present = (shelf: PutawayShelf) => shelf.contents.filter((c) => c.quantity > 0);

/** Units on the shelf and on their way to it. */
export const usedOf = (shelf: Pick<PutawayShelf, 'contents'>) => shelf.contents.reduce((sum, c) => sum + Math.max(0, c.quantity), 0);

/** Room left: capacity − (stock + open tasks into it); unlimited when the capacity is 0. */
export const roomOf = (shelf: Pick<PutawayShelf, 'capacity' | 'contents'>) => (shelf.capacity > 0 ? Math.max(0, shelf.capacity - usedOf(shelf)) : Number.POSITIVE_INFINITY);

/** Whether the shelf's mixing lets this product (and lot) join what is there. */
export function mixingAllows(shelf: Pick<PutawayShelf, 'mixing' | 'contents'>, productId: number, lotNo: string): boolean {
  const there = shelf.contents.filter((c) => c.quantity > 0);
  if (shelf.mixing === SHELF_MIXING.oneProduct) return there.every((c) => c.product_id === productId);
  if (shelf.mixing === SHELF_MIXING.oneLot) return there.every((c) => c.product_id === productId && sameLot(c.lot_no, lotNo));
  return true;
}

/** The shelf already holds the product (and, under mixing 2, the lot). */
export function holds(shelf: PutawayShelf, productId: number, lotNo: string): boolean {
  return present(shelf).some((c) => c.product_id === productId && (shelf.mixing !== SHELF_MIXING.oneLot || sameLot(c.lot_no, lotNo)));
}

/** The rules that apply, in the order they are tried: the product's by priority, then its category's and each ancestor's. */
export function applicableRules(rules: readonly PutawayRuleState[], productId: number, categories: readonly number[]): PutawayRuleState[] {
  const byPriority = (list: PutawayRuleState[]) => list.sort((a, b) => b.priority - a.priority || a.id - b.id);
  const own = byPriority(rules.filter((r) => r.product_id && r.product_id === productId));
  const inherited = categories.flatMap((category) => byPriority(rules.filter((r) => !r.product_id && r.category_id && r.category_id === category)));
  return [...own, ...inherited];
}

/**
 * Where a quantity of a product goes (§12): the applicable rules in order; within a rule, its shelves that
 * already hold the product first, then empty ones, each in pick-path order, each up to its room and only where
 * its mixing allows. No rule applies → the warehouse's storage shelves already holding the product. What fits
 * nowhere is `unplaced`. `shelves` are the warehouse's enabled storage shelves in pick-path order; their
 * contents count the open tasks into them, so two suggestions one after the other never share a room.
 */
export function suggestPutaway(request: PutawayRequest, rules: readonly PutawayRuleState[], shelves: readonly PutawayShelf[]): PutawaySuggestion {
  if (!Number.isInteger(request.quantity) || request.quantity < 1) throw new OrderRuleError('line_needs_quantity', { line: 1 });
  const working = shelves.map((s) => ({ ...s, contents: s.contents.map((c) => ({ ...c })) }));
  const placed = new Map<number, number>();
  let left = request.quantity;
  const place = (candidates: PutawayShelf[]) => {
    for (const shelf of candidates) {
      if (!left) return;
      if (!mixingAllows(shelf, request.product_id, request.lot_no)) continue;
      const take = Math.min(left, roomOf(shelf));
      if (take <= 0) continue;
      left -= take;
      placed.set(shelf.id, (placed.get(shelf.id) ?? 0) + take);
      shelf.contents.push({ product_id: request.product_id, lot_no: request.lot_no, quantity: take });
    }
  };
  const applicable = applicableRules(rules, request.product_id, request.categories);
  if (!applicable.length) place(working.filter((s) => holds(s, request.product_id, request.lot_no)));
  for (const rule of applicable) {
    if (!left) break;
    const listed = new Set(rule.shelf_ids);
    const scope = working.filter((s) => (listed.size ? listed.has(s.id) : !rule.warehouse_area_id || s.warehouse_area_id === rule.warehouse_area_id));
    // consolidation first, then empty shelves; both in pick-path order (the list's order)
    place(scope.filter((s) => holds(s, request.product_id, request.lot_no)));
    place(scope.filter((s) => !present(s).length));
  }
  return { lines: [...placed].map(([warehouse_shelf_id, quantity]) => ({ warehouse_shelf_id, quantity })), unplaced: left };
}

/**
 * A putaway onto a shelf other than the suggested one: within its room and its mixing, else only when
 * forced with a reason. Answers whether it exceeds (so the caller can record the override).
 */
export function checkPutawayTarget(shelf: PutawayShelf, productId: number, lotNo: string, quantity: number, force: { force: boolean; reason: string }): boolean {
  const exceeds = quantity > roomOf(shelf) || !mixingAllows(shelf, productId, lotNo);
  if (!exceeds) return false;
  if (!force.force) throw new OrderRuleError(mixingAllows(shelf, productId, lotNo) ? 'putaway_over_capacity' : 'putaway_mixing', { room: Number.isFinite(roomOf(shelf)) ? roomOf(shelf) : 0 });
  if (!force.reason.trim()) throw new OrderRuleError('putaway_force_needs_reason');
  return true;
}

/** Rules as stored: `shelf_ids` a comma list. */
export function shelfIdsOf(text: unknown): number[] {
  return String(text ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** Reorder (§12): position = on hand + inbound pending − reserved; below min → (max − position) rounded up to a multiple. */
export function reorderSuggestion(figures: { on_hand: number; inbound_pending: number; reserved: number; min: number; max: number; multiple: number }): { position: number; suggested: number } {
  const position = figures.on_hand + figures.inbound_pending - figures.reserved;
  if (position >= figures.min) return { position, suggested: 0 };
  const multiple = Math.max(1, figures.multiple);
  const need = Math.max(0, figures.max - position);
  return { position, suggested: Math.ceil(need / multiple) * multiple };
}

/** Replenishment (§12): a face whose available + incoming is below min needs max − (available + incoming). */
export function replenishmentNeed(face: { min: number; max: number }, available: number, incoming: number): number {
  const have = available + incoming;
  return have < face.min ? Math.max(0, face.max - have) : 0;
}
