import { balancesToRead, cancelStocktake, CountBooks, countStocktake, figuresHidden, lineFigures, postStocktake, shelfInScope, startStocktake, Stocktake, StocktakeLine, varianceAmount } from './stocktake';
import { auditAdjustment, checkAdjustmentLines } from './adjustment';

const count = (over: Partial<Stocktake> = {}): Stocktake => ({
  id: 1,
  stocktake_no: 'PD20261125-0001',
  warehouse_id: 1,
  warehouse_area_id: 0,
  warehouse_shelf_id: 0,
  category_id: 0,
  blind: 0,
  status: 1,
  remark: '',
  admin_id: 1,
  start_time: 1,
  start_admin_id: 1,
  post_time: null,
  post_admin_id: 0,
  createtime: 1,
  updatetime: 1,
  ...over,
});
const line = (id: number, over: Partial<StocktakeLine> = {}): StocktakeLine => ({
  id,
  stocktake_id: 1,
  product_id: id,
  warehouse_shelf_id: 1,
  lot_no: '',
  book_quantity: 10,
  book_version: 3,
  counted_quantity: null,
  counted_version: null,
  expected_quantity: null,
  variance: null,
  price: '2.50',
  found: 0,
  count_admin_id: 0,
  counttime: null,
  ...over,
});
const shelves = new Map([
  [1, { id: 1, warehouse_id: 1, warehouse_area_id: 1 }],
  [2, { id: 2, warehouse_id: 1, warehouse_area_id: 2 }],
  [9, { id: 9, warehouse_id: 2, warehouse_area_id: 5 }],
]);

