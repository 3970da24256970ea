import { TestApp } from '../setup/create-test-app';
import { api, Api, Row } from './master-data-fixtures';
import { adminSpec } from '../support/admin-spec';

/** Product categories: a tree by pid, with tree answers for the list and the select. */
describe('categories (wms.Category)', () => {
  let t: TestApp;
  let client: Api;
  let food: Row, fruit: Row, apples: Row, bread: Row, tools: Row;

  adminSpec({
    ready: (fixture) => {
      ({ t } = fixture);
      client = api(fixture.t, fixture.session);
    },
  });
  beforeEach(async () => {
    // weigh = id, so later rows sort first among their siblings (weigh desc, id asc).
    food = await client.add('Category', { name: 'Food' });
    fruit = await client.add('Category', { pid: food.id, name: 'Fruit' });
    apples = await client.add('Category', { pid: String(fruit.id), name: 'Apples', status: '0' });
    bread = await client.add('Category', { pid: food.id, name: 'Bread' });
    tools = await client.add('Category', { name: 'Tools' });
  });

  const names = (nodes: Row[]): unknown[] => nodes.map((n) => (n.children ? [n.name, names(n.children)] : n.name));

  it('answers the list as a tree with children, every row counted', async () => {
    const data = await client.list('Category');
    expect(data).toMatchObject({ total: 5, remark: '' });
    expect(names(data.list)).toEqual(['Tools', ['Food', ['Bread', ['Fruit', ['Apples']]]]]);
    expect(data.list[1]).toMatchObject({ id: food.id, pid: 0, status: 1, deletetime: null });
    expect(data.list[1].children[1].children[0]).toMatchObject({ id: apples.id, pid: fruit.id, status: 0 });
    expect(data.list[0].children).toBeUndefined();
  });

  it('filters before nesting: a row whose parent is filtered out becomes a root', async () => {
    expect(names((await client.list('Category', 'quickSearch=ppl')).list)).toEqual(['Apples']);
    expect(names((await client.list('Category', 'status=1')).list)).toEqual(['Tools', ['Food', ['Bread', 'Fruit']]]);
    expect(names((await client.list('Category', `pid=${food.id}`)).list)).toEqual(['Bread', 'Fruit']);
  });

  it('answers select=true with {options}: depth-first, indented names, pid and depth', async () => {
    const res = await client.get('/admin/wms.Category/index?select=true');
    expect(Object.keys(res.body.data)).toEqual(['options']);
    expect(res.body.data.options.map((o: Row) => [o.name, o.pid, o.depth])).toEqual([
      ['Tools', 0, 0],
      ['Food', 0, 0],
      ['├ Bread', food.id, 1],
      ['└ Fruit', food.id, 1],
      ['  └ Apples', fruit.id, 2],
    ]);
    const init = await client.get(`/admin/wms.Category/index?select=true&initKey=id&initValue=${apples.id}`);
    expect(init.body.data.options).toMatchObject([{ id: apples.id, name: 'Apples' }]);
    expect((await client.get('/admin/wms.Category/index?select=1&quickSearch=Bre')).body.data.options).toMatchObject([{ id: bread.id, name: 'Bread' }]);
  });

  it('refuses a parent that does not exist, is the node itself or one of its descendants', async () => {
    expect((await client.post('/admin/wms.Category/add', { pid: 999, name: 'X' })).body).toMatchObject({ code: 0, msg: 'The selected Parent does not exist' });
    const self = await client.post('/admin/wms.Category/edit', { id: food.id, pid: food.id });
    expect(self.body).toMatchObject({ code: 0, msg: 'A category cannot be placed under itself or one of its subcategories' });
    expect((await client.post('/admin/wms.Category/edit', { id: food.id, pid: apples.id })).body.msg).toBe('A category cannot be placed under itself or one of its subcategories');
    const zh = await client.post('/admin/wms.Category/edit', { id: food.id, pid: apples.id }).set('think-lang', 'zh-cn');
    expect(zh.body.msg).toBe('上级分类不能是该分类自身或其子分类');
    // Moving down a branch of another tree is fine, and so is moving back to the top.
    expect((await client.post('/admin/wms.Category/edit', { id: fruit.id, pid: tools.id })).body).toMatchObject({ code: 1, data: { pid: tools.id } });
    expect((await client.post('/admin/wms.Category/edit', { id: fruit.id, pid: '' })).body).toMatchObject({ code: 1, data: { pid: 0 } });
    expect((await client.post('/admin/wms.Category/add', { name: 'Odd', status: 2 })).body).toMatchObject({ code: 0, msg: 'Status has an invalid value' });
  });

  it('refuses to delete a category with children unless they go too, and one with products', async () => {
    expect((await client.delete('Category', [food.id])).body).toMatchObject({ code: 0, msg: 'Category "Food" is still used by subcategories and cannot be deleted' });
    // Food's children go along, but Fruit's child Apples stays.
    expect((await client.delete('Category', [food.id, fruit.id, bread.id])).body.msg).toBe('Category "Fruit" is still used by subcategories and cannot be deleted');
    await client.add('Product', { product_no: 'P1', name: 'Hammer', category_id: tools.id });
    expect((await client.delete('Category', [tools.id])).body.msg).toBe('Category "Tools" is still used by products and cannot be deleted');
    expect((await client.delete('Category', [food.id, fruit.id, apples.id, bread.id])).body).toMatchObject({ code: 1, data: { count: 4 } });
    expect(names((await client.list('Category')).list)).toEqual(['Tools']);
    // A deleted category can be neither parent nor product category.
    expect((await client.post('/admin/wms.Category/add', { pid: food.id, name: 'Y' })).body.msg).toBe('The selected Parent does not exist');
    expect((await client.post('/admin/wms.Product/add', { product_no: 'P2', name: 'Y', category_id: fruit.id })).body.msg).toBe('The selected Category does not exist');
  });
});
