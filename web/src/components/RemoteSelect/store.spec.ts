import { RemoteSelectStore, toOptions, valueList } from './store';
import { toTreeNodes } from './RemoteTreeSelect';

jest.mock('@/api/request', () => ({ ...jest.requireActual('@/api/request'), __esModule: true, default: jest.fn() }));
import request from '@/api/request';

const mockedRequest = request as unknown as jest.Mock;

beforeEach(() => mockedRequest.mockReset());

describe('RemoteSelectStore', () => {
  it('searches with select=true, quickSearch, page and limit, reading data.list and total', async () => {
    mockedRequest.mockResolvedValue({ code: 1, data: { list: [{ id: 1, name: 'A' }, { id: 2, name: 'B' }], total: 5 } });
    const store = new RemoteSelectStore({ url: '/admin/wms.Brand/index', labelField: 'name' });
    await store.search('a');
    expect(mockedRequest.mock.calls[0][0]).toEqual({
      url: '/admin/wms.Brand/index',
      method: 'get',
      params: { select: true, quickSearch: 'a', page: 1, limit: 20 },
    });
    expect(store.mergedOptions.map((o) => [o.value, o.label])).toEqual([
      [1, 'A'],
      [2, 'B'],
    ]);
    expect(store.hasMore).toBe(true);
    mockedRequest.mockResolvedValue({ code: 1, data: { list: [{ id: 3, name: 'C' }], total: 5 } });
    await store.loadMore();
    expect(mockedRequest.mock.calls[1][0].params).toEqual({ select: true, quickSearch: 'a', page: 2, limit: 20 });
    expect(store.options).toHaveLength(3);
  });

  it('never shows the bare id of a value whose label is still loading', async () => {
    let answer: (value: unknown) => void = () => undefined;
    mockedRequest.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const store = new RemoteSelectStore({ url: '/admin/wms.Warehouse/index' });
    const loading = store.ensureValues([7, 9]);
    expect(store.valueText(7, 'Loading…')).toBe('Loading…');
    answer({ code: 1, data: { list: [{ id: 7, name: 'North' }], total: 1 } });
    await loading;
    expect(store.valueText(7, 'Loading…')).toBe('North');
    // a value the server does not know (deleted) is shown as such once that is known
    expect(store.valueText(9, 'Loading…')).toBe('#9');
    expect(store.valueText(null, 'Loading…')).toBe('');
  });

  it('loads the labels of the current values with initKey / initValue, once', async () => {
    mockedRequest.mockResolvedValue({ code: 1, data: { options: [{ id: 4, name: 'Four' }, { id: 6, name: 'Six' }] } });
    const store = new RemoteSelectStore({ url: '/admin/auth.Group/index' });
    await store.ensureValues([4, 6]);
    expect(mockedRequest.mock.calls[0][0].params).toEqual({ select: true, page: 1, limit: 20, initKey: 'id', initValue: '4,6' });
    expect(store.mergedOptions.map((o) => o.label)).toEqual(['Four', 'Six']);
    await store.ensureValues([6, 4]);
    expect(mockedRequest).toHaveBeenCalledTimes(1);
  });

  it('reads options of tree controllers, nested or flat with pid', () => {
    const nested = toOptions([{ id: 1, title: 'Root', children: [{ id: 2, title: 'Child' }] }], { labelField: 'title' });
    expect(toTreeNodes(nested)).toEqual([{ key: '1', title: 'Root', origin: 1, disabled: false, children: [{ key: '2', title: 'Child', origin: 2, disabled: false, children: undefined }] }]);
    const flat = toOptions(
      [
        { id: 1, pid: 0, name: 'Super' },
        { id: 2, pid: 1, name: '├ Level 1' },
        { id: 3, pid: 2, name: '│ └ Level 2' },
      ],
      { labelField: 'name' },
    );
    const nodes = toTreeNodes(flat);
    expect(nodes).toHaveLength(1);
    expect(nodes[0].children![0].title).toBe('Level 1');
    expect(nodes[0].children![0].children![0].key).toBe('3');
    // a node cannot become its own parent: it and its subtree are left out
    expect(toTreeNodes(flat, 2)[0].children).toBeUndefined();
  });

  it('normalises values', () => {
    expect(valueList('1,2')).toEqual(['1', '2']);
    expect(valueList([1, '', null, 2])).toEqual([1, 2]);
    expect(valueList(0)).toEqual([0]);
    expect(valueList(null)).toEqual([]);
  });
});
