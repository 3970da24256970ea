/**
 * The move dialog's state for lots: the source shelf's lots of each lot line are read when the dialog opens
 * (one read per product and shelf; none for an order without lots), and a move of an order with lot lines
 * keeps the dialog open on the answered order with what that move took, lot by lot.
 */
import '@/test-support/dom-globals';
jest.mock('@/api/request', () => ({ ...jest.requireActual('@/api/request'), __esModule: true, default: jest.fn() }));
import request from '@/api/request';
import { allocationsAdded, OrderPageStore } from './pageStore';
import { previewTake } from '@/features/lots/lots';

const mockedRequest = request as unknown as jest.Mock;
const ok = (data: unknown) => Promise.resolve({ code: 1, msg: '', time: 0, data });

const MILK = { id: 7, name: 'Milk', product_no: 'MILK', lot_tracked: 1 };
const BOLT = { id: 8, name: 'Bolt', product_no: 'BOLT', lot_tracked: 0 };
const line = (id: number, product: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id,
  product_id: product.id,
  product,
  source_warehouse_shelf_id: 1,
  target_warehouse_shelf_id: 2,
  plan_quantity: 5,
  actual_quantity: 0,
  lot_no: '',
  allocations: [],
  ...extra,
});
const STOCK = {
  list: [
    { lot_no: 'A1', expiry_date: '2026-12-10', days_left: 15, quantity: 5, lot_received_at: 10 },
    { lot_no: 'OLD', expiry_date: '2026-11-24', days_left: -1, quantity: 9, lot_received_at: 1 },
    { lot_no: 'B1', expiry_date: '2026-12-05', days_left: 10, quantity: 2, lot_received_at: 20 },
  ],
  today: '2026-11-25',
  expiry_warning_days: 30,
};

function respond(order: Record<string, unknown>, moved?: Record<string, unknown>) {
  mockedRequest.mockImplementation((config: { url: string; method: string }) => {
    if (config.url.endsWith('/wms.Relocation/edit')) return ok({ row: order });
    if (config.url.endsWith('/wms.Relocation/move')) return ok(moved);
    if (config.url.endsWith('/wms.Stock/index')) return ok(STOCK);
    return ok({ list: [], total: 0 });
  });
}
const stockReads = () => mockedRequest.mock.calls.filter(([config]) => config.url.endsWith('/wms.Stock/index')).map(([config]) => config.params);

const makePage = () => new OrderPageStore({ config: { lang: 'en' } }, 'relocation', { columns: [], quickSearchFields: [] });

beforeEach(() => mockedRequest.mockReset());

