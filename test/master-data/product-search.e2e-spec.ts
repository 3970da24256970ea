import { containsPattern, LIKE_ESCAPE } from '../../src/shared/crud/list-query';
import { QueryCounter } from '../../src/shared/database/query-counter';
import { TestApp } from '../setup/create-test-app';
import { api, Api, quiet, Row } from './master-data-fixtures';
import { adminSpec } from '../support/admin-spec';

/**
 * The product quickSearch goes through the product search index (FTS5 trigram on SQLite, FULLTEXT over
 * collation-weight grams on MySQL/MariaDB) and answers exactly the rows of its LIKEs — id, name, product number and bar
 * code containing the term — on a mixed Chinese/English corpus, in the list's order; it
 * counts up to a cap, not every match; the index follows every write in the product's own statement.
 */
describe('product quickSearch through the search index', () => {
  jest.setTimeout(120_000);
  let t: TestApp;
  let client: Api;
  let unitId: number;
  const mysql = () => t.dataSource.options.type === 'mysql';

  const NAMES = [
    '无线鼠标', '无线键盘', '智能无线鼠标 Pro', '加厚保温杯', '迷你台灯', '升级版数据线 1m', '矿泉水 550ml', '咖啡豆 Arabica',
    'Wireless Mouse', 'WIRELESS mouse pad', 'wireless charger', 'Café Crème', 'cafe creme', 'CAFÉ au lait', 'Ｗｉｒｅｌｅｓｓ 全角',
    '50% off 纸巾', 'a_b c', 'quote "x" 引号', 'naïve tea 茶', 'Straße', '100%棉 毛巾', '鼠标垫', '键盘 鼠标 套装', 'USB-C 充电器',
  ];
  const TERMS = [
    '鼠', '标', 'a', 'é', '5', // one character
    '鼠标', '无线', 'ca', 'CA', 'P0', '69', '12', '%', '_', // two
    '无线鼠', '鼠标垫', 'mouse', 'MOUSE', 'Wire', 'ｗｉｒ', 'wir', 'café', 'cafe', 'CRÈME', 'creme', 'naive', 'ïve', '50%', 'a_b', '"x"', 'x"',
    'P0001', 'P00012', '690123', '6901234567', 'usb-c', '1m', '550ml', 'strasse', 'Straße', '100%棉', ' 鼠标', 'au lait', 'nothing here', '不存在的词',
  ];

  adminSpec({
    reset: 'once',
    ready: (fixture) => {
      ({ t } = fixture);
      client = api(fixture.t, fixture.session);
    },
  });
  beforeAll(async () => {
    unitId = (await client.add('Unit', { name: 'Box' })).id;
    // 24 names × 5 spellings of number and bar code: 120 products through the API, then 200 more by SQL
    let n = 0;
    for (const name of NAMES) {
      for (let variant = 0; variant < 5; variant++) {
        n++;
        await client.add('Product', { product_no: `P${String(n).padStart(4, '0')}`, bar_code: variant % 2 ? `69012345${String(n).padStart(5, '0')}` : undefined, name: variant ? `${name} ${variant}` : name, unit_id: unitId, price: '1.00' });
      }
    }
    const rows: unknown[] = [];
    for (let i = 1; i <= 200; i++) rows.push(`Q${i}`, `${NAMES[i % NAMES.length]}-${i}`, i % 3 ? null : `77${i}`);
    await t.dataSource.query(`INSERT INTO product (product_no, name, bar_code) VALUES ${Array.from({ length: 200 }, () => '(?, ?, ?)').join(', ')}`, rows);
  });

  /** The rows of the quickSearch's LIKEs without the index: id, name, product number or bar code contain it. */
  async function likeIds(term: string, order = 'id', limit = 100_000): Promise<number[]> {
    const q = (name: string) => (mysql() ? `\`${name}\`` : `"${name}"`);
    const where = ['id', 'name', 'product_no', 'bar_code'].map((c) => `${q(c)} LIKE ? ESCAPE '${LIKE_ESCAPE}'`).join(' OR ');
    const keyword = term.trim();
    const rows: Array<{ id: number }> = await t.dataSource.query(`SELECT id FROM product WHERE deletetime IS NULL AND (${where}) ORDER BY ${order} LIMIT ${limit}`, Array(4).fill(containsPattern(keyword)));
    return rows.map((r) => Number(r.id));
  }

  async function searchIds(term: string): Promise<number[]> {
    const data = await client.list('Product', `quickSearch=${encodeURIComponent(term)}&limit=1000&order=id,asc`);
    return data.list.map((row: Row) => Number(row.id));
  }

  it('answers the same rows as the LIKE for every term of the corpus', async () => {
    let found = 0;
    for (const term of TERMS) {
      const expected = await likeIds(term);
      expect({ term, ids: await searchIds(term) }).toEqual({ term, ids: expected });
      found += expected.length ? 1 : 0;
    }
    expect(found).toBeGreaterThan(30); // most terms find rows (some only under MySQL's accent- and width-blind collation)
  });

  it('finds product numbers and bar codes by any part, as a clerk types the end of a code', async () => {
    const [p12] = await likeIds('P0012');
    expect(await searchIds('P0012')).toEqual([p12]);
    expect(await searchIds('0012')).toContain(p12); // inside the product number
    const withCode: Array<{ id: number; bar_code: string }> = await t.dataSource.query("SELECT id, bar_code FROM product WHERE bar_code LIKE '69012345%' ORDER BY id LIMIT 1");
    expect(await searchIds(withCode[0].bar_code)).toEqual([Number(withCode[0].id)]);
    expect(await searchIds(withCode[0].bar_code.slice(4))).toContain(Number(withCode[0].id));
  });

  it('answers a first page in the list order and counts up to a cap, a lower bound past it', async () => {
    // 'Q': the 200 product numbers Q1…Q200 and the names with a q — more than the cap
    const all = await likeIds('Q');
    expect(all.length).toBeGreaterThan(200);
    const first = await client.list('Product', 'quickSearch=Q&limit=10');
    expect(first).toMatchObject({ total: 100, total_capped: true });
    expect(first.list.map((row: Row) => Number(row.id))).toEqual(await likeIds('Q', 'weigh DESC, id DESC', 10));
    // a page further on: counted up to that page and one more
    const third = await client.list('Product', 'quickSearch=Q&limit=50&page=3');
    expect(third).toMatchObject({ total: 200, total_capped: true });
    expect(third.list.map((row: Row) => Number(row.id))).toEqual((await likeIds('Q', 'weigh DESC, id DESC', 150)).slice(100));
    // under the cap: the exact count, in the list order through the index
    const few = await likeIds('无线鼠标');
    expect(few.length).toBeGreaterThan(10);
    expect(few.length).toBeLessThan(100);
    const answer = await client.list('Product', `quickSearch=${encodeURIComponent('无线鼠标')}&limit=10`);
    expect(answer.total).toBe(few.length);
    expect(answer.total_capped).toBeUndefined();
    expect(answer.list.map((row: Row) => Number(row.id))).toEqual(await likeIds('无线鼠标', 'weigh DESC, id DESC', 10));
  });

  it('reads the index: a product whose index entry is missing is not found by a long enough keyword', async () => {
    const [target] = await likeIds('迷你台灯 3');
    expect(await searchIds('迷你台灯 3')).toEqual([target]);
    if (mysql()) await t.dataSource.query("UPDATE product SET search_grams = '' WHERE id = ?", [target]);
    else await t.dataSource.query('DELETE FROM product_search WHERE rowid = ?', [target]);
    expect(await searchIds('迷你台灯 3')).toEqual([]);
    // a one-character keyword does not use the index (too short for it)
    expect(await searchIds('迷')).toContain(target);
    // renaming the product (here by SQL: the triggers follow any writer) writes its entry again
    await t.dataSource.query('UPDATE product SET name = ? WHERE id = ?', ['迷你台灯 3 new', target]);
    expect(await searchIds('迷你台灯 3')).toEqual([target]);
  });

  it('follows adds, edits and deletes through the API in their own transaction', async () => {
    const added = await client.add('Product', { product_no: 'NEW-1', name: '折叠雨伞 Umbrella', unit_id: unitId, price: '9.90' });
    expect(await searchIds('雨伞 umb')).toEqual([added.id]);
    const edited = await client.post('/admin/wms.Product/edit', { id: added.id, product_no: 'NEW-1', name: '折叠背包 Backpack', unit_id: unitId, price: '9.90' });
    expect(edited.body.code).toBe(1);
    expect(await searchIds('雨伞 umb')).toEqual([]);
    expect(await searchIds('背包 back')).toEqual([added.id]);
    expect((await client.delete('Product', [added.id])).body.code).toBe(1);
    expect(await searchIds('背包 back')).toEqual([]);
  });

  it('sends the same statements for a quickSearch as for a plain page', async () => {
    await quiet();
    const plain = await QueryCounter.measure(() => client.list('Product', 'limit=10'));
    await quiet();
    const searched = await QueryCounter.measure(() => client.list('Product', 'quickSearch=%E6%97%A0%E7%BA%BF%E9%BC%A0&limit=10'));
    expect(searched.result.list.length).toBeGreaterThan(0);
    expect(searched.queries).toBe(plain.queries);
  });
});
