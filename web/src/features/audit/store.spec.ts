import '@/test-support/dom-globals';
import { flatten } from '@/lang';
import { RootStore } from '@/stores/root';
import type { StorageLike } from '@/stores/persist';

jest.mock('@/api/request', () => ({ ...jest.requireActual('@/api/request'), __esModule: true, default: jest.fn() }));
import request from '@/api/request';
import { AuditViewStore, OrderSnapshotStore, asOfParams, traceParams, varianceParams, type TraceFilters } from './store';
import { TRACE_API } from '@/api/inventory';

const mockedRequest = request as unknown as jest.Mock;
beforeEach(() => mockedRequest.mockReset());

function root(): RootStore {
  const data = new Map<string, string>();
  const storage: StorageLike = { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
  return new RootStore({ storage, notify: () => undefined });
}

const EMPTY: TraceFilters = { product_id: null, lot_no: '', warehouse_id: null, warehouse_shelf_id: null, period: null };

describe("the auditor's workspace views", () => {
  it('sends only the filters chosen: lot upper-cased, a period only when both days are set', () => {
    expect(traceParams(EMPTY)).toEqual({});
    expect(traceParams({ product_id: 7, lot_no: ' a1 ', warehouse_id: 2, warehouse_shelf_id: 9, period: ['2026-01-01', '2026-01-31'] })).toEqual({
      product_id: 7,
      lot_no: 'A1',
      warehouse_id: 2,
      warehouse_shelf_id: 9,
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(varianceParams({ warehouse_id: null, form_type: [80, 110], period: ['2026-01-01', ''] })).toEqual({ form_type: '80,110' });
    expect(asOfParams({ asof: '2026-03-01', product_id: null, warehouse_id: 3, warehouse_shelf_id: null })).toEqual({ asof: '2026-03-01', warehouse_id: 3 });
  });

  it('asks nothing of the trace until a product is chosen, then pages it with the filters', async () => {
    const page = new AuditViewStore<TraceFilters>(root(), { api: TRACE_API, columns: [], initial: EMPTY, params: traceParams, ready: (f) => !!f.product_id, pk: 'event_id', limit: 50 });
    await page.table.load();
    expect(mockedRequest).not.toHaveBeenCalled();
    expect(page.table.list).toEqual([]);
    mockedRequest.mockResolvedValue({ code: 1, data: { list: [{ event_id: 4, quantity: 10, product_balance: 10 }], total: 1 } });
    page.setFilter('product_id', 7);
    await page.table.load();
    const call = mockedRequest.mock.calls.at(-1)[0];
    expect(call.url).toBe('/admin/audit.Trace/index');
    expect(call.params).toMatchObject({ product_id: 7, page: 1, limit: 50 });
    expect(page.table.list).toEqual([{ event_id: 4, quantity: 10, product_balance: 10 }]);
    expect(page.table.indexParams).toMatchObject({ product_id: 7 });
  });

  it('opens an order as audited and forgets an answer that arrives after it was closed', async () => {
    let resolve: (value: any) => void = () => undefined;
    const load = jest.fn(() => new Promise<any>((r) => (resolve = r)));
    const store = new OrderSnapshotStore(load);
    const shown = store.show({ order_type: 'stocktake', order_id: 5, order_no: 'PD20260101-0001' });
    expect(load).toHaveBeenCalledWith('stocktake', 5);
    expect({ open: store.open, loading: store.loading }).toEqual({ open: true, loading: true });
    store.close();
    resolve({ order: { order_no: 'PD20260101-0001' }, row: null, movements: [] });
    await shown;
    expect({ open: store.open, snapshot: store.snapshot, loading: store.loading }).toEqual({ open: false, snapshot: null, loading: false });
    const answer = { order: { order_no: 'RK1' }, row: { lines: [] }, movements: [{ id: 1 }] };
    const again = store.show({ order_type: 'inbound', order_id: 1, order_no: 'RK1' });
    resolve(answer);
    await again;
    expect(store.snapshot).toEqual(answer);
  });
});

describe('lang audit.json', () => {
  const zh = flatten(require('@/lang/zh-cn/audit.json'));
  const en = flatten(require('@/lang/en/audit.json'));
  it('has the same keys and placeholders in zh-cn and en', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    const args = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const key of Object.keys(zh)) expect([key, args(zh[key])]).toEqual([key, args(en[key])]);
  });
});