describe('the move dialog and lots', () => {
  it('reads the source shelf lots of each lot line once per product and shelf, and none for other lines', async () => {
    respond({ id: 3, relocation_no: 'YK1', lines: [line(11, MILK), line(12, MILK, { lot_no: 'A1' }), line(13, BOLT)] });
    const page = makePage();
    await page.openMove(3);
    expect(stockReads()).toEqual([{ product_id: 7, warehouse_shelf_id: 1, limit: 100, order: 'expiry_date,asc' }]);
    expect(Object.keys(page.moveLots)).toEqual(['11', '12']);
    expect(page.moveLots[11]).toMatchObject({ today: '2026-11-25', warningDays: 30, lots: [{ lot_no: 'A1' }, { lot_no: 'OLD' }, { lot_no: 'B1' }] });
    expect(page.moveLotsLoading).toBe(false);
  });

  it('reads no stock for an order without lots, and a move closes the dialog as before', async () => {
    const order = { id: 4, lines: [line(21, BOLT)] };
    respond(order, { ...order, status: 1, lines: [line(21, BOLT, { actual_quantity: 2 })] });
    const page = makePage();
    await page.openMove(4);
    expect(stockReads()).toEqual([]);
    expect(await page.move(4, [{ id: 21, quantity: 2 }])).toBe(true);
    expect(page.moving).toBeNull();
  });

  it('keeps the dialog open after moving lots, with what this move took and the lots read again', async () => {
    const before = line(11, MILK, { actual_quantity: 1, allocations: [{ lot_no: 'B1', quantity: 1 }] });
    const after = line(11, MILK, { actual_quantity: 4, allocations: [{ lot_no: 'B1', quantity: 2 }, { lot_no: 'A1', quantity: 2 }] });
    respond({ id: 3, lines: [before] }, { id: 3, status: 1, lines: [after] });
    const page = makePage();
    await page.openMove(3);
    expect(await page.move(3, [{ id: 11, quantity: 3 }])).toBe(true);
    expect(page.moving).toMatchObject({ id: 3, lines: [{ actual_quantity: 4 }] });
    expect(page.movedNow).toEqual({ 11: [{ lot_no: 'B1', quantity: 1 }, { lot_no: 'A1', quantity: 2 }] });
    expect(stockReads()).toHaveLength(2);
    page.closeMove();
    expect([page.moving, page.movedNow, page.moveLots]).toEqual([null, null, {}]);
  });

  it('a refused move keeps the dialog as it was and shows nothing as moved', async () => {
    respond({ id: 3, lines: [line(11, MILK)] });
    mockedRequest.mockImplementation((config: { url: string }) => {
      if (config.url.endsWith('/wms.Relocation/move')) return Promise.reject({ code: 0, msg: 'Line 1: lot A1 of Milk (MILK) is not on shelf S1' });
      if (config.url.endsWith('/wms.Relocation/edit')) return ok({ row: { id: 3, lines: [line(11, MILK)] } });
      if (config.url.endsWith('/wms.Stock/index')) return ok(STOCK);
      return ok({ list: [], total: 0 });
    });
    const page = makePage();
    await page.openMove(3);
    expect(await page.move(3, [{ id: 11, quantity: 1 }])).toBe(false);
    expect(page.error).toBe('Line 1: lot A1 of Milk (MILK) is not on shelf S1');
    expect(page.movedNow).toBeNull();
    expect(page.moving).toMatchObject({ id: 3 });
  });

  it('previews the lots a move takes as the server allocates: earliest expiry first, never an expired lot unless named', () => {
    const lots = STOCK.list;
    expect(previewTake(lots, 3, STOCK.today)).toEqual({ allocations: [{ lot_no: 'B1', quantity: 2 }, { lot_no: 'A1', quantity: 1 }], short: 0 });
    expect(previewTake(lots, 9, STOCK.today)).toEqual({ allocations: [{ lot_no: 'B1', quantity: 2 }, { lot_no: 'A1', quantity: 5 }], short: 2 });
    expect(previewTake(lots, 4, STOCK.today, 'OLD')).toEqual({ allocations: [{ lot_no: 'OLD', quantity: 4 }], short: 0 });
    expect(previewTake(lots, 1, STOCK.today, 'NOPE')).toEqual({ allocations: [], short: 1 });
    expect(previewTake(lots, 0, STOCK.today)).toEqual({ allocations: [], short: 0 });
    // lots without expiry last; equal expiries by first receipt
    const ties = [
      { lot_no: 'N', expiry_date: '', days_left: null, quantity: 5, lot_received_at: 1 },
      { lot_no: 'Z', expiry_date: '2026-12-01', days_left: 6, quantity: 1, lot_received_at: 2 },
      { lot_no: 'C', expiry_date: '2026-12-01', days_left: 6, quantity: 1, lot_received_at: 3 },
    ];
    expect(previewTake(ties, 3, STOCK.today).allocations.map((a) => a.lot_no)).toEqual(['Z', 'C', 'N']);
    expect(allocationsAdded([{ lot_no: 'A', quantity: 2 }], [{ lot_no: 'A', quantity: 2 }, { lot_no: 'B', quantity: 1 }])).toEqual([{ lot_no: 'B', quantity: 1 }]);
  });
});
