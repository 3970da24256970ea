import { CrudTableStore } from './store';
import { formToBody, rowToForm } from './formValues';
import type { CrudColumn, CrudField } from './types';

jest.mock('@/api/request', () => ({ ...jest.requireActual('@/api/request'), __esModule: true, default: jest.fn() }));
import request from '@/api/request';

const mockedRequest = request as unknown as jest.Mock;

function ok(data: unknown) {
  return Promise.resolve({ code: 1, msg: '', time: 0, data });
}

const columns: CrudColumn[] = [
  { prop: 'id', label: 'id', operator: '=', sortable: true },
  { prop: 'name', label: 'name' },
  { prop: 'status', label: 'status', render: 'switch' },
  { prop: 'weigh', label: 'weigh', operator: false },
];

const rows = [
  { id: 3, name: 'c', status: 1, weigh: 3 },
  { id: 2, name: 'b', status: 0, weigh: 2 },
  { id: 1, name: 'a', status: 1, weigh: 1 },
];

function makeStore(extra: Partial<ConstructorParameters<typeof CrudTableStore>[1]> = {}) {
  return new CrudTableStore({ config: { lang: 'en' } }, { api: '/admin/wms.Brand', columns, ...extra });
}

beforeEach(() => {
  mockedRequest.mockReset();
  mockedRequest.mockImplementation(() => ok({ list: rows, total: 23, remark: 'hello' }));
});

describe('CrudTableStore list', () => {
  it('loads the first page with GET index?page&limit', async () => {
    const store = makeStore();
    await store.load();
    expect(mockedRequest).toHaveBeenCalledWith({ url: '/admin/wms.Brand/index', method: 'get', params: { page: 1, limit: 10 } });
    expect(store.list).toHaveLength(3);
    expect(store.total).toBe(23);
    expect(store.remark).toBe('hello');
    expect(store.loading).toBe(false);
  });

  it('sends quickSearch, order and search[] and goes back to page 1', async () => {
    const store = makeStore({ limit: 20 });
    store.setPage(2);
    store.setSearchValue('name', 'ab');
    store.setSearchValue('status', 1);
    store.submitSearch();
    store.setOrder({ field: 'id', dir: 'asc' });
    store.submitQuickSearch('kw');
    await store.load();
    const params = mockedRequest.mock.calls.at(-1)[0].params;
    expect(params).toEqual({
      page: 1,
      limit: 20,
      quickSearch: 'kw',
      order: 'id,asc',
      'search[0][field]': 'name',
      'search[0][val]': 'ab',
      'search[0][operator]': 'LIKE',
      'search[1][field]': 'status',
      'search[1][val]': '1',
      'search[1][operator]': '=',
    });
    store.resetSearch();
    store.setOrder(null);
    await store.load();
    expect(mockedRequest.mock.calls.at(-1)[0].params).toEqual({ page: 1, limit: 20, quickSearch: 'kw' });
  });

  it('changing the page size goes back to page 1', async () => {
    const store = makeStore();
    store.setPage(3);
    store.setPage(3, 50);
    await store.load();
    expect(mockedRequest.mock.calls.at(-1)[0].params).toMatchObject({ page: 1, limit: 50 });
  });

  it('tree lists are not paginated and start expanded', async () => {
    mockedRequest.mockImplementation(() => ok({ list: [{ id: 1, children: [{ id: 2, children: [{ id: 3 }] }] }, { id: 4 }] }));
    const store = makeStore({ tree: true });
    await store.load();
    expect(mockedRequest.mock.calls[0][0].params).toEqual({});
    expect(store.expandedKeys).toEqual([1, 2]);
    expect(store.allExpanded).toBe(true);
    store.toggleExpandAll();
    expect(store.expandedKeys).toEqual([]);
  });

  it('a tree with expandAll false starts at the top level and keeps what the user opened across reloads', async () => {
    mockedRequest.mockImplementation(() => ok({ list: [{ id: 1, children: [{ id: 2, children: [{ id: 3 }] }] }, { id: 4, children: [{ id: 5 }] }] }));
    const store = makeStore({ tree: true, expandAll: false });
    await store.load();
    expect(store.expandedKeys).toEqual([]);
    store.setExpandedKeys([1]);
    await store.load();
    expect(store.expandedKeys).toEqual([1]);
    mockedRequest.mockImplementation(() => ok({ list: [{ id: 4, children: [{ id: 5 }] }] }));
    await store.load();
    expect(store.expandedKeys).toEqual([]);
  });

  it('keeps only the newest answer when loads overlap', async () => {
    let release: (v: unknown) => void = () => undefined;
    mockedRequest.mockImplementationOnce(() => new Promise((r) => (release = r)));
    mockedRequest.mockImplementationOnce(() => ok({ list: [rows[0]], total: 1 }));
    const store = makeStore();
    const first = store.load();
    await store.load();
    release({ code: 1, data: { list: rows, total: 3 } });
    await first;
    expect(store.list).toHaveLength(1);
  });
});

