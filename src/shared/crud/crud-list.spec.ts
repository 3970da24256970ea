import { DataSource, EntityMetadata } from 'typeorm';
import { TransactionRunner } from '../database/transaction-runner';
import { CrudDefinition } from './crud-definition';
import { CrudEnvironment, CrudKit } from './crud-kit';
import { CrudService } from './crud.service';
import { openTestDatabase, testDatabaseKinds, TestChildEntity, TestParentEntity } from './testing/crud-test-database';

/** Unix seconds of a wall-clock time in Asia/Shanghai (UTC+8, no daylight saving). */
const shanghai = (y: number, m: number, d: number, h = 0, mi = 0, s = 0) => Date.UTC(y, m - 1, d, h, mi, s) / 1000 - 8 * 3600;

const childCrud: CrudDefinition<TestChildEntity> = {
  entity: TestChildEntity,
  alias: 'child',
  writable: ['name', 'weigh', 'status', 'price', 'tags', 'parent_id'],
  hidden: ['secret'],
  quickSearchFields: ['id', 'name', 'parent.name'],
  // By table name, as a context embeds another context's names without importing its entity class.
  joins: { parent: { entity: 'crud_test_parent', on: 'parent_id', columns: ['name'] } },
  softDelete: true,
  filterParams: ['parent_id', 'status'],
};

type Search = { field?: string; operator?: string; val?: unknown; render?: string };

