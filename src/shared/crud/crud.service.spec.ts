import { IsIn, IsNotEmpty, IsOptional } from 'class-validator';
import { DataSource } from 'typeorm';
import { QueryCounter } from '../database/query-counter';
import { TransactionRunner } from '../database/transaction-runner';
import { unixNow } from '../http/envelope';
import { AppError } from '../http/app-error';
import { msg } from '../http/validation';
import { compileCrudDefinition, CrudDefinition } from './crud-definition';
import { CrudKit } from './crud-kit';
import { CrudService } from './crud.service';
import { openTestDatabase, testDatabaseKinds, TestChildEntity, TestParentEntity } from './testing/crud-test-database';

class ChildInput {
  @IsNotEmpty({ message: msg('validation.required') })
  name: string;

  @IsOptional()
  @IsIn([0, 1, 2, '0', '1', '2'], { message: msg('validation.invalid') })
  status?: number | string;

  @IsOptional() weigh?: number;
  @IsOptional() price?: string;
  @IsOptional() tags?: string;
  @IsOptional() parent_id?: number;
}

const childCrud: CrudDefinition<TestChildEntity> = {
  entity: TestChildEntity,
  alias: 'child',
  writable: ['name', 'weigh', 'status', 'price', 'tags', 'parent_id'],
  hidden: ['secret'],
  quickSearchFields: ['name'],
  joins: { parent: { entity: TestParentEntity, on: 'parent_id', columns: ['name'] } },
  softDelete: true,
};

const parentCrud: CrudDefinition<TestParentEntity> = { entity: TestParentEntity, alias: 'parent', writable: ['name'] };

