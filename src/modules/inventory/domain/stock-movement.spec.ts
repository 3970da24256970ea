import { NO_LOT, placeMovements, StockEventType } from './stock-movement';
import { snapshot } from './testing/snapshot';
import { dailyStatDeltas, historyRowOf, lineTotal, StoredStockEvent } from './projection';
import { siteDayOf } from '../../../shared/time/site-day';

const move = (product: number, shelf: number, quantity: number) => ({ type: StockEventType.received, formType: 10 as const, quantity, price: '1.00', snapshot: snapshot(product, shelf), lot: NO_LOT });

describe('placing movements in their streams', () => {
  it('gives each movement the next version and the balance after it', () => {
    const { placed, after } = placeMovements([move(1, 1, 5), move(1, 1, -2), move(2, 1, 3)], new Map([['stock-1-1', { quantity: 10, version: 4 }]]));
    expect(placed.map((p) => [p.streamId, p.version, p.balance])).toEqual([
      ['stock-1-1', 5, 15],
      ['stock-1-1', 6, 13],
      ['stock-2-1', 1, 3],
    ]);
    expect(after.get('stock-1-1')).toEqual({ quantity: 13, version: 6 });
  });

  it('refuses the whole list when any step would go below zero, naming product and shelf', () => {
    expect(() => placeMovements([move(1, 1, 2), move(1, 1, -3)], new Map())).toThrow(
      expect.objectContaining({ messageKey: 'inventory.insufficient_stock', args: expect.objectContaining({ product: 'P1 (NO1)', shelf: 'Main / A / S1', available: 2, requested: 3 }) }),
    );
  });
});

describe('projections of an event', () => {
  const event = (quantity: number, formType: number, at: number): StoredStockEvent => ({
    id: 1,
    stream_id: 'stock-1-1',
    stream_version: 1,
    type: StockEventType.issued,
    payload: { ...snapshot(1, 1), quantity, price: '2.50', total_price: lineTotal(quantity, '2.50'), form_type: formType, balance: 10 },
    metadata: { order_type: 'outbound', order_id: 3, order_no: 'CK20261122-0001', admin_id: 1, operator: 'admin', command_id: 'x' },
    occurred_at: at,
  });

  it('writes a signed history row with the snapshot', () => {
    expect(historyRowOf(event(-4, 40, 100))).toMatchObject({ quantity: -4, total_price: '-10.00', price: '2.50', form_type: 40, order_no: 'CK20261122-0001', shelf_location: 'Main / A / S1', balance: 10 });
  });

  it('sums inbound and outbound per site day, leaving moves out; 23:30 in Shanghai is that day', () => {
    const at2330Shanghai = Date.UTC(2026, 10, 22, 15, 30) / 1000;
    const deltas = dailyStatDeltas([event(-4, 40, at2330Shanghai), event(-1, 40, at2330Shanghai), event(3, 70, at2330Shanghai)], siteDayOf('Asia/Shanghai'));
    expect(deltas).toEqual([{ day: '2026-11-22', form_type: 40, quantity: 5, amount: '12.50' }]);
    expect(siteDayOf('UTC')(at2330Shanghai)).toBe('2026-11-22');
    expect(siteDayOf('Asia/Shanghai')(Date.UTC(2026, 10, 22, 16, 30) / 1000)).toBe('2026-11-23');
  });
});
