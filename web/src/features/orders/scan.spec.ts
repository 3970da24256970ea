jest.mock('@/api/inventory', () => ({
  fetchProductStock: jest.fn(async () => ({ today: '', shelves: new Map() })),
}));

import type { ProductPick, ScanAnswer, ShelfPick } from '@contract/master-data';
import { OrderFormStore } from './formStore';
import { isTypingTarget, ScanStore, WedgeBuffer } from './scan';

const bolt = { id: 1, name: 'Bolt', product_no: 'B1', price: '2.50', unit: { name: 'box' }, warehouse_id: 0, warehouse_shelf_id: 0 };
const nut = { id: 2, name: 'Nut', product_no: 'N1', price: '0.10', unit: { name: 'box' }, warehouse_id: 5, warehouse_shelf_id: 51 };
const shelfA = { id: 71, name: 'A-01', warehouse_id: 7, location: 'Main / A / A-01' };

/** A resolver answering from a table, slower for some codes (answers must still apply in scan order). */
function resolver(table: Record<string, ScanAnswer | { msg: string }>, delays: Record<string, number> = {}) {
  const calls: Array<[string, number | null]> = [];
  const resolve = async (code: string, warehouseId: number | null) => {
    calls.push([code, warehouseId]);
    await new Promise((r) => setTimeout(r, delays[code] ?? 0));
    const answer = table[code];
    if (!answer || 'msg' in answer) throw { code: 0, msg: answer ? answer.msg : `Unknown code: ${code}` };
    return answer;
  };
  return { resolve, calls };
}

const product = (row: ProductPick): ScanAnswer => ({ kind: 'product', code: row.product_no, row });
const shelf = (row: ShelfPick): ScanAnswer => ({ kind: 'shelf', code: 'A-01', row });

function outboundForm(): OrderFormStore {
  const form = new OrderFormStore('outbound');
  form.reset(null);
  return form;
}

