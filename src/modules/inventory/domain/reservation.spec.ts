import { planReservations, ReservableStream } from './reservation';

const stream = (id: number, over: Partial<ReservableStream>): ReservableStream => ({
  id,
  product_id: 1,
  warehouse_shelf_id: id,
  lot_no: '',
  expiry_date: '',
  lot_received_at: 0,
  quantity: 10,
  reserved: 0,
  offers: true,
  blocked: false,
  area_path: 'A',
  shelf_path: `S${id}`,
  ...over,
});
const today = '2026-11-29';

describe('planReservations', () => {
  it('given lots with and without expiry, when a line reserves, then the earliest expiry comes first and no expiry last', () => {
    const plan = planReservations(
      [{ lineId: 1, productId: 1, quantity: 12, shelfId: 0 }],
      [stream(1, { lot_no: 'L3' }), stream(2, { lot_no: 'L2', expiry_date: '2027-05-01' }), stream(3, { lot_no: 'L1', expiry_date: '2027-01-01', quantity: 5 })],
      today,
    );
    expect(plan[0].parts.map((p) => [p.lot_no, p.quantity])).toEqual([
      ['L1', 5],
      ['L2', 7],
    ]);
    expect(plan[0].short).toBe(0);
  });

  it('given streams without lots, when a line reserves, then it follows the pick path (area, then shelf code in natural order)', () => {
    const plan = planReservations(
      [{ lineId: 1, productId: 1, quantity: 25, shelfId: 0 }],
      [stream(1, { area_path: 'B', shelf_path: 'S1' }), stream(2, { shelf_path: 'S10' }), stream(3, { shelf_path: 'S2' })],
      today,
    );
    expect(plan[0].parts.map((p) => [p.warehouse_shelf_id, p.quantity])).toEqual([
      [3, 10],
      [2, 10],
      [1, 5],
    ]);
  });

  it('given reserved stock, expired lots and shelves that offer nothing, when lines reserve, then only what is available is taken and the rest is short', () => {
    const plan = planReservations(
      [
        { lineId: 1, productId: 1, quantity: 4, shelfId: 0 },
        { lineId: 2, productId: 1, quantity: 4, shelfId: 0 },
      ],
      [stream(1, { reserved: 5 }), stream(2, { offers: false }), stream(3, { lot_no: 'OLD', expiry_date: '2026-01-01' })],
      today,
    );
    expect(plan.map((l) => [l.parts.reduce((s, p) => s + p.quantity, 0), l.short])).toEqual([
      [4, 0],
      [1, 3],
    ]);
  });

  it('given a line naming its shelf and lot, when it reserves, then it takes only that stream', () => {
    const plan = planReservations([{ lineId: 1, productId: 1, quantity: 3, shelfId: 2, lotNo: 'b' }], [stream(1, { lot_no: 'B' }), stream(2, { lot_no: 'A' }), stream(4, { warehouse_shelf_id: 2, lot_no: 'B' })], today);
    expect(plan[0].parts).toEqual([{ streamRowId: 4, warehouse_shelf_id: 2, lot_no: 'B', quantity: 3 }]);
  });

  it('given a blocked lot and a lot on a hold shelf, when a line reserves over the warehouse, then neither offers anything', () => {
    const plan = planReservations(
      [{ lineId: 1, productId: 1, quantity: 12, shelfId: 0 }],
      [stream(1, { lot_no: 'RECALLED', expiry_date: '2027-01-01', blocked: true }), stream(2, { lot_no: 'HELD', expiry_date: '2027-02-01', offers: false }), stream(3, { lot_no: 'GOOD', expiry_date: '2027-03-01' })],
      today,
    );
    expect(plan[0].parts.map((p) => [p.lot_no, p.quantity])).toEqual([['GOOD', 10]]);
    expect(plan[0].short).toBe(2);
  });
});
