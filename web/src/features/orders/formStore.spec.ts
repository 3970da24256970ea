jest.mock('@/api/inventory', () => ({
  fetchProductStock: jest.fn(async () => ({ today: '2026-11-29', shelves: new Map([[7, [held('', 5)]]]) })),
}));

import type { ProductStock } from '@/api/inventory';
import { OrderFormStore, checkOrderForm, emptyLine, lineFromServer, orderBody, type LineDraft } from './formStore';

/** A lot on a shelf as the stock list answers it. */
function held(lot_no: string, quantity: number, expiry_date = ''): { lot_no: string; quantity: number; expiry_date: string; days_left: null; lot_received_at: number } {
  return { lot_no, quantity, expiry_date, days_left: null, lot_received_at: 1 };
}

/** Product id → shelf id → lots. */
function stockOf(entries: Array<[number, Array<[number, ReturnType<typeof held>[]]>]>): Map<number, ProductStock> {
  return new Map(entries.map(([product, shelves]) => [product, { today: '2026-11-29', shelves: new Map(shelves) }]));
}

function line(over: Partial<LineDraft> = {}): LineDraft {
  return { ...emptyLine(), product_id: 1, warehouse_shelf_id: 7, plan_quantity: 10, actual_quantity: 10, price: '12.50', ...over };
}

const header = { order_sn: '', party_id: 3, type: 10, remark: '' };

