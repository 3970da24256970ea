import { buildDelQuery } from '@/api/crud';
import {
  buildIndexParams,
  buildRemoteSelectParams,
  buildSearchEntries,
  defaultOperator,
  flattenSearch,
  formatDatetime,
  getByPath,
  toSeconds,
} from './params';
import type { CrudColumn } from './types';
import { setDisplayTimeZone } from '@/utils/time';

const columns: CrudColumn[] = [
  { prop: 'id', label: 'id', operator: '=' },
  { prop: 'name', label: 'name' },
  { prop: 'status', label: 'status', render: 'tag', options: [{ value: 0, label: 'off' }, { value: 1, label: 'on' }] },
  { prop: 'price', label: 'price', operator: 'RANGE' },
  { prop: 'createtime', label: 'createtime', render: 'datetime' },
  { prop: 'avatar', label: 'avatar', render: 'image' },
  { prop: 'brand.name', label: 'brand', searchField: 'brand.name' },
  { prop: 'tags', label: 'tags', operator: 'IN' },
  { prop: 'deletetime', label: 'deleted', operator: 'NULL' },
  { prop: 'secret', label: 'secret', operator: false },
];

describe('defaultOperator', () => {
  it('derives LIKE for text, = for enums and switches, RANGE for dates, nothing for images', () => {
    expect(defaultOperator({ prop: 'a', label: 'a' })).toBe('LIKE');
    expect(defaultOperator({ prop: 'a', label: 'a', render: 'switch' })).toBe('=');
    expect(defaultOperator({ prop: 'a', label: 'a', options: [{ value: 1, label: 'x' }] })).toBe('=');
    expect(defaultOperator({ prop: 'a', label: 'a', render: 'datetime' })).toBe('RANGE');
    expect(defaultOperator({ prop: 'a', label: 'a', render: 'image' })).toBe(false);
    expect(defaultOperator({ prop: 'a', label: 'a', render: 'image', operator: '=' })).toBe('=');
  });
});

describe('buildSearchEntries', () => {
  it('turns the search form values into search[] entries with the operator of each column', () => {
    const entries = buildSearchEntries(columns, {
      id: 7,
      name: '  apple ',
      status: 0,
      price: [10, 20],
      createtime: ['2026-01-01', '2026-01-31'],
      'brand.name': 'acme',
      tags: ['a', 'b'],
      deletetime: true,
      secret: 'never sent',
      avatar: 'x.png',
    });
    expect(entries).toEqual([
      { field: 'id', val: '7', operator: '=' },
      { field: 'name', val: 'apple', operator: 'LIKE' },
      { field: 'status', val: '0', operator: '=' },
      { field: 'price', val: '10,20', operator: 'RANGE' },
      { field: 'createtime', val: '2026-01-01 00:00:00,2026-01-31 23:59:59', operator: 'RANGE', render: 'datetime' },
      { field: 'brand.name', val: 'acme', operator: 'LIKE' },
      { field: 'tags', val: 'a,b', operator: 'IN' },
      { field: 'deletetime', val: '1', operator: 'NULL' },
    ]);
  });

  it('skips empty values and keeps one-sided number ranges', () => {
    const entries = buildSearchEntries(columns, {
      id: '',
      name: '   ',
      status: undefined,
      price: [null, 5],
      createtime: ['2026-01-01', ''],
      tags: [],
      deletetime: false,
    });
    expect(entries).toEqual([{ field: 'price', val: ',5', operator: 'RANGE' }]);
  });

  it('keeps the time of datetime pickers and formats date objects', () => {
    const dayjsLike = { format: () => '2026-02-03 04:05:06' };
    const entries = buildSearchEntries([{ prop: 't', label: 't', render: 'datetime' }], { t: [dayjsLike, '2026-02-04 10:00:00'] });
    expect(entries).toEqual([{ field: 't', val: '2026-02-03 04:05:06,2026-02-04 10:00:00', operator: 'RANGE', render: 'datetime' }]);
  });
});

