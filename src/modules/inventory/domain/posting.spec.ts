import { LotFacts, NO_LOT, StockEventType, streamIdOf } from './stock-movement';
import { snapshot } from './testing/snapshot';
import { lotKeyOf, MovementRequest, pairKeyOf, PostingInput, planPosting, postingKeys, StreamRow } from './posting';

const lot = (lot_no: string, expiry_date = '', lot_received_at = 1): LotFacts => ({ lot_no, production_date: '', expiry_date, lot_received_at });
const stream = (id: number, product: number, shelf: number, quantity: number, version: number, facts: LotFacts = NO_LOT): StreamRow => ({ id, product_id: product, warehouse_shelf_id: shelf, quantity, version, ...facts });
const receive = (product: number, shelf: number, quantity: number, over: Partial<MovementRequest> = {}): MovementRequest => ({ type: StockEventType.received, formType: 10, productId: product, shelfId: shelf, quantity, price: '2.00', ...over });
const issue = (product: number, shelf: number, quantity: number, over: Partial<MovementRequest> = {}): MovementRequest => ({ type: StockEventType.issued, formType: 40, productId: product, shelfId: shelf, quantity: -quantity, price: '2.00', ...over });

/** given the streams and lots the ledger read, when these requests are planned: the plan. */
function given(streams: StreamRow[], registered: Array<[number, LotFacts]> = [], today = '2026-06-01', shelfKinds: Array<[number, number]> = []) {
  return {
    when(requests: MovementRequest[]) {
      const keys = postingKeys(requests);
      const input: PostingInput = {
        requests,
        keys,
        snapshots: new Map(keys.pairs.map((p) => [pairKeyOf(p.productId, p.shelfId), snapshot(p.productId, p.shelfId)])),
        streams: new Map(streams.map((s) => [streamIdOf(s.product_id, s.warehouse_shelf_id, s.lot_no), s])),
        registered: new Map(registered.map(([product, facts]) => [lotKeyOf(product, facts.lot_no), facts])),
        today,
        shelfKinds: new Map(shelfKinds),
      };
      return { plan: () => planPosting(input), input };
    },
  };
}