describe('CrudTableStore actions', () => {
  it('deletes with DELETE del?ids[]=… and reloads', async () => {
    const store = makeStore();
    await store.load();
    store.setSelectedKeys([3, 1]);
    mockedRequest.mockClear();
    await store.removeSelected();
    expect(mockedRequest.mock.calls[0][0]).toEqual({ url: '/admin/wms.Brand/del?ids%5B%5D=3&ids%5B%5D=1', method: 'delete' });
    expect(mockedRequest.mock.calls[0][1]).toEqual({ showSuccessMessage: true });
    expect(mockedRequest.mock.calls[1][0].url).toBe('/admin/wms.Brand/index');
    expect(store.selectedKeys).toEqual([]);
  });

  it('weigh-sort posts sortable {id, targetId}', async () => {
    const store = makeStore();
    await store.load();
    mockedRequest.mockClear();
    await store.sortable(3, 1);
    expect(mockedRequest.mock.calls[0][0]).toEqual({ url: '/admin/wms.Brand/sortable', method: 'post', data: { id: 3, targetId: 1 } });
    mockedRequest.mockClear();
    await store.move(2, 'up');
    expect(mockedRequest.mock.calls[0][0].data).toEqual({ id: 2, targetId: 3 });
    mockedRequest.mockClear();
    expect(await store.move(1, 'down')).toBe(false);
    expect(await store.sortable(1, 1)).toBe(false);
    expect(mockedRequest).not.toHaveBeenCalled();
  });

  it('a switch cell posts edit {pk, field} and rolls back on failure', async () => {
    const store = makeStore();
    await store.load();
    mockedRequest.mockImplementationOnce(() => ok({}));
    await store.changeField(store.list[1], 'status', 1);
    expect(mockedRequest.mock.calls.at(-1)[0]).toEqual({ url: '/admin/wms.Brand/edit', method: 'post', data: { id: 2, status: 1 } });
    expect(store.list[1].status).toBe(1);
    mockedRequest.mockImplementationOnce(() => Promise.reject({ code: 0, msg: 'no' }));
    await store.changeField(store.list[1], 'status', 0);
    expect(store.list[1].status).toBe(1);
    expect(store.error).toBe('no');
  });

  it('opens the edit form with GET edit?id= and posts edit with the pk', async () => {
    const store = makeStore({ afterRead: (row) => ({ ...row, extra: true }) });
    mockedRequest.mockImplementationOnce(() => ok({ row: { id: 2, name: 'b' } }));
    await store.openEdit(2);
    expect(mockedRequest.mock.calls[0][0]).toEqual({ url: '/admin/wms.Brand/edit', method: 'get', params: { id: 2 } });
    expect(store.formMode).toBe('edit');
    expect(store.formRow).toEqual({ id: 2, name: 'b', extra: true });
    mockedRequest.mockClear();
    expect(await store.submit({ name: 'bb' })).toBe(true);
    expect(mockedRequest.mock.calls[0][0]).toEqual({ url: '/admin/wms.Brand/edit', method: 'post', data: { name: 'bb', id: 2 } });
    expect(mockedRequest.mock.calls[0][1]).toEqual({ showSuccessMessage: true });
    expect(store.formMode).toBeNull();
  });

  it('adds with POST add; a failure keeps the form open', async () => {
    const store = makeStore({ beforeSubmit: (d) => ({ ...d, touched: 1 }) });
    store.openAdd({ name: 'preset' });
    expect(store.formRow).toEqual({ name: 'preset' });
    mockedRequest.mockImplementationOnce(() => Promise.reject({ code: 0, msg: 'exists' }));
    expect(await store.submit({ name: 'x' })).toBe(false);
    expect(mockedRequest.mock.calls[0][0]).toEqual({ url: '/admin/wms.Brand/add', method: 'post', data: { name: 'x', touched: 1 } });
    expect(store.formMode).toBe('add');
    expect(store.submitting).toBe(false);
  });

  it('column visibility toggles', () => {
    const store = makeStore({ columns: [...columns, { prop: 'secret', label: 's', hidden: true }] });
    expect(store.visibleColumns.map((c) => c.prop)).toEqual(['id', 'name', 'status', 'weigh']);
    store.toggleColumn('secret');
    store.toggleColumn('name', false);
    expect(store.visibleColumns.map((c) => c.prop)).toEqual(['id', 'status', 'weigh', 'secret']);
  });
});

describe('form values', () => {
  const fields: CrudField[] = [
    { prop: 'name', label: 'n', type: 'input' },
    { prop: 'password', label: 'p', type: 'password' },
    { prop: 'status', label: 's', type: 'switch', defaultValue: 1 },
    { prop: 'url', label: 'u', type: 'input', visible: (v) => v.kind === 'link' },
    { prop: 'kind', label: 'k', type: 'radio', defaultValue: 'tab' },
    { prop: 'day', label: 'd', type: 'date' },
    { prop: 'groups', label: 'g', type: 'remoteSelect', toForm: (v) => String(v).split(',').map(Number), toServer: (v) => v.join(',') },
  ];

  it('starts the add form with the defaults and the edit form with the row (never the password)', () => {
    expect(rowToForm(fields, {}, 'add')).toEqual({ name: undefined, password: '', status: 1, url: undefined, kind: 'tab', day: undefined, groups: [NaN] });
    const edit = rowToForm(fields, { name: 'x', password: 'hash', status: 0, kind: 'link', url: 'http://a', day: 1767225600, groups: '1,2' }, 'edit');
    expect(edit).toEqual({ name: 'x', password: '', status: 0, url: 'http://a', kind: 'link', day: 1767225600000, groups: [1, 2] });
  });

  it('posts visible fields, leaves out an empty password, dates in seconds', () => {
    expect(formToBody(fields, { name: ' x ', password: '', status: 1, kind: 'tab', url: 'hidden', day: 1767225600000, groups: [1, 2] }, 'edit')).toEqual({
      name: 'x',
      status: 1,
      kind: 'tab',
      day: 1767225600,
      groups: '1,2',
    });
    expect(formToBody(fields, { name: null, password: 'secret1', kind: 'link', url: undefined, groups: [] }, 'add')).toEqual({
      name: '',
      password: 'secret1',
      status: 0,
      url: '',
      kind: 'link',
      day: null,
      groups: '',
    });
  });
});