describe('flattenSearch and buildIndexParams', () => {
  it('sends search entries as qs-style flat keys', () => {
    expect(flattenSearch([{ field: 'createtime', val: 'a,b', operator: 'RANGE', render: 'datetime' }, { field: 'name', val: 'x', operator: 'LIKE' }])).toEqual({
      'search[0][field]': 'createtime',
      'search[0][val]': 'a,b',
      'search[0][operator]': 'RANGE',
      'search[0][render]': 'datetime',
      'search[1][field]': 'name',
      'search[1][val]': 'x',
      'search[1][operator]': 'LIKE',
    });
  });

  it('builds page, limit, quickSearch, order and search', () => {
    expect(
      buildIndexParams({
        page: 3,
        limit: 20,
        quickSearch: ' kw ',
        order: { field: 'createtime', dir: 'asc' },
        search: [{ field: 'status', val: '1', operator: '=' }],
        extra: { warehouse_id: 5, empty: '' },
      }),
    ).toEqual({
      page: 3,
      limit: 20,
      quickSearch: 'kw',
      order: 'createtime,asc',
      'search[0][field]': 'status',
      'search[0][val]': '1',
      'search[0][operator]': '=',
      warehouse_id: 5,
    });
  });

  it('defaults to page 1, limit 10, no order; tree lists are not paginated', () => {
    expect(buildIndexParams({})).toEqual({ page: 1, limit: 10 });
    expect(buildIndexParams({ order: { field: 'id', dir: 'desc' } })).toEqual({ page: 1, limit: 10, order: 'id,desc' });
    expect(buildIndexParams({ paginate: false, quickSearch: 'x' })).toEqual({ quickSearch: 'x' });
  });
});

describe('buildRemoteSelectParams', () => {
  it('asks for select options with the keyword and page', () => {
    expect(buildRemoteSelectParams({ quickSearch: 'ab', page: 2, limit: 20 })).toEqual({ select: true, quickSearch: 'ab', page: 2, limit: 20 });
  });

  it('sends the current value(s) as initKey / initValue', () => {
    expect(buildRemoteSelectParams({ initValue: 5 })).toEqual({ select: true, page: 1, limit: 20, initKey: 'id', initValue: '5' });
    expect(buildRemoteSelectParams({ initKey: 'code', initValue: [1, '', 3, null] })).toEqual({
      select: true,
      page: 1,
      limit: 20,
      initKey: 'code',
      initValue: '1,3',
    });
    expect(buildRemoteSelectParams({ initValue: [] })).toEqual({ select: true, page: 1, limit: 20 });
    expect(buildRemoteSelectParams({ initValue: '' })).toEqual({ select: true, page: 1, limit: 20 });
  });
});

describe('helpers', () => {
  it('builds ids[] for del', () => {
    expect(buildDelQuery([1, 2])).toBe('ids%5B%5D=1&ids%5B%5D=2');
    expect(decodeURIComponent(buildDelQuery(['a b']))).toBe('ids[]=a b');
  });

  it('formats 10-digit timestamps as seconds and 13-digit ones as milliseconds', () => {
    const seconds = 1767225600; // 2026-01-01 00:00:00 UTC
    const local = new Date(seconds * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected = `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`;
    expect(formatDatetime(seconds)).toBe(expected);
    expect(formatDatetime(String(seconds))).toBe(expected);
    expect(formatDatetime(seconds * 1000)).toBe(expected);
    expect(formatDatetime(null)).toBe('-');
    expect(formatDatetime(0)).toBe('-');
    expect(formatDatetime('')).toBe('-');
    expect(formatDatetime(seconds, 'YYYY-MM-DD')).toBe(expected.slice(0, 10));
    expect(toSeconds(seconds * 1000)).toBe(seconds);
    expect(toSeconds('')).toBeNull();
  });

  it("reads a day or a time the date pickers wrote as the site's wall clock, whatever the browser's zone", () => {
    setDisplayTimeZone('Asia/Shanghai');
    try {
      expect(toSeconds('2026-11-29 08:00:00')).toBe(Date.UTC(2026, 10, 29, 0, 0, 0) / 1000);
      expect(toSeconds('2026-11-29')).toBe(Date.UTC(2026, 10, 28, 16, 0, 0) / 1000);
      expect(formatDatetime('2026-11-29 08:00:00')).toBe('2026-11-29 08:00:00');
      // a text that names its zone keeps it
      expect(toSeconds('2026-11-29T00:00:00Z')).toBe(Date.UTC(2026, 10, 29, 0, 0, 0) / 1000);
    } finally {
      setDisplayTimeZone(null);
    }
  });

  it('reads nested relation fields', () => {
    expect(getByPath({ brand: { name: 'Acme' } }, 'brand.name')).toBe('Acme');
    expect(getByPath({ brand: null }, 'brand.name')).toBeUndefined();
    expect(getByPath({ a: 1 }, 'a')).toBe(1);
  });
});
