import { applicableRules, checkPutawayTarget, PutawayRuleState, PutawayShelf, reorderSuggestion, replenishmentNeed, suggestPutaway } from './putaway';

const shelf = (id: number, over: Partial<PutawayShelf> = {}): PutawayShelf => ({ id, warehouse_area_id: 1, capacity: 100, mixing: 0, contents: [], ...over });
const rule = (over: Partial<PutawayRuleState>): PutawayRuleState => ({ id: 1, product_id: 0, category_id: 0, warehouse_area_id: 0, shelf_ids: [], priority: 0, ...over });
const request = { product_id: 5, lot_no: '', quantity: 250, categories: [30, 3] };

describe('suggestPutaway', () => {
  it('given three shelves of 100, one holding 30 of the product, when 250 are put away, then 70, 100 and 80 (consolidation first)', () => {
    const shelves = [shelf(1), shelf(2, { contents: [{ product_id: 5, lot_no: '', quantity: 30 }] }), shelf(3)];
    expect(suggestPutaway(request, [rule({ product_id: 5 })], shelves)).toEqual({
      lines: [
        { warehouse_shelf_id: 2, quantity: 70 },
        { warehouse_shelf_id: 1, quantity: 100 },
        { warehouse_shelf_id: 3, quantity: 80 },
      ],
      unplaced: 0,
    });
  });

  it('given open tasks into a shelf, when suggested, then its room counts them and the rest is unplaced', () => {
    const shelves = [shelf(1, { contents: [{ product_id: 5, lot_no: '', quantity: 90 }] }), shelf(2, { contents: [{ product_id: 9, lot_no: '', quantity: 10 }] })];
    expect(suggestPutaway({ ...request, quantity: 50 }, [rule({ product_id: 5 })], shelves)).toEqual({ lines: [{ warehouse_shelf_id: 1, quantity: 10 }], unplaced: 40 });
  });

  it('given mixing 1 and 2, when suggested, then a shelf with another product (or, under 2, another lot) is skipped', () => {
    const other = [{ product_id: 9, lot_no: '', quantity: 1 }];
    const lotA = [{ product_id: 5, lot_no: 'A', quantity: 1 }];
    expect(suggestPutaway({ ...request, quantity: 5, lot_no: 'B' }, [rule({ product_id: 5 })], [shelf(1, { mixing: 1, contents: other }), shelf(2, { mixing: 2, contents: lotA }), shelf(3, { mixing: 2 })])).toEqual({
      lines: [{ warehouse_shelf_id: 3, quantity: 5 }],
      unplaced: 0,
    });
    // mixing 1 takes another lot of the same product
    expect(suggestPutaway({ ...request, quantity: 5, lot_no: 'B' }, [rule({ product_id: 5 })], [shelf(1, { mixing: 1, contents: lotA })]).lines).toEqual([{ warehouse_shelf_id: 1, quantity: 5 }]);
  });

  it('given rules for the product, its category and an ancestor, when ordered, then product first, then category, then ancestor, each by priority', () => {
    const rules = [rule({ id: 1, category_id: 3, priority: 9 }), rule({ id: 2, category_id: 30, priority: 1 }), rule({ id: 3, product_id: 5, priority: 1 }), rule({ id: 4, product_id: 5, priority: 5 }), rule({ id: 5, category_id: 77 })];
    expect(applicableRules(rules, 5, [30, 3]).map((r) => r.id)).toEqual([4, 3, 2, 1]);
  });

  it('given a rule naming shelves or an area, when suggested, then only those are used', () => {
    const shelves = [shelf(1), shelf(2, { warehouse_area_id: 2 }), shelf(3, { warehouse_area_id: 2 })];
    expect(suggestPutaway({ ...request, quantity: 150 }, [rule({ category_id: 3, warehouse_area_id: 2 })], shelves).lines.map((l) => l.warehouse_shelf_id)).toEqual([2, 3]);
    expect(suggestPutaway({ ...request, quantity: 150 }, [rule({ category_id: 3, shelf_ids: [3] })], shelves)).toEqual({ lines: [{ warehouse_shelf_id: 3, quantity: 100 }], unplaced: 50 });
  });

  it('given no rule, when suggested, then only shelves already holding the product, capacity 0 being unlimited', () => {
    const shelves = [shelf(1), shelf(2, { capacity: 0, contents: [{ product_id: 5, lot_no: '', quantity: 1 }] })];
    expect(suggestPutaway(request, [], shelves)).toEqual({ lines: [{ warehouse_shelf_id: 2, quantity: 250 }], unplaced: 0 });
    expect(suggestPutaway(request, [], [shelf(1)])).toEqual({ lines: [], unplaced: 250 });
  });
});

describe('checkPutawayTarget', () => {
  const full = shelf(1, { capacity: 10, contents: [{ product_id: 5, lot_no: '', quantity: 8 }] });
  it('given room, when checked, then it passes unforced', () => {
    expect(checkPutawayTarget(full, 5, '', 2, { force: false, reason: '' })).toBe(false);
  });
  it('given too little room or a refused mixing, when not forced or forced without a reason, then it is refused', () => {
    expect(() => checkPutawayTarget(full, 5, '', 3, { force: false, reason: '' })).toThrow('orders.putaway_over_capacity');
    expect(() => checkPutawayTarget(shelf(2, { mixing: 1, contents: [{ product_id: 9, lot_no: '', quantity: 1 }] }), 5, '', 1, { force: false, reason: '' })).toThrow('orders.putaway_mixing');
    expect(() => checkPutawayTarget(full, 5, '', 3, { force: true, reason: ' ' })).toThrow('orders.putaway_force_needs_reason');
    expect(checkPutawayTarget(full, 5, '', 3, { force: true, reason: 'Overflow pallet' })).toBe(true);
  });
});

describe('reorderSuggestion and replenishmentNeed', () => {
  it('given on hand 30, pending 20, reserved 10, min 50, max 200, multiple 12, when suggested, then 168', () => {
    expect(reorderSuggestion({ on_hand: 30, inbound_pending: 20, reserved: 10, min: 50, max: 200, multiple: 12 })).toEqual({ position: 40, suggested: 168 });
    expect(reorderSuggestion({ on_hand: 50, inbound_pending: 0, reserved: 0, min: 50, max: 200, multiple: 12 })).toEqual({ position: 50, suggested: 0 });
  });
  it('given a face below min counting what is incoming, when asked, then max − (available + incoming)', () => {
    expect(replenishmentNeed({ min: 10, max: 50 }, 4, 0)).toBe(46);
    expect(replenishmentNeed({ min: 10, max: 50 }, 4, 46)).toBe(0);
  });
});
