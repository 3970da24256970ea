import { DataSource } from 'typeorm';
import { QueryCounter } from '../database/query-counter';
import { TransactionRunner } from '../database/transaction-runner';
import { CrudDefinition } from './crud-definition';
import { CrudKit } from './crud-kit';
import { COUNT_CAP, CrudService, QUICK_SEARCH_COUNT_CAP } from './crud.service';
import { openTestDatabase, testDatabaseKinds, TestChildEntity } from './testing/crud-test-database';

const childCrud: CrudDefinition<TestChildEntity> = {
  entity: TestChildEntity,
  alias: 'child',
  writable: ['name', 'status'],
  quickSearchFields: ['name'],
  filterParams: ['status'],
};

/** The database of this spec on MySQL: the DB_URL database's name (…_test_…) with a suffix of its own. */
function mysqlDatabase(): string {
  const name = process.env.DB_URL ? decodeURIComponent(new URL(process.env.DB_URL).pathname.slice(1)) : 'wms_test';
  return `${name}_crud_count`;
}

const ROWS = COUNT_CAP + 50;

/**
 * A list over more rows than COUNT_CAP answers `total: COUNT_CAP, total_capped: true` (a lower bound); at or
 * under the cap the exact total without the field. Two statements per list (page and count), one when the page
 * tells the total itself.
 */
describe.each(testDatabaseKinds())('capped list counts on %s', (kind) => {
  jest.setTimeout(120_000);
  let dataSource: DataSource;
  let service: CrudService<TestChildEntity>;

  beforeAll(async () => {
    dataSource = await openTestDatabase(kind, mysqlDatabase());
    await dataSource.query('DELETE FROM crud_test_child');
    // 50 rows of status 2 and COUNT_CAP rows of status 1, 500 a statement
    for (let start = 0; start < ROWS; start += 500) {
      const rows = Array.from({ length: Math.min(500, ROWS - start) }, (_, i) => start + i).map((n) => ({ name: `row ${n}`, status: n < 50 ? 2 : 1 }));
      await dataSource.getRepository(TestChildEntity).insert(rows);
    }
    service = new CrudService(new CrudKit(dataSource, new TransactionRunner(dataSource)), childCrud);
  });
  afterAll(() => dataSource?.destroy());

  it('answers an exact total without the flag when the rows fit under the cap', async () => {
    const { result, queries } = await QueryCounter.measure(() => service.list({ status: '2' }));
    expect(result.total).toBe(50);
    expect(result).not.toHaveProperty('total_capped');
    expect(result.list).toHaveLength(10);
    expect(queries).toBe(2);
  });

  it('takes the total from a page that is not full, in one statement, and counts when a page is past the end', async () => {
    const last = await QueryCounter.measure(() => service.list({ status: '2', limit: '20', page: '3' }));
    expect(last.result.list.map((row) => row.name)).toHaveLength(10);
    expect(last.result.total).toBe(50);
    expect(last.queries).toBe(1);
    const none = await QueryCounter.measure(() => service.list({ status: '3' }));
    expect([none.result.total, none.result.list.length, none.queries]).toEqual([0, 0, 1]);
    const past = await QueryCounter.measure(() => service.list({ status: '2', limit: '20', page: '4' }));
    expect([past.result.total, past.result.list.length, past.queries]).toEqual([50, 0, 2]);
  });

  it('answers exactly COUNT_CAP rows as exact', async () => {
    const result = await service.list({ status: '1' });
    expect(result.total).toBe(COUNT_CAP);
    expect(result).not.toHaveProperty('total_capped');
  });

  it('stops counting at the cap and says the total is a lower bound, in the same two statements', async () => {
    const { result, queries } = await QueryCounter.measure(() => service.list({ limit: '20' }));
    expect(result.total).toBe(COUNT_CAP);
    expect(result.total_capped).toBe(true);
    expect(result.list).toHaveLength(20);
    expect(queries).toBe(2);
  });

  it('counts a quickSearch up to its own, lower cap', async () => {
    const result = await service.list({ quickSearch: 'row' });
    expect(result).toMatchObject({ total: QUICK_SEARCH_COUNT_CAP, total_capped: true });
  });

  it('counts past the cap far enough to show the page asked for and a next one', async () => {
    // page 1,004 of 10 (rows 10,031 … 10,040) counts up to 10,050 + 1: every row, so the total is exact
    const result = await service.list({ page: String(COUNT_CAP / 10 + 4), limit: '10', order: 'id,asc' });
    expect(result.list.map((row) => row.name)).toEqual(Array.from({ length: 10 }, (_, i) => `row ${COUNT_CAP + 30 + i}`));
    expect(result.total).toBe(ROWS);
    expect(result).not.toHaveProperty('total_capped');
    // page 1,000 counts up to 10,010 + 1
    const near = await service.list({ page: String(COUNT_CAP / 10), limit: '10' });
    expect(near).toMatchObject({ total: COUNT_CAP + 10, total_capped: true });
  });
});
