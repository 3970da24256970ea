import { setLocale } from '@/lang';
import { filenameOf } from '@/api/crud';
import { exportParams, TransferStore } from './store';

describe('TransferStore', () => {
  const notices: Array<[string, string]> = [];
  const root = { notify: (type: string, message: string) => void notices.push([type, message]) };
  const table = { api: { base: '/admin/wms.Product' }, indexParams: { page: 3, limit: 20, quickSearch: 'saw', 'search[0][field]': 'status' }, refresh: jest.fn(async () => undefined) };

  beforeEach(() => {
    notices.length = 0;
    table.refresh.mockClear();
  });
  afterAll(() => setLocale('zh-cn'));

  it('exports the list filters without paging', async () => {
    expect(exportParams(table.indexParams, 'xlsx')).toEqual({ quickSearch: 'saw', 'search[0][field]': 'status', format: 'xlsx' });
    const blob = new Blob(['x']);
    const api = { download: jest.fn(async () => blob), importFile: jest.fn(), save: jest.fn() };
    await setLocale('en');
    const store = new TransferStore(root, table, 'spec.product', api as never);
    await store.exportList('csv');
    expect(api.download).toHaveBeenCalledWith('/admin/wms.Product/export', { quickSearch: 'saw', 'search[0][field]': 'status', format: 'csv' });
    expect(api.save).toHaveBeenCalledWith(blob, expect.stringMatching(/^spec\.product-\d{8}-\d{6}\.csv$/));
    expect(store.exporting).toBeNull();
  });

  it('goes from uploading (with a percentage) to the server check, then shows the count', async () => {
    let progress: (p: number) => void = () => undefined;
    let finish: (v: unknown) => void = () => undefined;
    const api = {
      download: jest.fn(),
      save: jest.fn(),
      importFile: jest.fn((_base: string, _file: File, onProgress: (p: number) => void) => {
        progress = onProgress;
        return new Promise((resolve) => (finish = resolve));
      }),
    };
    const store = new TransferStore(root, table, 'spec.product', api as never);
    store.openImport();
    const done = store.importFile(new File(['a'], 'p.csv'));
    expect(store.phase).toBe('uploading');
    progress(40);
    expect(store.percent).toBe(40);
    expect(store.busy).toBe(true);
    progress(100);
    expect(store.phase).toBe('processing');
    store.closeImport();
    expect(store.dialogOpen).toBe(true); // not while the server works
    finish({ count: 12, msg: '12 rows imported' });
    await done;
    expect(store.phase).toBe('done');
    expect(store.imported).toBe(12);
    expect(table.refresh).toHaveBeenCalled();
    expect(notices).toEqual([['success', '12 rows imported']]);
  });

  it('keeps every reported problem of a refused file', async () => {
    const errors = [
      { row: 2, field: 'Name', reason: 'Please enter Name' },
      { row: 5, field: 'Price', reason: 'Price must not be less than 0' },
    ];
    const api = { download: jest.fn(), save: jest.fn(), importFile: jest.fn(async () => Promise.reject({ code: 0, msg: '2 of 9 rows have problems; nothing was imported', data: { errors } })) };
    const store = new TransferStore(root, table, 'spec.product', api as never);
    await store.importFile(new File(['a'], 'p.csv'));
    expect(store.phase).toBe('failed');
    expect(store.message).toBe('2 of 9 rows have problems; nothing was imported');
    expect(store.problems).toEqual(errors);
    expect(table.refresh).not.toHaveBeenCalled();
    store.reset();
    expect(store.phase).toBe('idle');
  });

  it('reads file names from Content-Disposition', () => {
    expect(filenameOf(`attachment; filename="a.csv"; filename*=UTF-8''%E5%95%86%E5%93%81.csv`, 'x')).toBe('商品.csv');
    expect(filenameOf('attachment; filename="a.csv"', 'x')).toBe('a.csv');
    expect(filenameOf(undefined, 'x')).toBe('x');
  });
});