describe('planning a posting (reads → plan → writes: the plan)', () => {
  it('given an empty shelf, when goods are received, then a new stream at version 1 with the balance, and the product total', () => {
    const plan = given([]).when([receive(1, 1, 5)]).plan();
    expect(plan.placed.map((m) => [m.streamId, m.version, m.balance, m.quantity])).toEqual([['stock-1-1', 1, 5, 5]]);
    expect(plan.streams).toEqual([expect.objectContaining({ streamId: 'stock-1-1', rowId: null, state: { quantity: 5, version: 1 }, lot: NO_LOT })]);
    expect(plan.allocations).toEqual([[{ lot_no: '', quantity: 5 }]]);
    expect([...plan.totals]).toEqual([[1, 5]]);
  });

  it('given a stream at version 4, when two requests touch it, then they take versions 5 and 6 in request order', () => {
    const plan = given([stream(9, 1, 1, 10, 4)]).when([issue(1, 1, 3, { lotNo: '' }), receive(1, 1, 2)]).plan();
    expect(plan.placed.map((m) => [m.version, m.balance])).toEqual([
      [5, 7],
      [6, 9],
    ]);
    expect(plan.streams).toEqual([expect.objectContaining({ rowId: 9, state: { quantity: 9, version: 6 } })]);
  });

  it('given lots with and without expiry and an expired one, when goods leave without a lot, then first-expiry-first-out, never the expired lot', () => {
    const streams = [stream(1, 1, 1, 4, 1, lot('OLD', '2026-05-01')), stream(2, 1, 1, 3, 2, lot('SOON', '2026-07-01')), stream(3, 1, 1, 5, 1, lot('LATER', '2026-09-01')), stream(4, 1, 1, 9, 1, lot('NONE'))];
    const plan = given(streams).when([issue(1, 1, 6)]).plan();
    expect(plan.allocations).toEqual([
      [
        { lot_no: 'SOON', quantity: 3 },
        { lot_no: 'LATER', quantity: 3 },
      ],
    ]);
    expect(plan.placed.map((m) => [m.lot.lot_no, m.quantity, m.version, m.balance])).toEqual([
      ['SOON', -3, 3, 0],
      ['LATER', -3, 2, 2],
    ]);
  });

  it('given only an expired lot besides too little, when more leaves than the unexpired lots hold, then it is refused naming the expired lot', () => {
    const streams = [stream(1, 1, 1, 4, 1, lot('OLD', '2026-05-01')), stream(2, 1, 1, 1, 1, lot('NEW', '2026-08-01'))];
    expect(() => given(streams).when([issue(1, 1, 2)]).plan()).toThrow(expect.objectContaining({ messageKey: 'lots.insufficient_unexpired_stock', args: expect.objectContaining({ available: 1, requested: 2, expired: 'OLD (2026-05-01)' }) }));
  });

  it('given a named lot, when it leaves, then exactly that stream, expired or not; below zero is refused with the lot', () => {
    const streams = [stream(1, 1, 1, 4, 1, lot('OLD', '2026-05-01')), stream(2, 1, 1, 9, 1, lot('NEW', '2026-08-01'))];
    expect(given(streams).when([issue(1, 1, 4, { lotNo: 'old' })]).plan().allocations).toEqual([[{ lot_no: 'OLD', quantity: 4 }]]);
    expect(() => given(streams).when([issue(1, 1, 5, { lotNo: 'OLD' })]).plan()).toThrow(expect.objectContaining({ messageKey: 'lots.insufficient_lot_stock', args: expect.objectContaining({ lot: 'OLD', available: 4, requested: 5 }) }));
  });

  it('given a move, when it is planned, then each lot taken leaves the source and arrives on the target with its facts', () => {
    const streams = [stream(1, 1, 1, 2, 3, lot('A', '2026-07-01')), stream(2, 1, 1, 5, 1, lot('B', '2026-08-01'))];
    const plan = given(streams).when([{ ...issue(1, 1, 4), type: StockEventType.movedOut, formType: 70, to: { shelfId: 2, type: StockEventType.movedIn } }]).plan();
    expect(plan.placed.map((m) => [m.streamId, m.type, m.quantity, m.version, m.balance])).toEqual([
      ['stock-1-1-A', StockEventType.movedOut, -2, 4, 0],
      ['stock-1-2-A', StockEventType.movedIn, 2, 1, 2],
      ['stock-1-1-B', StockEventType.movedOut, -2, 2, 3],
      ['stock-1-2-B', StockEventType.movedIn, 2, 1, 2],
    ]);
    expect(plan.streams.find((s) => s.streamId === 'stock-1-2-A')).toMatchObject({ rowId: null, lot: lot('A', '2026-07-01'), snapshot: expect.objectContaining({ warehouse_shelf_id: 2 }) });
    expect([...plan.totals]).toEqual([[1, 0]]);
  });

  it('given a registered lot, when it is received again with the same dates or none, then the first receipt\'s facts; with other dates, refused', () => {
    const registered: Array<[number, LotFacts]> = [[1, { lot_no: 'L1', production_date: '2026-01-01', expiry_date: '2027-01-01', lot_received_at: 100 }]];
    const plan = given([], registered).when([receive(1, 1, 3, { lotNo: 'l1', expiryDate: '2027-01-01' })]).plan();
    expect(plan.placed[0].lot).toEqual(registered[0][1]);
    expect(() => given([], registered).when([receive(1, 1, 3, { lotNo: 'L1', expiryDate: '2027-02-01' })]).plan()).toThrow(
      expect.objectContaining({ messageKey: 'lots.dates_contradict_first_receipt', args: { product: 'P1 (NO1)', lot: 'L1', production: '2026-01-01', expiry: '2027-01-01' } }),
    );
  });

  it('names what the ledger must read first, and refuses a bad lot number or an unknown product or shelf', () => {
    expect(postingKeys([receive(1, 1, 2, { lotNo: ' a1 ', productionDate: '2026-01-02' }), { ...issue(2, 1, 1), to: { shelfId: 3, type: StockEventType.movedIn } }])).toEqual({
      pairs: [
        { productId: 1, shelfId: 1 },
        { productId: 2, shelfId: 1 },
        { productId: 2, shelfId: 3 },
      ],
      lots: ['A1', ''],
      receipts: [{ productId: 1, shelfId: 1, lotNo: 'A1', productionDate: '2026-01-02', expiryDate: '' }],
    });
    expect(() => postingKeys([receive(1, 1, 1, { lotNo: 'bad lot!' })])).toThrow(expect.objectContaining({ messageKey: 'lots.bad_lot_no' }));
    const { input } = given([]).when([receive(1, 1, 1)]);
    expect(() => planPosting({ ...input, snapshots: new Map() })).toThrow(expect.objectContaining({ messageKey: 'inventory.unknown_product_or_shelf', args: { product: 1, shelf: 1 } }));
  });

  it('given a blocked lot, when goods leave without a lot, then first-expiry-first-out skips it; naming it is refused; an adjustment may take it', () => {
    const streams = [{ ...stream(1, 1, 1, 4, 1, lot('RECALL', '2026-07-01')), blocked: true }, stream(2, 1, 1, 5, 1, lot('GOOD', '2026-09-01'))];
    expect(given(streams).when([issue(1, 1, 3)]).plan().allocations).toEqual([[{ lot_no: 'GOOD', quantity: 3 }]]);
    expect(() => given(streams).when([issue(1, 1, 6)]).plan()).toThrow('inventory.insufficient_stock');
    expect(() => given(streams).when([issue(1, 1, 1, { lotNo: 'RECALL' })]).plan()).toThrow('lots.lot_blocked');
    expect(given(streams).when([issue(1, 1, 1, { lotNo: 'RECALL', formType: 110 })]).plan().allocations).toEqual([[{ lot_no: 'RECALL', quantity: 1 }]]);
  });

  it('given a hold shelf, when an order takes from it, then refused; a move may take from it, and a blocked lot may move only into a hold shelf', () => {
    const streams = [stream(1, 1, 1, 4, 1, lot('L1')), { ...stream(2, 1, 2, 4, 1, lot('RECALL')), blocked: true }];
    const kinds: Array<[number, number]> = [[1, 3], [2, 0], [3, 3]];
    expect(() => given(streams, [], '2026-06-01', kinds).when([issue(1, 1, 1, { lotNo: 'L1' })]).plan()).toThrow('lots.hold_shelf');
    const move = (from: number, to: number, lotNo: string) => issue(1, from, 1, { lotNo, formType: 70, to: { shelfId: to, type: StockEventType.movedIn } });
    expect(given(streams, [], '2026-06-01', kinds).when([move(1, 2, 'L1')]).plan().allocations).toEqual([[{ lot_no: 'L1', quantity: 1 }]]);
    expect(() => given(streams, [], '2026-06-01', [...kinds, [4, 0]]).when([move(2, 4, 'RECALL')]).plan()).toThrow('lots.lot_blocked');
    expect(given(streams, [], '2026-06-01', kinds).when([move(2, 3, 'RECALL')]).plan().allocations).toEqual([[{ lot_no: 'RECALL', quantity: 1 }]]);
  });
});