describe.each(testDatabaseKinds())('generic CRUD service on %s', (kind) => {
  let dataSource: DataSource;
  let kit: CrudKit;
  let children: CrudService<TestChildEntity>;
  let parents: CrudService<TestParentEntity>;
  let acme: number;

  beforeAll(async () => {
    dataSource = await openTestDatabase(kind, 'wms_test_crud_service');
    kit = new CrudKit(dataSource, new TransactionRunner(dataSource));
    children = new CrudService(kit, childCrud);
    parents = new CrudService(kit, parentCrud);
  });
  afterAll(() => dataSource.destroy());
  beforeEach(async () => {
    await dataSource.getRepository(TestChildEntity).clear();
    await dataSource.getRepository(TestParentEntity).clear();
    acme = (await dataSource.getRepository(TestParentEntity).insert({ name: 'Acme' })).identifiers[0].id;
  });

  const stored = (id: unknown) => dataSource.getRepository(TestChildEntity).findOneByOrFail({ id: Number(id) });
  const childCount = () => dataSource.getRepository(TestChildEntity).count();
  const insertChild = async (values: Partial<TestChildEntity>) =>
    (await dataSource.getRepository(TestChildEntity).insert({ name: 'x', ...values })).identifiers[0].id as number;

  describe('add', () => {
    it('writes only writable fields, stamps the times, sets weigh = id and answers the row with its joins', async () => {
      const before = unixNow();
      const row = await children.add({
        id: 999,
        name: 'New',
        status: '1',
        price: '9.90',
        parent_id: acme,
        createtime: 1,
        updatetime: 1,
        deletetime: 5,
        secret: 'leak',
        bogus: 'ignored',
      });
      expect(row.id).not.toBe(999);
      expect(row).toMatchObject({ name: 'New', status: 1, weigh: row.id, deletetime: null, parent: { id: acme, name: 'Acme' } });
      expect(row.createtime).toBeGreaterThanOrEqual(before);
      expect(row.updatetime).toBe(row.createtime);
      expect(row).not.toHaveProperty('secret');
      expect(row).not.toHaveProperty('bogus');
      const saved = await stored(row.id);
      expect(saved.secret).toBeNull();
      expect(Number(saved.price)).toBe(9.9);
    });

    it('keeps a weight that was given', async () => {
      expect((await children.add({ name: 'Weighted', weigh: 7 })).weigh).toBe(7);
    });

    it('refuses an empty or malformed body', async () => {
      for (const body of [undefined, null, {}, [], 'name=x']) {
        await expect(children.add(body)).rejects.toMatchObject({ messageKey: 'crud.parameter_error' });
      }
      expect(await childCount()).toBe(0);
    });

    it('runs the definition\'s validation first and answers the first failure', async () => {
      const validated = new CrudService(kit, { ...childCrud, validation: { add: ChildInput, edit: ChildInput } });
      await expect(validated.add({ status: 1 })).rejects.toMatchObject({ messageKey: 'validation.required', args: { field: '@fields.name' } });
      await expect(validated.add({ name: 'A', status: 7 })).rejects.toMatchObject({ messageKey: 'validation.invalid' });
      expect((await validated.add({ name: 'Valid', status: '2', secret: 'x' })).status).toBe(2);
      expect((await stored((await validated.add({ name: 'Other' })).id)).secret).toBeNull();
    });
  });

  describe('get', () => {
    it('answers {row} with joined names and without hidden columns', async () => {
      const id = await insertChild({ name: 'One', parent_id: acme, secret: 'hash' });
      const { row } = await children.get(String(id));
      expect(row).toMatchObject({ id, name: 'One', parent: { id: acme, name: 'Acme' } });
      expect(row).not.toHaveProperty('secret');
    });

    it('answers record not found for a missing or soft-deleted row, parameter error for a bad id', async () => {
      const gone = await insertChild({ deletetime: unixNow() });
      await expect(children.get(gone)).rejects.toMatchObject({ messageKey: 'crud.record_not_found' });
      await expect(children.get(gone + 100)).rejects.toMatchObject({ messageKey: 'crud.record_not_found' });
      for (const id of [undefined, '', 'abc', '1 OR 1=1', -1, 0, 1.5, ['1']]) {
        await expect(children.get(id)).rejects.toMatchObject({ messageKey: 'crud.parameter_error' });
      }
    });
  });

  describe('edit', () => {
    it('updates writable fields only and stamps updatetime', async () => {
      const id = await insertChild({ name: 'Old', createtime: 100, updatetime: 100, weigh: 1, secret: 'keep' });
      const row = await children.edit({ id: String(id), name: 'Renamed', weigh: 3, createtime: 1, deletetime: 1, secret: 'x', id2: 5 });
      expect(row).toMatchObject({ id, name: 'Renamed', weigh: 3, createtime: 100, deletetime: null });
      expect(row.updatetime).toBeGreaterThan(100);
      expect((await stored(id)).secret).toBe('keep');
    });

    it('refuses a missing id, an unknown row and a soft-deleted row', async () => {
      const gone = await insertChild({ name: 'Gone', deletetime: 1 });
      await expect(children.edit({ name: 'x' })).rejects.toMatchObject({ messageKey: 'crud.parameter_error' });
      await expect(children.edit({ id: gone + 100, name: 'x' })).rejects.toMatchObject({ messageKey: 'crud.record_not_found' });
      await expect(children.edit({ id: gone, name: 'x' })).rejects.toMatchObject({ messageKey: 'crud.record_not_found' });
      expect((await stored(gone)).name).toBe('Gone');
    });
  });

  describe('hooks', () => {
    it('beforeWrite may adjust the data or refuse, and a refusal writes nothing', async () => {
      const hooked = new CrudService(kit, {
        ...childCrud,
        hooks: {
          beforeWrite(data, { action, existing }) {
            if (data.name === 'taken') throw new AppError('test.name_taken', { name: String(data.name) });
            data.tags = action === 'edit' ? `edited:${existing?.name}` : 'added';
          },
        },
      });
      const row = await hooked.add({ name: 'Fine' });
      expect(row.tags).toBe('added');
      expect((await hooked.edit({ id: row.id, name: 'Finer' })).tags).toBe('edited:Fine');
      await expect(hooked.add({ name: 'taken' })).rejects.toMatchObject({ messageKey: 'test.name_taken', args: { name: 'taken' } });
      await expect(hooked.edit({ id: row.id, name: 'taken' })).rejects.toMatchObject({ messageKey: 'test.name_taken' });
      expect(await childCount()).toBe(1);
      expect((await stored(row.id)).name).toBe('Finer');
    });

    it('beforeDelete sees the rows and may refuse the whole deletion', async () => {
      const seen: string[] = [];
      const guarded = new CrudService(kit, {
        ...childCrud,
        hooks: {
          beforeDelete(rows) {
            seen.push(...rows.map((row) => row.name));
            if (rows.some((row) => row.name === 'referenced')) throw new AppError('test.in_use');
          },
        },
      });
      const free = await insertChild({ name: 'free' });
      const used = await insertChild({ name: 'referenced' });
      await expect(guarded.del([free, used])).rejects.toMatchObject({ messageKey: 'test.in_use' });
      expect(seen).toEqual(['free', 'referenced']);
      expect((await stored(free)).deletetime).toBeNull();
      expect(await guarded.del([free])).toEqual({ count: 1 });
    });
  });

  describe('del', () => {
    it('soft-deletes the rows that exist and counts them', async () => {
      const a = await insertChild({ name: 'a' });
      const b = await insertChild({ name: 'b' });
      const c = await insertChild({ name: 'c' });
      expect(await children.del([String(a), String(b), String(c + 100)])).toEqual({ count: 2 });
      expect((await stored(a)).deletetime).toBeGreaterThan(0);
      expect((await children.list({})).list.map((row) => row.name)).toEqual(['c']);
      expect(await childCount()).toBe(3); // still there, only hidden
    });

    it('answers "no rows were deleted" when nothing matched, including rows already deleted', async () => {
      const a = await insertChild({ name: 'a' });
      await children.del([a]);
      await expect(children.del([a])).rejects.toMatchObject({ messageKey: 'crud.no_rows_deleted' });
      await expect(children.del([a + 100])).rejects.toMatchObject({ messageKey: 'crud.no_rows_deleted' });
    });

    it('accepts one scalar id and refuses empty or malformed ids', async () => {
      const a = await insertChild({ name: 'a' });
      expect(await children.del(String(a))).toEqual({ count: 1 });
      for (const ids of [undefined, '', [], ['x'], [a, '1; DROP TABLE crud_test_child'], { 0: a }]) {
        await expect(children.del(ids)).rejects.toMatchObject({ messageKey: 'crud.parameter_error' });
      }
    });

    it('deletes for real where the entity has no deletetime', async () => {
      const other = (await dataSource.getRepository(TestParentEntity).insert({ name: 'Other' })).identifiers[0].id;
      expect(await parents.del([acme, other])).toEqual({ count: 2 });
      expect(await dataSource.getRepository(TestParentEntity).count()).toBe(0);
    });
  });

  describe('sortable', () => {
    it('swaps the weights of the two rows', async () => {
      const a = await insertChild({ name: 'a', weigh: 10 });
      const b = await insertChild({ name: 'b', weigh: 20 });
      await children.sortable(String(a), b);
      expect([(await stored(a)).weigh, (await stored(b)).weigh]).toEqual([20, 10]);
      expect((await children.list({})).list.map((row) => row.name)).toEqual(['a', 'b']);
    });

    it('refuses equal weights, missing rows and resources without weigh', async () => {
      const a = await insertChild({ name: 'a', weigh: 5 });
      const b = await insertChild({ name: 'b', weigh: 5 });
      const gone = await insertChild({ name: 'gone', weigh: 9, deletetime: 1 });
      await expect(children.sortable(a, b)).rejects.toMatchObject({ messageKey: 'crud.sort_equal_weights' });
      await expect(children.sortable(a, gone)).rejects.toMatchObject({ messageKey: 'crud.record_not_found' });
      await expect(children.sortable(a, undefined)).rejects.toMatchObject({ messageKey: 'crud.parameter_error' });
      await expect(parents.sortable(acme, acme)).rejects.toMatchObject({ messageKey: 'crud.parameter_error' });
      expect([(await stored(a)).weigh, (await stored(b)).weigh, (await stored(gone)).weigh]).toEqual([5, 5, 9]);
    });
  });

  describe('statements per list', () => {
    it('sends two statements (page with joins + count) for 5 rows of 40, one for all 40 in a page of 500', async () => {
      const others = await dataSource.getRepository(TestParentEntity).insert([{ name: 'P2' }, { name: 'P3' }]);
      const parentIds = [acme, ...others.identifiers.map((identifier) => identifier.id as number)];
      await dataSource.getRepository(TestChildEntity).insert(
        Array.from({ length: 60 }, (_, i) => ({ name: `child ${i}`, weigh: i, parent_id: parentIds[i % 3] })),
      );
      const query = { search: [{ field: 'parent.name', operator: 'LIKE', val: 'P' }], quickSearch: 'child' };
      const small = await QueryCounter.measure(() => children.list({ ...query, limit: '5' }));
      const large = await QueryCounter.measure(() => children.list({ ...query, limit: '500' }));
      expect(small.result.list).toHaveLength(5);
      expect(large.result.list).toHaveLength(40);
      expect(large.result.list.every((row) => typeof (row.parent as { name: string }).name === 'string')).toBe(true);
      expect([small.result.total, large.result.total]).toEqual([40, 40]);
      expect(small.queries).toBe(2);
      expect(large.queries).toBe(1);
    });
  });
});

