import { DataSource } from 'typeorm';
import { chunkByText, updateById } from './sql-dialect';

describe('updateById', () => {
  let db: DataSource;
  beforeAll(async () => {
    db = await new DataSource({ type: 'better-sqlite3', database: ':memory:' }).initialize();
    await db.query('CREATE TABLE line (id INTEGER PRIMARY KEY, price TEXT, total TEXT, note TEXT)');
  });
  afterAll(() => db.destroy());
  beforeEach(async () => {
    await db.query('DELETE FROM line');
    await db.query("INSERT INTO line (id, price, total, note) VALUES (1, '1.00', '1.00', 'a'), (2, '2.00', '2.00', 'b'), (3, '3.00', '3.00', 'c')");
  });
  const rows = async () => db.query('SELECT id, price, total, note FROM line ORDER BY id');

  it('sets several columns of several rows in one statement and leaves other rows alone', async () => {
    const sent: string[] = [];
    const manager = Object.create(db.manager, { query: { value: (sql: string, params: unknown[]) => (sent.push(sql), db.manager.query(sql, params)) } });
    await updateById(manager, 'line', new Map([[1, { price: '1.50', total: '3.00' }], [3, { price: '3.50', total: '7.00' }]]));
    expect(sent).toHaveLength(1);
    expect(await rows()).toEqual([
      { id: 1, price: '1.50', total: '3.00', note: 'a' },
      { id: 2, price: '2.00', total: '2.00', note: 'b' },
      { id: 3, price: '3.50', total: '7.00', note: 'c' },
    ]);
  });

  it('keeps a column of a row that does not name it', async () => {
    await updateById(db.manager, 'line', new Map<number, Record<string, unknown>>([[1, { price: '9.00' }], [2, { note: 'z' }]]));
    expect(await rows()).toEqual([
      { id: 1, price: '9.00', total: '1.00', note: 'a' },
      { id: 2, price: '2.00', total: '2.00', note: 'z' },
      { id: 3, price: '3.00', total: '3.00', note: 'c' },
    ]);
  });

  it('refuses a column name that is not an identifier', async () => {
    await expect(updateById(db.manager, 'line', new Map([[1, { 'price = 0; --': '1' }]]))).rejects.toThrow('not an identifier');
  });
});

describe('chunkByText', () => {
  it('cuts at the row limit or before the text limit would be passed, and keeps an item larger than the limit alone', () => {
    const len = (s: string) => s.length;
    expect(chunkByText(['aa', 'bb', 'cc', 'dd', 'ee'], len, 2, 100)).toEqual([['aa', 'bb'], ['cc', 'dd'], ['ee']]);
    expect(chunkByText(['aaa', 'bbb', 'c', 'dddddddd', 'e'], len, 10, 4)).toEqual([['aaa'], ['bbb', 'c'], ['dddddddd'], ['e']]);
    expect(chunkByText([], len)).toEqual([]);
  });
});