describe('a count', () => {
  it('starts from a draft with the book of every stream', () => {
    const lines = startStocktake(count({ status: 0 }), [{ product_id: 7, warehouse_shelf_id: 1, lot_no: 'L1', quantity: 4, version: 2 }], () => '1.00');
    expect(lines).toEqual([expect.objectContaining({ product_id: 7, lot_no: 'L1', book_quantity: 4, book_version: 2, counted_quantity: null, found: 0, price: '1.00' })]);
    expect(() => startStocktake(count({ status: 1 }), [], () => '0')).toThrow(expect.objectContaining({ messageKey: 'stocktake.already_started' }));
  });

  it('scopes found items by warehouse, area and shelf', () => {
    expect(shelfInScope(count(), shelves.get(2))).toBe(true);
    expect(shelfInScope(count({ warehouse_area_id: 1 }), shelves.get(2))).toBe(false);
    expect(shelfInScope(count({ warehouse_shelf_id: 1 }), shelves.get(1))).toBe(true);
    expect(shelfInScope(count(), shelves.get(9))).toBe(false);
  });

  it('counts its own lines, turns a found item on a known stream into that line, refuses the rest', () => {
    const lines = [line(1), line(2)];
    const { counted, found } = countStocktake(count(), lines, [{ id: 1, counted_quantity: 3 }, { product_id: 2, warehouse_shelf_id: 1, lot_no: '', counted_quantity: 8 }, { product_id: 5, warehouse_shelf_id: 2, lot_no: '', counted_quantity: 1 }], shelves);
    expect([...counted]).toEqual([
      [1, 3],
      [2, 8],
    ]);
    expect(found).toEqual([{ product_id: 5, warehouse_shelf_id: 2, lot_no: '', counted_quantity: 1 }]);
    expect(() => countStocktake(count(), lines, [{ id: 3, counted_quantity: 1 }], shelves)).toThrow(expect.objectContaining({ messageKey: 'stocktake.line_not_in_count' }));
    expect(() => countStocktake(count(), lines, [{ id: 1, counted_quantity: -1 }], shelves)).toThrow(expect.objectContaining({ messageKey: 'stocktake.negative_count' }));
    expect(() => countStocktake(count(), lines, [{ product_id: 5, warehouse_shelf_id: 9, lot_no: '', counted_quantity: 1 }], shelves)).toThrow(expect.objectContaining({ messageKey: 'stocktake.found_out_of_scope' }));
    expect(() => countStocktake(count({ status: 2 }), lines, [{ id: 1, counted_quantity: 1 }], shelves)).toThrow(expect.objectContaining({ messageKey: 'stocktake.already_posted' }));
  });

  const books = (now: Array<[string, number, number]> = [], balances: Array<[string, number]> = []): CountBooks => ({
    now: new Map(now.map(([key, quantity, version]) => [key, { quantity, version }])),
    balances: new Map(balances),
  });

  it('posts counted − the book at the version each line was counted at', () => {
    const lines = [
      // book 10 at v3; 3 issued and 2 received (v5: 9) before it was counted 9 → nothing to post
      line(1, { counted_quantity: 9, counted_version: 5 }),
      // counted 12 before anything moved (still v3): +2 against the book at start, no ledger read
      line(2, { counted_quantity: 12, counted_version: 3 }),
      // book 100, counted 100 at v3, then 7 shipped (the stream is at 93 now): the shipment is no gain
      line(4, { book_quantity: 100, counted_quantity: 100, counted_version: 3 }),
      // found where the stream was empty (v0): its book is 0
      line(3, { book_quantity: 0, book_version: 0, found: 1, counted_quantity: 2, counted_version: 0 }),
    ];
    const given = books([['4@1#', 93, 4]], [['1@1#@v5', 9]]);
    expect(balancesToRead(lines, given.now).map(({ line, version }) => [line.id, version])).toEqual([[1, 5]]);
    expect(postStocktake(count(), lines, given)).toEqual([
      { id: 1, expected_quantity: 9, variance: 0 },
      { id: 2, expected_quantity: 10, variance: 2 },
      { id: 4, expected_quantity: 100, variance: 0 },
      { id: 3, expected_quantity: 0, variance: 2 },
    ]);
  });

  it('takes a line counted before versions were kept at its stream now; shows a line not counted yet at the stock now', () => {
    const given = books([['1@1#', 8, 6], ['2@1#', 11, 7]], [['1@1#@v6', 8]]);
    const legacy = line(1, { counted_quantity: 7, counted_version: null });
    expect(balancesToRead([legacy], given.now)).toEqual([{ line: legacy, version: 6 }]);
    expect(lineFigures(legacy, given)).toEqual({ expected_quantity: 8, variance: -1 });
    expect(lineFigures(line(2), given)).toEqual({ expected_quantity: 11, variance: null });
    expect(() => lineFigures(line(5, { counted_quantity: 1, counted_version: 9 }), given)).toThrow(/no event at version 9/);
  });

  it('posts only a counting count with every line counted; cancels drafts and counting counts only', () => {
    expect(() => postStocktake(count(), [line(1), line(2, { counted_quantity: 1, counted_version: 3 })], books())).toThrow(expect.objectContaining({ messageKey: 'stocktake.uncounted_lines', args: { count: 1 } }));
    expect(() => postStocktake(count({ status: 3 }), [], books())).toThrow(expect.objectContaining({ messageKey: 'stocktake.already_cancelled' }));
    expect(() => postStocktake(count({ status: 0 }), [], books())).toThrow(expect.objectContaining({ messageKey: 'stocktake.not_started' }));
    expect(cancelStocktake(count({ status: 0 }))).toBe(3);
    expect(() => cancelStocktake(count({ status: 2 }))).toThrow(expect.objectContaining({ messageKey: 'stocktake.already_posted' }));
  });

  it('hides the figures of a blind count until it is posted', () => {
    expect([0, 1, 2, 3].map((status) => figuresHidden(count({ blind: 1, status })))).toEqual([true, true, false, true]);
    expect([0, 1, 2, 3].map((status) => figuresHidden(count({ blind: 0, status })))).toEqual([false, false, false, false]);
  });

  it('values variances exactly', () => {
    expect(varianceAmount(-3, '19.99')).toBe('-59.97');
    expect(varianceAmount(7, '0.10')).toBe('0.70');
  });
});

describe('an adjustment', () => {
  const enabled = new Map([[1, { id: 1, name: 'S1', enabled: true }]]);
  const adj = (quantity: number, reason = 'damaged') => ({ id: 1, product_id: 3, warehouse_shelf_id: 1, lot_no: '', quantity, reason, price: '0.00', total_price: '0.00' });

  it('answers signed changes at the product price', () => {
    expect(auditAdjustment({ audit_status: 0 }, [adj(-2), adj(5, 'found')], enabled, () => '1.50')).toEqual([
      { productId: 3, shelfId: 1, quantity: -2, price: '1.50' },
      { productId: 3, shelfId: 1, quantity: 5, price: '1.50' },
    ]);
  });

  it.each([
    [[adj(0)], 'orders.adjustment_zero_quantity'],
    [[adj(1.5)], 'orders.adjustment_zero_quantity'],
    [[adj(1, 'stolen')], 'orders.adjustment_unknown_reason'],
    [[], 'orders.no_lines'],
  ])('refuses %p: %s', (lines, key) => {
    expect(() => checkAdjustmentLines(lines)).toThrow(expect.objectContaining({ messageKey: key }));
  });
});