describe('definitions are checked against the entity when the service is built', () => {
  let dataSource: DataSource;
  beforeAll(async () => {
    dataSource = await openTestDatabase('sqlite', '');
  });
  afterAll(() => dataSource.destroy());

  const problems: Array<[string, Partial<CrudDefinition<TestChildEntity>>, RegExp]> = [
    ['the primary key as writable', { writable: ['id'] }, /"id" is maintained/],
    ['a timestamp as writable', { writable: ['createtime'] }, /"createtime" is maintained/],
    ['an unknown writable column', { writable: ['nope'] }, /no column "nope"/],
    ['a hidden column as search field', { searchFields: ['secret'] }, /search field "secret"/],
    ['an unknown order field', { orderFields: ['nope'] }, /order field "nope"/],
    ['a join on an unknown column', { joins: { parent: { entity: TestParentEntity, on: 'nope_id', columns: ['name'] } } }, /no column "nope_id"/],
    ['a join column that does not exist', { joins: { parent: { entity: TestParentEntity, on: 'parent_id', columns: ['nope'] } } }, /parent has no column "nope"/],
    ['a join alias that is not an identifier', { joins: { 'p; --': { entity: TestParentEntity, on: 'parent_id', columns: [] } } }, /not a unique identifier/],
    ['an alias that is not an identifier', { alias: 'c"x' }, /not a plain identifier/],
    ['a filter parameter that is not a search field', { searchFields: ['name'], filterParams: ['status'] }, /filter parameter "status"/],
  ];
  it.each(problems)('refuses %s', (_, change, message) => {
    expect(() => compileCrudDefinition(dataSource, { ...childCrud, ...change })).toThrow(message);
  });

  it('refuses soft delete on an entity without deletetime', () => {
    expect(() => compileCrudDefinition(dataSource, { ...parentCrud, softDelete: true })).toThrow(/deletetime/);
  });
});