describe('order form', () => {
  it('lets outbound and inbound lines leave the shelf empty when the order names its warehouse, and sends the warehouse', () => {
    const noShelf = line({ warehouse_shelf_id: null });
    expect(checkOrderForm('outbound', header, [noShelf]).lines[noShelf.key]?.warehouse_shelf_id).toEqual({ key: 'orders.validate.shelf' });
    expect(checkOrderForm('outbound', { ...header, warehouse_id: 4 }, [noShelf]).lines[noShelf.key]?.warehouse_shelf_id).toBeUndefined();
    // an inbound order naming its warehouse receives such lines on the dock and puts them away by tasks
    expect(checkOrderForm('inbound', header, [noShelf]).lines[noShelf.key]?.warehouse_shelf_id).toEqual({ key: 'orders.validate.shelf' });
    expect(checkOrderForm('inbound', { ...header, warehouse_id: 4 }, [noShelf]).lines[noShelf.key]?.warehouse_shelf_id).toBeUndefined();
    expect(orderBody('inbound', { ...header, warehouse_id: 4 }, [noShelf])).toMatchObject({ warehouse_id: 4, lines: [{ warehouse_shelf_id: null }] });
    expect(orderBody('outbound', { ...header, warehouse_id: 4 }, [noShelf])).toMatchObject({ warehouse_id: 4, lines: [{ warehouse_shelf_id: null }] });
  });

  it('a complete inbound order is valid and posts its lines with normalised prices', () => {
    const lines = [line({ price: '12.5' }), line({ product_id: 2, warehouse_shelf_id: 8, plan_quantity: 3, actual_quantity: 2, price: '0.10', detail_code: ' D2 ' })];
    expect(checkOrderForm('inbound', header, lines).valid).toBe(true);
    expect(orderBody('inbound', { ...header, order_sn: ' PO-1 ' }, lines)).toEqual({
      order_sn: 'PO-1',
      remark: '',
      supplier_id: 3,
      type: 10,
      warehouse_id: 0,
      lines: [
        { product_id: 1, detail_code: '', plan_quantity: 10, actual_quantity: 10, price: '12.50', warehouse_shelf_id: 7 },
        { product_id: 2, detail_code: 'D2', plan_quantity: 3, actual_quantity: 2, price: '0.10', warehouse_shelf_id: 8 },
      ],
    });
  });

  it('an adjustment has no party or type: signed non-zero quantities with a reason; stock warns before a removal', () => {
    const adjust = (over: Partial<LineDraft>) => line({ plan_quantity: null, actual_quantity: null, price: '', quantity: -2, reason: 'damaged', ...over });
    const blank = { order_sn: '', party_id: null, type: null, remark: '' };
    expect(checkOrderForm('adjustment', blank, [adjust({}), adjust({ quantity: 5, reason: 'found' })]).valid).toBe(true);
    expect(orderBody('adjustment', blank, [adjust({ lot_no: ' L1 ' })])).toEqual({ order_sn: '', remark: '', lines: [{ product_id: 1, warehouse_shelf_id: 7, lot_no: 'L1', quantity: -2, reason: 'damaged' }] });
    const bad = checkOrderForm('adjustment', blank, [adjust({ quantity: 0, reason: '' }), adjust({ quantity: -9 })], stockOf([[1, [[7, [held('', 4)]]]]]));
    expect(bad.valid).toBe(false);
    expect(Object.values(bad.lines)[0]).toEqual({ quantity: { key: 'orders.validate.adjustQuantity' }, reason: { key: 'orders.validate.reason' } });
    expect(Object.values(bad.warnings)[0]).toMatchObject({ quantity: { key: 'orders.warn.insufficient', args: { stock: 4 } } });
  });

  it('names what is missing or wrong, per line and field', () => {
    const lines = [line({ product_id: null, warehouse_shelf_id: null, plan_quantity: null, actual_quantity: 0, price: '1.234' })];
    const check = checkOrderForm('outbound', { ...header, party_id: null, type: null }, lines);
    expect(check.valid).toBe(false);
    expect(check.header).toEqual({ party_id: { key: 'orders.validate.customer' }, type: { key: 'orders.validate.type' } });
    expect(check.lines[lines[0].key]).toEqual({
      product_id: { key: 'orders.validate.product' },
      warehouse_shelf_id: { key: 'orders.validate.shelf' },
      plan_quantity: { key: 'orders.validate.planQuantity' },
      actual_quantity: { key: 'orders.validate.min', args: { min: 1 } },
      price: { key: 'orders.validate.money' },
    });
    expect(checkOrderForm('inbound', header, []).header.lines).toEqual({ key: 'orders.validate.noLines' });
  });

  it('relocation lines need two different shelves and a positive plan; the party is optional', () => {
    const ok = line({ source_warehouse_shelf_id: 7, target_warehouse_shelf_id: 8, plan_quantity: 2 });
    expect(checkOrderForm('relocation', { ...header, party_id: null, type: null }, [ok]).valid).toBe(true);
    const same = line({ source_warehouse_shelf_id: 7, target_warehouse_shelf_id: 7, plan_quantity: 0 });
    const check = checkOrderForm('relocation', header, [same]);
    expect(check.lines[same.key]).toEqual({ target_warehouse_shelf_id: { key: 'orders.validate.sameShelf' }, plan_quantity: { key: 'orders.validate.min', args: { min: 1 } } });
    expect(orderBody('relocation', { ...header, party_id: null }, [ok])).toEqual({
      order_sn: '',
      remark: '',
      customer_id: 0,
      lines: [{ product_id: 1, source_warehouse_shelf_id: 7, target_warehouse_shelf_id: 8, plan_quantity: 2 }],
    });
  });

  it('warns (without blocking) when an outbound line asks for more than the shelf holds', () => {
    const l = line({ actual_quantity: 6 });
    const stock = stockOf([[1, [[7, [held('', 5)]]]]]);
    const check = checkOrderForm('outbound', header, [l], stock);
    expect(check.valid).toBe(true);
    expect(check.warnings[l.key]).toEqual({ actual_quantity: { key: 'orders.warn.insufficient', args: { stock: 5 } } });
    expect(checkOrderForm('outbound', header, [line({ actual_quantity: 5 })], stock).warnings).toEqual({});
  });

  it('counts what a lot-tracked line may take, never every lot of the shelf: the lot named, else the lots not expired', () => {
    const milk = { id: 1, name: 'Milk', product_no: 'M', lot_tracked: true };
    // 34 on the shelf in three lots, one of them expired
    const stock = stockOf([[1, [[7, [held('A', 10, '2027-01-01'), held('B', 20, '2027-06-01'), held('OLD', 4, '2026-11-01')]]]]]);
    const named = line({ product: milk, lot_no: 'a', actual_quantity: 12 });
    expect(checkOrderForm('outbound', header, [named], stock).warnings[named.key]).toEqual({ actual_quantity: { key: 'orders.warn.insufficientLot', args: { stock: 10, lot: 'A' } } });
    expect(checkOrderForm('outbound', header, [line({ product: milk, lot_no: 'B', actual_quantity: 12 })], stock).warnings).toEqual({});
    // no lot named: first-expiry-first-out may take A and B (30), not the expired lot
    expect(checkOrderForm('outbound', header, [line({ product: milk, actual_quantity: 30 })], stock).warnings).toEqual({});
    const fefo = line({ product: milk, actual_quantity: 31 });
    expect(checkOrderForm('outbound', header, [fefo], stock).warnings[fefo.key]).toEqual({ actual_quantity: { key: 'orders.warn.insufficientUnexpired', args: { stock: 30 } } });
    const blank = { order_sn: '', party_id: null, type: null, remark: '' };
    const adjust = line({ product: milk, lot_no: 'OLD', quantity: -5, reason: 'expired', plan_quantity: null, actual_quantity: null, price: '' });
    expect(checkOrderForm('adjustment', blank, [adjust], stock).warnings[adjust.key]).toEqual({ quantity: { key: 'orders.warn.insufficientLot', args: { stock: 4, lot: 'OLD' } } });
    expect(checkOrderForm('adjustment', blank, [{ ...adjust, quantity: -4 }], stock).warnings).toEqual({});
  });

  it('offers the lots on a shelf first-expiry-first-out, with the shelf total of every lot beside the select', async () => {
    const store = new OrderFormStore('outbound');
    store.stock = stockOf([[1, [[7, [held('LATE', 20, '2027-06-01'), held('SOON', 10, '2027-01-01'), held('GONE', 0, '2026-12-01')]]]]]);
    expect(store.lotsOn(1, 7).map((l) => l.lot_no)).toEqual(['SOON', 'LATE']);
    expect(store.stockOn(1, 7)).toBe(30);
    expect(store.lotsOn(1, 8)).toEqual([]);
  });

  it('reads a server line back (shelf warehouse, prices as text)', () => {
    const d = lineFromServer({ id: 4, product_id: 1, product: { id: 1, name: 'Screw', product_no: 'P1', price: '12.50' }, plan_quantity: 3, actual_quantity: 2, price: '1.10', warehouse_shelf_id: 7, shelf: { warehouse_id: 2 } });
    expect(d).toMatchObject({ id: 4, product_id: 1, plan_quantity: 3, actual_quantity: 2, price: '1.10', warehouse_id: 2, warehouse_shelf_id: 7, priceTouched: true, actualFollowsPlan: false });
  });

  describe('the store', () => {
    it('prefills the price from the product, follows plan with actual until typed, and totals in cents', () => {
      const store = new OrderFormStore('inbound');
      store.reset(null);
      const key = store.lines[0].key;
      store.setProduct(key, 1, { id: 1, name: 'Screw', product_no: 'P1', price: '19.99', total_stock_num: 4, unit: { name: 'pc' } });
      expect(store.lines[0].price).toBe('19.99');
      store.setQuantity(key, 'plan_quantity', 7);
      expect(store.lines[0].actual_quantity).toBe(7);
      expect(store.lineTotal(store.lines[0])).toBe('139.93');
      store.setQuantity(key, 'actual_quantity', 3);
      store.setQuantity(key, 'plan_quantity', 9);
      expect(store.lines[0].actual_quantity).toBe(3);
      // a typed price survives a change of product
      store.setText(key, 'price', '1.15');
      store.setProduct(key, 2, { id: 2, name: 'Nut', product_no: 'P2', price: '5.00' });
      expect(store.lines[0].price).toBe('1.15');
      const second = store.addLine();
      store.setProduct(second.key, 2, { id: 2, name: 'Nut', product_no: 'P2', price: '0.10' });
      store.setQuantity(second.key, 'plan_quantity', 3);
      expect(store.totals.amount).toBe('3.75');
      expect(store.totals.plan).toBe(12);
    });

    it('shows messages only for touched fields until a save is tried', () => {
      const store = new OrderFormStore('outbound');
      store.reset(null);
      const key = store.lines[0].key;
      expect(store.lineError(key, 'product_id')).toBeUndefined();
      expect(store.headerError('party_id')).toBeUndefined();
      expect(store.validate()).toBe(false);
      expect(store.lineError(key, 'product_id')).toEqual({ key: 'orders.validate.product' });
      expect(store.headerError('party_id')).toEqual({ key: 'orders.validate.customer' });
    });

    it('a new line starts in the previous line’s warehouse; the last line cannot leave the order empty silently', () => {
      const store = new OrderFormStore('inbound');
      store.reset(null);
      store.setShelf(store.lines[0].key, 'warehouse', 7, { id: 7, warehouse_id: 2 });
      expect(store.lines[0].warehouse_id).toBe(2);
      const next = store.addLine();
      expect(next.warehouse_id).toBe(2);
      expect(next.warehouse_shelf_id).toBeNull();
      store.setWarehouse(store.lines[0].key, 'warehouse', 3);
      expect(store.lines[0].warehouse_shelf_id).toBeNull();
      store.removeLine(next.key);
      store.removeLine(store.lines[0].key);
      expect(store.headerError('lines')).toEqual({ key: 'orders.validate.noLines' });
    });
  });
});