describe('scanning into an order form', () => {
  it('fills the empty first line, then adds a line per new product and 1 per repeated one, in scan order', async () => {
    const form = outboundForm();
    const { resolve } = resolver({ B1: product(bolt), N1: product(nut) }, { B1: 30 });
    form.addLine(); // a second empty line: the first scan fills the last empty one, a new product adds another
    form.removeLine(form.lines[0].key);
    const scan = new ScanStore(form, resolve);
    await scan.scan('B1');
    expect(scan.feedback).toEqual({ ok: true, key: 'orders.scan.added', args: { name: 'Bolt', quantity: 1, line: 1 } });
    await scan.scan('N1');
    expect(scan.feedback).toEqual({ ok: true, key: 'orders.scan.added', args: { name: 'Nut', quantity: 1, line: 2 } });
    await Promise.all([scan.scan('B1\r\n'), scan.scan('B1')]);
    expect(form.lines).toHaveLength(2);
    expect(form.lines.map((l) => [l.product_id, l.plan_quantity, l.actual_quantity, l.price])).toEqual([
      [1, 3, 3, '2.50'],
      [2, 1, 1, '0.10'],
    ]);
    // the nut went on its default shelf
    expect([form.lines[1].warehouse_id, form.lines[1].warehouse_shelf_id]).toEqual([5, 51]);
    expect(scan.feedback).toEqual({ ok: true, key: 'orders.scan.more', args: { name: 'Bolt', quantity: 3, line: 1 } });
    expect(form.scannedKey).toBe(form.lines[0].key);
    expect(scan.pending).toBe(0);
  });

  it('a GS1 code on a receipt fills the lot, production date and expiry; one more of that lot adds 1, another lot adds a line', async () => {
    const milk = { id: 3, name: 'Milk', product_no: 'M1', price: '1.00', unit: { name: 'box' }, warehouse_id: 5, warehouse_shelf_id: 51, lot_tracked: true, effective_day: 0 };
    const gs1 = (lot: string, production: string, expiry: string): ScanAnswer => ({ kind: 'product', code: lot, row: milk, gtin: '09506000134352', lot_no: lot, production_date: production, expiry_date: expiry });
    const form = new OrderFormStore('inbound');
    form.reset(null);
    const scan = new ScanStore(form, resolver({ first: gs1('l-1', '2026-11-01', '2027-05-01'), second: gs1('L-2', '2026-11-10', '2027-05-10') }).resolve);
    await scan.scan('first');
    await scan.scan('first');
    await scan.scan('second');
    expect(form.lines.map((l) => [l.product_id, l.lot_no, l.production_date, l.expiry_date, l.plan_quantity, l.warehouse_shelf_id])).toEqual([
      [3, 'L-1', '2026-11-01', '2027-05-01', 2, 51],
      [3, 'L-2', '2026-11-10', '2027-05-10', 1, 51],
    ]);
    expect(scan.feedback).toEqual({ ok: true, key: 'orders.scan.added', args: { name: 'Milk', quantity: 1, line: 2 } });
    // an outbound names the scanned lot, without the receipt's dates
    const out = outboundForm();
    await new ScanStore(out, resolver({ first: gs1('L-1', '2026-11-01', '2027-05-01') }).resolve).scan('first');
    expect([out.lines[0].lot_no, out.lines[0].production_date, out.lines[0].expiry_date]).toEqual(['L-1', '', '']);
  });

  it('puts products on the scanned shelf; the same product on another shelf is another line', async () => {
    const form = outboundForm();
    const { resolve, calls } = resolver({ B1: product(bolt), 'A-01': shelf(shelfA), N1: product(nut) });
    const scan = new ScanStore(form, resolve);
    await scan.scan('B1');
    await scan.scan('A-01');
    // the shelf came after the bolt: the bolt's line had none and takes it
    expect(form.lines[0].warehouse_shelf_id).toBe(71);
    await scan.scan('N1');
    await scan.scan('N1');
    expect(form.lines.map((l) => [l.product_id, l.warehouse_shelf_id, l.plan_quantity])).toEqual([
      [1, 71, 1],
      [2, 71, 2],
    ]);
    expect(calls.at(-1)).toEqual(['N1', 7]);
    form.setScanShelf(null);
    await scan.scan('N1');
    expect(form.lines[1].plan_quantity).toBe(3);
  });

  it('adds 1 to both quantities when the issued quantity was typed apart from the plan', async () => {
    const form = outboundForm();
    const scan = new ScanStore(form, resolver({ B1: product(bolt) }).resolve);
    await scan.scan('B1');
    form.setQuantity(form.lines[0].key, 'actual_quantity', 5);
    await scan.scan('B1');
    expect([form.lines[0].plan_quantity, form.lines[0].actual_quantity]).toEqual([2, 6]);
  });

  it('scans relocation lines with the scanned shelf as the source', async () => {
    const form = new OrderFormStore('relocation');
    form.reset(null);
    const scan = new ScanStore(form, resolver({ 'A-01': shelf(shelfA), B1: product(bolt) }).resolve);
    await scan.scan('A-01');
    await scan.scan('B1');
    await scan.scan('B1');
    expect(form.lines.map((l) => [l.product_id, l.source_warehouse_shelf_id, l.plan_quantity, l.target_warehouse_shelf_id])).toEqual([[1, 71, 2, null]]);
  });

  it('shows the server’s refusal and changes no line', async () => {
    const form = outboundForm();
    const scan = new ScanStore(form, resolver({ BAD: { msg: 'Wrong check digit in the GTIN 1 of a GS1 code' } }).resolve);
    await scan.scan('BAD');
    expect(scan.feedback).toEqual({ ok: false, text: 'Wrong check digit in the GTIN 1 of a GS1 code' });
    await scan.scan('   ');
    expect(form.lines).toHaveLength(1);
    expect(form.lines[0].product_id).toBeNull();
  });

  it('tells a scanner burst from typing: fast keys ending in Enter, at least three characters', () => {
    const buffer = new WedgeBuffer(60, 3);
    const feed = (keys: string[], gap: number, start = 0) => keys.map((key, i) => buffer.key(key, start + i * gap)).filter((code) => code !== null);
    expect(feed([...'P-1001', 'Enter'], 5)).toEqual(['P-1001']);
    expect(feed([...'P-1001', 'Enter'], 200, 10_000)).toEqual([]);
    expect(feed(['Shift', ...'AB', 'Enter'], 5, 20_000)).toEqual([]);
    expect(feed(['Shift', ...'ABC', 'Enter'], 5, 30_000)).toEqual(['ABC']);
    // a slow key in the middle starts again; an arrow key breaks the burst
    expect(feed([...'XY'], 5, 40_000).concat(feed([...'Z12', 'Enter'], 5, 41_000))).toEqual(['Z12']);
    expect(feed([...'AB', 'ArrowDown', ...'C', 'Enter'], 5, 50_000)).toEqual([]);
  });

  it('leaves keys typed into fields to the fields', () => {
    expect(isTypingTarget(document.createElement('input'))).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
