/**
 * The product form in a real CrudForm (jsdom): the area select lists the areas of the chosen warehouse, the
 * shelf select the shelves of the chosen area, and changing a level empties the levels below before the
 * row is posted.
 */
import '@/test-support/dom-globals';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { mountEachTest } from '@/test-support/react-root';
import { CrudForm, CrudTableStore } from '@/components/crud';
import { StoreProvider } from '@/stores/context';
import { RootStore } from '@/stores/root';
import { productColumns, productFields } from './index';
import { PRODUCT_API } from './product';

jest.mock('@/api/request', () => ({ ...jest.requireActual('@/api/request'), __esModule: true, default: jest.fn() }));
import request from '@/api/request';

const mockedRequest = request as unknown as jest.Mock;

const WAREHOUSES = [
  { id: 1, name: 'North', serial_no: 'N' },
  { id: 2, name: 'South', serial_no: 'S' },
];
const AREAS = [
  { id: 11, warehouse_id: 1, name: 'North A', serial_no: 'NA' },
  { id: 12, warehouse_id: 1, name: 'North B', serial_no: 'NB' },
  { id: 21, warehouse_id: 2, name: 'South A', serial_no: 'SA' },
];
const SHELVES = [
  { id: 111, warehouse_id: 1, warehouse_area_id: 11, name: 'Shelf NA1', serial_no: 'NA1' },
  { id: 211, warehouse_id: 2, warehouse_area_id: 21, name: 'Shelf SA1', serial_no: 'SA1' },
];

/** A fake server: lists filtered by the plain query parameters, as the real controllers do. */
function answer(config: { url: string; method: string; params?: Record<string, any>; data?: any }) {
  const p = config.params ?? {};
  const pick = (rows: Array<Record<string, any>>) => {
    let out = rows;
    if (p.initValue !== undefined) out = out.filter((r) => String(p.initValue).split(',').includes(String(r.id)));
    for (const key of ['warehouse_id', 'warehouse_area_id']) if (p[key] !== undefined) out = out.filter((r) => String(r[key]) === String(p[key]));
    return { list: out, total: out.length };
  };
  let data: unknown = { list: [], total: 0 };
  if (config.url === '/admin/wms.Warehouse/index') data = pick(WAREHOUSES);
  else if (config.url === '/admin/wms.WarehouseArea/index') data = pick(AREAS);
  else if (config.url === '/admin/wms.Shelf/index') data = pick(SHELVES);
  // a category whose id equals the edited product's: it must stay offered (only a category's own parent
  // picker leaves itself out)
  else if (config.url === '/admin/wms.Category/index') data = { options: [{ id: 5, pid: 0, name: 'Snacks', depth: 0 }] };
  else if (config.url === `${PRODUCT_API}/add`) data = { id: 1, ...config.data };
  return Promise.resolve({ code: 1, msg: '', time: 0, data });
}

const view = mountEachTest();

beforeEach(() => {
  jest.useFakeTimers();
  mockedRequest.mockReset();
  mockedRequest.mockImplementation(answer);
});

afterEach(() => {
  document.body.innerHTML = '';
  jest.useRealTimers();
});

async function flush() {
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      jest.advanceTimersByTime(400);
      await Promise.resolve();
    });
  }
}

function formItem(prop: string): HTMLElement {
  const label = document.body.querySelector(`.crud-drawer label[for="${prop}_input"]`);
  const item = label?.closest('.arco-form-item') as HTMLElement | null;
  if (!item) throw new Error(`no form item ${prop}`);
  return item;
}

const selectText = (prop: string) => (formItem(prop).querySelector('.arco-select-view') as HTMLElement).textContent?.trim() ?? '';
const isDisabled = (prop: string) => formItem(prop).querySelector('.arco-select-disabled') !== null;

/** Opens the select of a field and returns the texts of its options. */
async function openOptions(prop: string): Promise<string[]> {
  await act(async () => {
    (formItem(prop).querySelector('.arco-select-view') as HTMLElement).click();
  });
  await flush();
  const popups = Array.from(document.body.querySelectorAll('.arco-select-popup'));
  const popup = popups[popups.length - 1];
  return Array.from(popup?.querySelectorAll('.arco-select-option') ?? []).map((o) => o.textContent?.trim() ?? '');
}

async function choose(prop: string, option: string) {
  await openOptions(prop);
  const popups = Array.from(document.body.querySelectorAll('.arco-select-popup'));
  const popup = popups[popups.length - 1];
  const hit = Array.from(popup.querySelectorAll('.arco-select-option')).find((o) => o.textContent?.trim() === option) as HTMLElement | undefined;
  if (!hit) throw new Error(`no option ${option} for ${prop}`);
  await act(async () => {
    hit.click();
  });
  await flush();
}