describe.each(testDatabaseKinds())('generic list on %s', (kind) => {
  let dataSource: DataSource;
  let service: CrudService<TestChildEntity>;
  const environment: CrudEnvironment & { zone: string } = {
    zone: 'Asia/Shanghai',
    timeZone() {
      return this.zone;
    },
    remark: (path) => `remark of ${path}`,
  };

  beforeAll(async () => {
    dataSource = await openTestDatabase(kind, 'wms_test_crud');
    await dataSource.getRepository(TestParentEntity).insert([{ name: 'Acme' }, { name: 'Globex' }]);
    await dataSource.getRepository(TestChildEntity).insert([
      { name: 'Apple', weigh: 10, status: 1, price: '12.50', createtime: shanghai(2026, 1, 1, 8), tags: 'red,fruit', parent_id: 1, secret: 's1' },
      { name: 'Banana', weigh: 20, status: 0, price: '3.99', createtime: shanghai(2026, 1, 15), tags: 'yellow,fruit', parent_id: 2, secret: 's2' },
      { name: 'Cherry', weigh: 30, status: 1, price: '12.49', createtime: shanghai(2026, 1, 31, 23, 59, 59), tags: 'red', parent_id: 1 },
      { name: '50% off', weigh: 40, status: 1, price: '100.00', createtime: shanghai(2026, 2, 1), tags: null, parent_id: null },
      { name: 'a_b\\c', weigh: 50, status: 2, price: '0.10', createtime: null, tags: 'fruit', parent_id: 2 },
      { name: 'Deleted', weigh: 60, status: 1, price: '12.50', createtime: shanghai(2026, 1, 1), tags: 'red', parent_id: 1, deletetime: shanghai(2026, 3, 1) },
    ]);
    service = new CrudService(new CrudKit(dataSource, new TransactionRunner(dataSource), environment), childCrud);
  });
  afterAll(() => dataSource.destroy());
  afterEach(() => {
    environment.zone = 'Asia/Shanghai';
  });

  /** Names of the rows a query lists, in id order unless the query orders otherwise. */
  const names = async (query: Record<string, unknown>) => (await service.list({ order: 'id,asc', ...query })).list.map((row) => row.name);
  const search = (...entries: Search[]) => ({ search: entries });
  const where = (field: string, operator: string, val?: unknown, render?: string) => names(search({ field, operator, val, render }));

  describe('comparison operators', () => {
    it('eq / = compare as text and match exactly', async () => {
      expect(await where('status', 'eq', '1')).toEqual(['Apple', 'Cherry', '50% off']);
      expect(await where('status', '=', 1)).toEqual(['Apple', 'Cherry', '50% off']);
    });

    it('ne / <> exclude the value', async () => {
      expect(await where('status', 'ne', '1')).toEqual(['Banana', 'a_b\\c']);
      expect(await where('status', '<>', '1')).toEqual(['Banana', 'a_b\\c']);
    });

    it('gt / egt / lt / elt keep decimals instead of truncating them', async () => {
      // intval("12.49") would be 12 and wrongly include Cherry (12.49) in "> 12.49".
      expect(await where('price', 'gt', '12.49')).toEqual(['Apple', '50% off']);
      expect(await where('price', '>', '12.49')).toEqual(['Apple', '50% off']);
      expect(await where('price', 'egt', '12.49')).toEqual(['Apple', 'Cherry', '50% off']);
      expect(await where('price', '>=', '12.5')).toEqual(['Apple', '50% off']);
      expect(await where('price', 'lt', '3.99')).toEqual(['a_b\\c']);
      expect(await where('price', '<', '0.1')).toEqual([]);
      expect(await where('price', 'elt', '3.99')).toEqual(['Banana', 'a_b\\c']);
      expect(await where('price', '<=', '0.10')).toEqual(['a_b\\c']);
    });

    it('rejects a non-numeric value for an ordering comparison', async () => {
      await expect(where('price', 'gt', 'abc')).rejects.toMatchObject({ messageKey: 'crud.invalid_search_value', args: { field: 'price' } });
    });
  });

  describe('LIKE', () => {
    it('matches a substring, and NOT LIKE its complement', async () => {
      expect(await where('name', 'LIKE', 'an')).toEqual(['Banana']);
      expect(await where('name', 'like', 'ERR')).toEqual(['Cherry']);
      expect(await where('name', 'NOT LIKE', 'e')).toEqual(['Banana', '50% off', 'a_b\\c']);
    });

    it('treats %, _ and \\ in the value as literal characters', async () => {
      expect(await where('name', 'LIKE', '%')).toEqual(['50% off']);
      expect(await where('name', 'LIKE', '_')).toEqual(['a_b\\c']);
      expect(await where('name', 'LIKE', '\\')).toEqual(['a_b\\c']);
      expect(await where('name', 'LIKE', 'b\\c')).toEqual(['a_b\\c']);
      expect(await where('name', 'LIKE', '!')).toEqual([]);
    });
  });

  describe('IN / NOT IN', () => {
    it('accepts a comma string or an array', async () => {
      expect(await where('status', 'IN', '1,2')).toEqual(['Apple', 'Cherry', '50% off', 'a_b\\c']);
      expect(await where('status', 'IN', ['0'])).toEqual(['Banana']);
      expect(await where('id', 'IN', ['1', '3', '6'])).toEqual(['Apple', 'Cherry']);
      expect(await where('status', 'NOT IN', '1')).toEqual(['Banana', 'a_b\\c']);
      expect(await where('status', 'NOT IN', ['0', '2'])).toEqual(['Apple', 'Cherry', '50% off']);
    });
  });

  describe('RANGE / NOT RANGE', () => {
    it('covers both bounds inclusively, and NOT RANGE the outside', async () => {
      expect(await where('price', 'RANGE', '3.99,12.49')).toEqual(['Banana', 'Cherry']);
      expect(await where('price', 'RANGE', ['3.99', '12.49'])).toEqual(['Banana', 'Cherry']);
      expect(await where('price', 'NOT RANGE', '3.99,12.49')).toEqual(['Apple', '50% off', 'a_b\\c']);
    });

    it('becomes one-sided when a side is empty', async () => {
      expect(await where('price', 'RANGE', ',3.99')).toEqual(['Banana', 'a_b\\c']);
      expect(await where('price', 'RANGE', '12.5,')).toEqual(['Apple', '50% off']);
      expect(await where('price', 'NOT RANGE', ',3.99')).toEqual(['Apple', 'Cherry', '50% off']);
      expect(await where('price', 'NOT RANGE', '12.5,')).toEqual(['Banana', 'Cherry', 'a_b\\c']);
      expect(await where('price', 'RANGE', ',')).toEqual(['Apple', 'Banana', 'Cherry', '50% off', 'a_b\\c']);
    });
  });

  describe('render: datetime', () => {
    it('turns "start,end" dates into Unix seconds in the site time zone', async () => {
      expect(await where('createtime', 'RANGE', '2026-01-01 00:00:00,2026-01-31 23:59:59', 'datetime')).toEqual(['Apple', 'Banana', 'Cherry']);
      // A bare end date covers its whole day.
      expect(await where('createtime', 'RANGE', '2026-01-01,2026-01-31', 'datetime')).toEqual(['Apple', 'Banana', 'Cherry']);
      expect(await where('createtime', 'RANGE', '2026-02-01 00:00:00,', 'datetime')).toEqual(['50% off']);
      expect(await where('createtime', 'RANGE', ',2026-01-01', 'datetime')).toEqual(['Apple']);
      expect(await where('createtime', 'NOT RANGE', '2026-01-02,2026-01-31', 'datetime')).toEqual(['Apple', '50% off']);
      expect(await where('createtime', 'eq', '2026-02-01 00:00:00', 'datetime')).toEqual(['50% off']);
      expect(await where('createtime', 'egt', '2026-01-31', 'datetime')).toEqual(['Cherry', '50% off']);
    });

    it('follows the time zone the site is configured with', async () => {
      environment.zone = 'UTC';
      // Cherry was created at 15:59:59 UTC on January 31st, "50% off" at 16:00:00.
      expect(await where('createtime', 'RANGE', '2026-01-31 16:00:00,', 'datetime')).toEqual(['50% off']);
      expect(await where('createtime', 'RANGE', '2026-01-31,2026-01-31', 'datetime')).toEqual(['Cherry', '50% off']);
    });

    it('rejects a value that is not a date', async () => {
      await expect(where('createtime', 'RANGE', 'yesterday,', 'datetime')).rejects.toMatchObject({ messageKey: 'crud.invalid_search_value' });
      await expect(where('createtime', 'eq', '2026-02-30', 'datetime')).rejects.toMatchObject({ messageKey: 'crud.invalid_search_value' });
    });
  });

  describe('NULL / NOT NULL and FIND_IN_SET', () => {
    it('NULL operators ignore val', async () => {
      expect(await where('createtime', 'NULL')).toEqual(['a_b\\c']);
      expect(await where('createtime', 'NULL', 'anything')).toEqual(['a_b\\c']);
      expect(await where('parent_id', 'NOT NULL', true)).toEqual(['Apple', 'Banana', 'Cherry', 'a_b\\c']);
    });

    it('FIND_IN_SET matches whole list elements; several values must all be present', async () => {
      expect(await where('tags', 'FIND_IN_SET', 'red')).toEqual(['Apple', 'Cherry']);
      expect(await where('tags', 'FIND_IN_SET', 'fruit')).toEqual(['Apple', 'Banana', 'a_b\\c']);
      expect(await where('tags', 'FIND_IN_SET', ['red', 'fruit'])).toEqual(['Apple']);
      expect(await where('tags', 'FIND_IN_SET', 'red,fruit')).toEqual(['Apple']);
      expect(await where('tags', 'FIND_IN_SET', 'ed')).toEqual([]);
      expect(await where('tags', 'FIND_IN_SET', '%')).toEqual([]);
    });
  });

  describe('search entries', () => {
    it('combines several entries with AND and skips those without field or operator', async () => {
      const query = search(
        { field: 'status', operator: 'eq', val: '1' },
        { field: 'price', operator: 'lt', val: '50' },
        { operator: 'eq', val: '1' },
        { field: 'name', val: 'x' },
        { field: 'name', operator: 'LIKE' },
      );
      expect(await names(query)).toEqual(['Apple', 'Cherry']);
    });

    it('accepts the object qs makes of sparse indexes', async () => {
      expect(await names({ search: { 3: { field: 'status', operator: 'eq', val: '0' } } })).toEqual(['Banana']);
    });

    it('filters on joined columns through their alias', async () => {
      expect(await where('parent.name', 'eq', 'Acme')).toEqual(['Apple', 'Cherry']);
      expect(await where('parent.name', 'LIKE', 'lob')).toEqual(['Banana', 'a_b\\c']);
      expect(await where('child.status', 'eq', '2')).toEqual(['a_b\\c']);
    });

    it('accepts the named filters as plain query parameters', async () => {
      expect(await names({ parent_id: '1' })).toEqual(['Apple', 'Cherry']);
      expect(await names({ status: ['0', '2'] })).toEqual(['Banana', 'a_b\\c']);
    });
  });

  describe('quickSearch', () => {
    it('ORs a LIKE over the configured fields, joined ones included', async () => {
      expect(await names({ quickSearch: 'an' })).toEqual(['Banana']);
      expect(await names({ quickSearch: 'acme' })).toEqual(['Apple', 'Cherry']);
      expect(await names({ quickSearch: '5' })).toEqual(['50% off', 'a_b\\c']); // id 5 and a name with 5
      expect(await names({ quickSearch: '%' })).toEqual(['50% off']);
      expect(await names({ quickSearch: '   ' })).toHaveLength(5);
    });
  });

  describe('order and pagination', () => {
    it('sorts weigh desc, id desc by default', async () => {
      expect((await service.list({})).list.map((row) => row.name)).toEqual(['a_b\\c', '50% off', 'Cherry', 'Banana', 'Apple']);
    });

    it('sorts by an allowed field in either direction, joined fields included', async () => {
      expect(await names({ order: 'price,asc' })).toEqual(['a_b\\c', 'Banana', 'Cherry', 'Apple', '50% off']);
      expect(await names({ order: 'price,DESC' })).toEqual(['50% off', 'Apple', 'Cherry', 'Banana', 'a_b\\c']);
      expect(await names({ order: 'parent.name,desc' })).toEqual(['a_b\\c', 'Banana', 'Cherry', 'Apple', '50% off']);
    });

    it('pages with page and limit and counts every matching row', async () => {
      const second = await service.list({ page: '2', limit: '2' });
      expect(second.total).toBe(5);
      expect(second.list.map((row) => row.name)).toEqual(['Cherry', 'Banana']);
      expect((await service.list({ page: '3', limit: '2' })).list.map((row) => row.name)).toEqual(['Apple']);
      expect((await service.list({ page: '9', limit: '2' })).list).toEqual([]);
    });

    it('clamps bad page and limit values instead of failing', async () => {
      for (const page of ['0', '-3', 'abc', '']) expect((await service.list({ page, limit: '2' })).list).toHaveLength(2);
      expect((await service.list({ limit: '0' })).list).toHaveLength(5);
      expect((await service.list({ limit: '99999' })).list).toHaveLength(5);
    });
  });

  describe('answer shape', () => {
    it('answers {list, total, remark} with joined names embedded and hidden columns left out', async () => {
      const result = await service.list({ order: 'id,asc', limit: '1' }, { controllerPath: 'test/child' });
      expect(result.total).toBe(5);
      expect(result.remark).toBe('remark of test/child');
      expect(result.list[0]).toEqual({
        id: 1,
        name: 'Apple',
        weigh: 10,
        status: 1,
        price: expect.anything(),
        createtime: shanghai(2026, 1, 1, 8),
        updatetime: null,
        // the same under the framework v2 names, which its own client reads
        create_time: shanghai(2026, 1, 1, 8),
        update_time: null,
        deletetime: null,
        tags: 'red,fruit',
        parent_id: 1,
        parent: { id: 1, name: 'Acme' },
      });
      expect(Number(result.list[0].price)).toBe(12.5);
      expect(Object.getPrototypeOf(result.list[0])).toBe(Object.prototype);
      expect((await service.list({ search: [{ field: 'parent_id', operator: 'NULL' }] })).list[0].parent).toBeNull();
    });

    it('reads a page as raw columns: no entity is built (hydrating them was most of a cheap list request\'s own CPU)', async () => {
      const create = jest.spyOn(EntityMetadata.prototype, 'create');
      try {
        const result = await service.list({ order: 'id,asc' });
        expect(result.list.map((row) => row.parent)).toEqual([{ id: 1, name: 'Acme' }, { id: 2, name: 'Globex' }, { id: 1, name: 'Acme' }, null, { id: 2, name: 'Globex' }]);
        expect(create).not.toHaveBeenCalled();
      } finally {
        create.mockRestore();
      }
    });

    it('answers select requests with the same shape', async () => {
      for (const select of [true, 1, '1', 'true']) {
        const result = await service.list({ select, quickSearch: 'Apple' });
        expect(result).toEqual({ list: [expect.objectContaining({ name: 'Apple' })], total: 1, remark: '' });
      }
    });

    it('never lists soft-deleted rows, not even when asked for them', async () => {
      expect(await names({})).not.toContain('Deleted');
      expect(await where('deletetime', 'NOT NULL')).toEqual([]);
      expect(await where('id', 'eq', '6')).toEqual([]);
      expect(await names({ initValue: '6' })).toEqual([]);
    });
  });

  describe('scopes', () => {
    it('narrows the rows by a per-request scope and by the definition\'s scopeList hook, totals included', async () => {
      const scoped = await service.list({ order: 'id,asc' }, { scope: (qb) => qb.andWhere('child.parent_id = :mine', { mine: 2 }) });
      expect(scoped).toMatchObject({ total: 2, list: [{ name: 'Banana' }, { name: 'a_b\\c' }] });

      const hooked = new CrudService(new CrudKit(dataSource, new TransactionRunner(dataSource)), {
        ...childCrud,
        hooks: { scopeList: (qb, query) => void (query.cheap === '1' && qb.andWhere('child.price < :cheap', { cheap: 5 })) },
      });
      // The hook's own parameter names never collide with the ones the list binds.
      const result = await hooked.list({ cheap: '1', search: [{ field: 'price', operator: 'gt', val: '1' }] });
      expect(result).toMatchObject({ total: 1, list: [{ name: 'Banana' }] });
    });
  });

  describe('initKey / initValue', () => {
    it('loads the rows behind a remote select\'s current values, whatever the page', async () => {
      expect(await names({ initValue: '1,3', page: '7', limit: '1' })).toEqual(['Apple', 'Cherry']);
      expect(await names({ initValue: ['2', '5'] })).toEqual(['Banana', 'a_b\\c']);
      expect(await names({ initKey: 'name', initValue: 'Banana,Cherry' })).toEqual(['Banana', 'Cherry']);
      expect((await service.list({ initValue: '' })).list).toHaveLength(5);
    });
  });

  describe('allow-lists and hostile input', () => {
    const childTableIntact = async () => expect(await dataSource.getRepository(TestChildEntity).count()).toBe(6);

    it('rejects fields outside the allow-list, hidden columns included, without running SQL', async () => {
      await expect(where('secret', 'eq', 's1')).rejects.toMatchObject({ messageKey: 'crud.invalid_search_field', args: { field: 'secret' } });
      await expect(names({ order: 'secret,asc' })).rejects.toMatchObject({ messageKey: 'crud.invalid_order_field' });
      await expect(names({ initKey: 'secret', initValue: 's1' })).rejects.toMatchObject({ messageKey: 'crud.invalid_search_field' });
      await expect(where('parent.secret', 'eq', 'x')).rejects.toMatchObject({ messageKey: 'crud.invalid_search_field' });
    });

    it('rejects SQL in field names, operators and order', async () => {
      const attempts: Array<[Record<string, unknown>, string]> = [
        [search({ field: 'name); DROP TABLE crud_test_child;--', operator: 'eq', val: '1' }), 'crud.invalid_search_field'],
        [search({ field: 'name', operator: '= 1 OR 1=1 --', val: '1' }), 'crud.invalid_operator'],
        [search({ field: 'name', operator: 'LIKE) OR (1=1', val: '1' }), 'crud.invalid_operator'],
        [{ order: 'id desc, (select 1)' }, 'crud.invalid_order_field'],
        [{ order: 'name);DROP TABLE crud_test_child;--,asc' }, 'crud.invalid_order_field'],
        [{ order: 'id,desc; DROP TABLE crud_test_child' }, 'crud.invalid_order_direction'],
        [{ order: 'id,asc,name' }, 'crud.invalid_order_direction'],
        [{ initKey: '1=1) OR (id', initValue: '1' }, 'crud.invalid_search_field'],
      ];
      for (const [query, messageKey] of attempts) {
        const error = await service.list(query).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toMatchObject({ messageKey });
        expect(String((error as Error).message)).toBe(messageKey); // no SQL or driver text travels with it
      }
      await childTableIntact();
    });

    it('treats SQL in values and in quickSearch as data', async () => {
      expect(await names({ quickSearch: 'name); DROP TABLE crud_test_child;--' })).toEqual([]);
      expect(await names({ quickSearch: "' OR '1'='1" })).toEqual([]);
      expect(await where('name', 'eq', "x' OR '1'='1")).toEqual([]);
      expect(await where('name', 'LIKE', "%' OR 1=1 --")).toEqual([]);
      expect(await where('name', 'IN', ["Apple') OR ('1'='1"])).toEqual([]);
      expect(await where('tags', 'FIND_IN_SET', "red') OR ('1'='1")).toEqual([]);
      await expect(where('price', 'gt', '1 OR 1=1')).rejects.toMatchObject({ messageKey: 'crud.invalid_search_value' });
      await childTableIntact();
    });
  });
});
