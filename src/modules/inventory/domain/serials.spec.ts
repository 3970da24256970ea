import { AppError } from '../../../shared/http/app-error';
import { checkSerialCounts, planSerials, serialChanges, serialKeyOf, SerialState } from './serials';
import { StockEventType, FormType } from './stock-movement';
import type { MovementRequest } from './posting';

const product = { name: 'Phone', product_no: 'PH', serial_tracked: true };
const names = { location: (id: number) => `S${id}`, product: () => 'Phone (PH)', warehouseOf: () => 1 };
const receipt = (serials: string[], shelfId = 1): MovementRequest => ({ type: StockEventType.received, formType: FormType.purchaseInbound, productId: 7, shelfId, quantity: serials.length, price: '1.00', serials });
const take = (serials: string[], shelfId = 1, extra: Partial<MovementRequest> = {}): MovementRequest => ({ type: StockEventType.issued, formType: FormType.salesOutbound, productId: 7, shelfId, quantity: -serials.length, price: '1.00', serials, ...extra });
const at = (serial: string, shelf: number, lot = '', inStock = 1): [string, SerialState] => [serialKeyOf(7, serial), { product_id: 7, serial_no: serial, warehouse_id: 1, warehouse_shelf_id: shelf, lot_no: lot, in_stock: inStock, last_event_id: 1 }];
const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as AppError).messageKey;
  }
  return null;
};

describe('serial rules', () => {
  it('given a serial-tracked product, when a movement names too few, none or twice the same serial, then it is refused; another product takes none', () => {
    const products = new Map([[7, product], [8, { name: 'Bolt', product_no: 'B', serial_tracked: false }]]);
    expect(refusal(() => checkSerialCounts([{ ...receipt(['A']), quantity: 2 }], products))).toBe('serials.count_mismatch');
    expect(refusal(() => checkSerialCounts([{ ...receipt([]), quantity: 1 }], products))).toBe('serials.required');
    expect(refusal(() => checkSerialCounts([receipt(['A', ' a '])], products))).toBe('serials.duplicate');
    expect(refusal(() => checkSerialCounts([{ ...receipt(['A']), productId: 8 }], products))).toBe('serials.not_tracked');
    expect(checkSerialCounts([receipt([' a1 '])], products)[0].serials).toEqual(['A1']);
  });

  it('given a serial in stock, when it is received again anywhere, then it is refused; once gone it may come back', () => {
    expect(refusal(() => planSerials([receipt(['A'], 2)], new Map([at('A', 1)]), names))).toBe('serials.already_in_stock');
    expect(planSerials([receipt(['A'], 2)], new Map([at('A', 1, '', 0)]), names).requests).toHaveLength(1);
    expect(refusal(() => planSerials([receipt(['A']), receipt(['A'], 2)], new Map(), names))).toBe('serials.already_in_stock');
  });

  it('given serials on shelves, when a take names one elsewhere or gone, then it is refused; a take without a lot takes each serial’s own lot', () => {
    const current = new Map([at('A', 1, 'L1'), at('B', 1, 'L2'), at('C', 2)]);
    expect(refusal(() => planSerials([take(['C'])], current, names))).toBe('serials.not_on_shelf');
    expect(refusal(() => planSerials([take(['A'], 1, { lotNo: 'L2' })], current, names))).toBe('serials.not_on_shelf');
    const { requests, origin } = planSerials([take(['A', 'B'])], current, names);
    expect(requests.map((r) => [r.lotNo, r.quantity, r.serials])).toEqual([
      ['L1', -1, ['A']],
      ['L2', -1, ['B']],
    ]);
    expect(origin).toEqual([0, 0]);
    // moved away within the same posting, then taken from its old shelf: refused
    const move = take(['A'], 1, { to: { shelfId: 3, type: StockEventType.movedIn }, lotNo: 'L1' });
    expect(refusal(() => planSerials([move, take(['A'], 1)], current, names))).toBe('serials.not_on_shelf');
  });

  it('folds events into where each serial is, the last event winning, with a movement per (event, serial)', () => {
    const ev = (id: number, shelf: number, quantity: number, serials: string[]) => ({ id, payload: { product_id: 7, warehouse_id: 1, warehouse_shelf_id: shelf, quantity, serials } });
    const { states, movements } = serialChanges([ev(1, 1, 2, ['A', 'B']), ev(2, 1, -1, ['A']), ev(3, 2, 1, ['A'])]);
    expect(states.get(serialKeyOf(7, 'A'))).toMatchObject({ warehouse_shelf_id: 2, in_stock: 1, last_event_id: 3 });
    expect(states.get(serialKeyOf(7, 'B'))).toMatchObject({ warehouse_shelf_id: 1, in_stock: 1, last_event_id: 1 });
    expect(movements).toHaveLength(4);
  });
});