async function renderForm() {
  const root = new RootStore({ storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined } });
  const store = new CrudTableStore(root, { api: PRODUCT_API, columns: productColumns, fields: productFields });
  await act(async () => {
    view.root.render(
      <StoreProvider value={root}>
        <MemoryRouter initialEntries={['/admin/wms/product']}>
          <CrudForm store={store} />
        </MemoryRouter>
      </StoreProvider>,
    );
  });
  return store;
}

const calls = (url: string) => mockedRequest.mock.calls.map((c) => c[0]).filter((c) => c.url === url);

describe('product form: warehouse → area → shelf', () => {
  it('filters each level by the one above and empties the levels below when it changes', async () => {
    const store = await renderForm();
    await act(async () => store.openAdd());
    await flush();

    expect(isDisabled('warehouse_area_id')).toBe(true);
    expect(isDisabled('warehouse_shelf_id')).toBe(true);

    await choose('warehouse_id', 'North (N)');
    expect(isDisabled('warehouse_area_id')).toBe(false);
    expect(await openOptions('warehouse_area_id')).toEqual(['North A (NA)', 'North B (NB)']);
    expect(calls('/admin/wms.WarehouseArea/index').pop()?.params).toMatchObject({ select: true, warehouse_id: 1 });

    await choose('warehouse_area_id', 'North A (NA)');
    expect(await openOptions('warehouse_shelf_id')).toEqual(['Shelf NA1 (NA1)']);
    expect(calls('/admin/wms.Shelf/index').pop()?.params).toMatchObject({ select: true, warehouse_id: 1, warehouse_area_id: 11 });
    await choose('warehouse_shelf_id', 'Shelf NA1 (NA1)');
    expect(selectText('warehouse_shelf_id')).toBe('Shelf NA1 (NA1)');

    // another warehouse: area and shelf are emptied, the area select now lists that warehouse's areas
    await choose('warehouse_id', 'South (S)');
    expect(selectText('warehouse_id')).toBe('South (S)');
    expect(selectText('warehouse_area_id')).not.toContain('North A');
    expect(selectText('warehouse_shelf_id')).not.toContain('Shelf NA1');
    expect(isDisabled('warehouse_shelf_id')).toBe(true);
    expect(await openOptions('warehouse_area_id')).toEqual(['South A (SA)']);
    await choose('warehouse_area_id', 'South A (SA)');

    // the posted row
    const input = (prop: string, value: string) => {
      const el = formItem(prop).querySelector('input') as HTMLInputElement;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(el, value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    };
    await act(async () => {
      input('product_no', 'P-1');
      input('name', 'Crisps');
    });
    await act(async () => {
      (document.body.querySelector('[data-crud="form-submit"]') as HTMLElement).click();
    });
    await flush();
    const add = calls(`${PRODUCT_API}/add`);
    expect(add).toHaveLength(1);
    expect(add[0].data).toMatchObject({ product_no: 'P-1', name: 'Crisps', warehouse_id: 2, warehouse_area_id: 21, warehouse_shelf_id: null, price: '0.00', status: 10 });
    expect(add[0].data).not.toHaveProperty('total_stock_num');
  });

  it('editing a product shows the names of its place and category, each select asking within the level above', async () => {
    const store = await renderForm();
    mockedRequest.mockImplementation((config) =>
      config.url === `${PRODUCT_API}/edit`
        ? Promise.resolve({
            code: 1,
            msg: '',
            time: 0,
            data: { row: { id: 5, product_no: 'P-5', name: 'Nuts', price: '1.00', status: 10, total_stock_num: 8, category_id: 5, warehouse_id: 1, warehouse_area_id: 12, warehouse_shelf_id: 0 } },
          })
        : answer(config),
    );
    await act(async () => {
      await store.openEdit(5);
    });
    await flush();
    expect(selectText('warehouse_id')).toBe('North (N)');
    expect(selectText('warehouse_area_id')).toBe('North B (NB)');
    expect(calls('/admin/wms.WarehouseArea/index').pop()?.params).toMatchObject({ warehouse_id: 1, initValue: '12' });
    expect(isDisabled('warehouse_shelf_id')).toBe(false);
    expect((formItem('total_stock_num').querySelector('input') as HTMLInputElement).disabled).toBe(true);
    expect(formItem('category_id').querySelector('.arco-tree-select-view')?.textContent).toContain('Snacks');
  });
});
