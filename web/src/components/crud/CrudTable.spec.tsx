import '@/test-support/dom-globals';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { mountEachTest } from '@/test-support/react-root';
import { StoreProvider } from '@/stores/context';
import { RootStore } from '@/stores/root';
import { CrudPage } from './CrudPage';
import { CrudTableStore } from './store';
import type { CrudColumn, CrudField } from './types';

jest.mock('@/api/request', () => ({ ...jest.requireActual('@/api/request'), __esModule: true, default: jest.fn() }));
import request from '@/api/request';
import type { MenuRuleNode } from '@contract/accounts';

const mockedRequest = request as unknown as jest.Mock;

function rule(id: number, pid: number, type: MenuRuleNode['type'], name: string, children: MenuRuleNode[] = []): MenuRuleNode {
  return {
    id,
    pid,
    weigh: 0,
    type,
    name,
    path: name,
    title: name,
    icon: '',
    menu_type: type === 'menu' ? 'tab' : null,
    url: '',
    component: type === 'menu' ? `/src/pages/admin/${name}/index.tsx` : '',
    keepalive: 0,
    extend: 'none',
    children,
  };
}

function menusWith(actions: string[]): MenuRuleNode[] {
  return [rule(1, 0, 'menu_dir', 'wms', [rule(2, 1, 'menu', 'wms/brand', actions.map((a, i) => rule(10 + i, 2, 'button', `wms/brand/${a}`)))])];
}

const columns: CrudColumn[] = [
  { prop: 'id', label: 'ID', operator: '=' },
  { prop: 'name', label: 'Name' },
  { prop: 'status', label: 'Status', render: 'switch', switchEditable: true },
  { prop: 'weigh', label: 'Weigh', operator: false },
];
const fields: CrudField[] = [{ prop: 'name', label: 'Name', type: 'input', rules: ['required'] }];

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
}

const view = mountEachTest();

beforeEach(() => {
  mockedRequest.mockReset();
  mockedRequest.mockImplementation(() =>
    Promise.resolve({
      code: 1,
      msg: '',
      time: 0,
      data: {
        list: [
          { id: 1, name: 'Acme', status: 1, weigh: 1 },
          { id: 2, name: 'Bolt', status: 0, weigh: 2 },
        ],
        total: 2,
        remark: '',
      },
    }),
  );
});

async function renderPage(actions: string[]) {
  const root = new RootStore({ storage: memoryStorage() });
  root.navTabs.setRules(menusWith(actions));
  const store = new CrudTableStore(root, { api: '/admin/wms.Brand', columns, fields, quickSearchFields: ['Name'] });
  await act(async () => {
    view.root.render(
      <StoreProvider value={root}>
        <MemoryRouter initialEntries={['/admin/wms/brand']}>
          <CrudPage store={store} />
        </MemoryRouter>
      </StoreProvider>,
    );
  });
  await act(async () => {
    await Promise.resolve();
  });
  return store;
}

const q = (sel: string) => view.container.querySelectorAll(sel).length;

describe('CrudTable permission gating', () => {
  it('renders the rows and every button when all nodes are present', async () => {
    await renderPage(['index', 'add', 'edit', 'del', 'sortable']);
    expect(view.container.textContent).toContain('Acme');
    expect(view.container.textContent).toContain('Bolt');
    expect(q('[data-crud="refresh"]')).toBe(1);
    expect(q('[data-crud="add"]')).toBe(1);
    expect(q('[data-crud="delete-selected"]')).toBe(1);
    expect(q('[data-crud="row-edit"]')).toBe(2);
    expect(q('[data-crud="row-delete"]')).toBe(2);
    expect(q('[data-crud="row-sort"]')).toBe(2);
    expect(q('.arco-table-th')).toBeGreaterThanOrEqual(5);
    expect(q('.arco-switch[disabled]')).toBe(0);
    expect(q('input[type="checkbox"]')).toBeGreaterThan(0);
  });

  it('leaves out add, edit, delete and sort when the page has only the index node', async () => {
    await renderPage(['index']);
    expect(view.container.textContent).toContain('Acme');
    expect(q('[data-crud="refresh"]')).toBe(1);
    expect(q('[data-crud="quick-search"]') + q('.crud-quick-search')).toBeGreaterThan(0);
    expect(q('[data-crud="add"]')).toBe(0);
    expect(q('[data-crud="delete-selected"]')).toBe(0);
    expect(q('[data-crud="row-edit"]')).toBe(0);
    expect(q('[data-crud="row-delete"]')).toBe(0);
    expect(q('[data-crud="row-sort"]')).toBe(0);
    // no operation column, no selection column, switch cells read-only
    expect(view.container.textContent).not.toContain('crud.operate');
    expect(q('.arco-switch[disabled]')).toBe(2);
  });

  it('each node gates its own button', async () => {
    await renderPage(['index', 'edit']);
    expect(q('[data-crud="add"]')).toBe(0);
    expect(q('[data-crud="row-edit"]')).toBe(2);
    expect(q('[data-crud="row-delete"]')).toBe(0);
    expect(q('[data-crud="row-sort"]')).toBe(0);
  });

  it('the edit button opens the drawer with the row from GET edit', async () => {
    const store = await renderPage(['index', 'edit']);
    mockedRequest.mockImplementationOnce(() => Promise.resolve({ code: 1, msg: '', time: 0, data: { row: { id: 2, name: 'Bolt' } } }));
    const button = view.container.querySelector('[data-crud="row-edit"]') as HTMLButtonElement;
    await act(async () => {
      button.click();
    });
    await act(async () => {
      await Promise.resolve();
    });
    expect(mockedRequest).toHaveBeenCalledWith({ url: '/admin/wms.Brand/edit', method: 'get', params: { id: 1 } });
    expect(store.formMode).toBe('edit');
    const input = document.body.querySelector('.crud-drawer input') as HTMLInputElement | null;
    expect(input?.value).toBe('Bolt');
  });
});

describe('CrudTable pager with a capped total', () => {
  const answer = (data: Record<string, unknown>) => mockedRequest.mockImplementation(() => Promise.resolve({ code: 1, msg: '', time: 0, data: { list: [{ id: 1, name: 'Acme', status: 1, weigh: 1 }], remark: '', ...data } }));

  it('shows "10,000+" when the server stopped counting, and pages on past it', async () => {
    answer({ total: 10000, total_capped: true });
    const store = await renderPage(['index']);
    expect(store.totalCapped).toBe(true);
    expect(view.container.querySelector('.arco-pagination-total-text')?.textContent).toContain('10,000+');
    // the pager offers the pages up to the bound
    expect(view.container.textContent).toContain('1000');
  });

  it('shows an exact total without the plus sign', async () => {
    answer({ total: 9999 });
    const store = await renderPage(['index']);
    expect(store.totalCapped).toBe(false);
    const text = view.container.querySelector('.arco-pagination-total-text')?.textContent ?? '';
    expect(text).toContain('9999');
    expect(text).not.toContain('+');
  });
});
