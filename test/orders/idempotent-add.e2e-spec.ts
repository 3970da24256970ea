import { TestApp } from '../setup/create-test-app';
import { as, createAdmin, http, login } from '../support/api';
import { adminSpec } from '../support/admin-spec';
import { Client, smallWarehouse, Warehouse } from '../support/warehouse';

type Row = Record<string, any>;

/**
 * `POST add` with `Idempotency-Key`: the same key from the same caller answers the first order,
 * never a second one — however many requests race; the same key with another body is refused with HTTP 409
 * (envelope code 0) and writes nothing. One mechanism (CreationRunner) for every order type.
 */
describe('Idempotency-Key on add', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  adminSpec({ warehouse: smallWarehouse, ledgerChecks: true, ready: (fixture) => ({ t, c, w } = fixture) });

  const bodies = (quantity: number): Record<string, { table: string; body: Row }> => ({
    Inbound: { table: 'inbound_order', body: { supplier_id: w.supplier.id, type: 10, order_sn: 'SHOP-1', lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: quantity, actual_quantity: quantity, price: '1.00' }] } },
    Outbound: { table: 'outbound_order', body: { customer_id: w.customer.id, type: 10, order_sn: 'SHOP-2', lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: quantity, actual_quantity: quantity, price: '1.00' }] } },
    Adjustment: { table: 'adjustment_order', body: { lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, quantity, reason: 'found' }] } },
  });
  const count = async (table: string) => Number((await t.dataSource.query(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);
  const add = (controller: string, body: Row, key?: string) => {
    const req = c.raw.post(`/admin/wms.${controller}/add`, body);
    return key ? req.set('Idempotency-Key', key) : req;
  };

  for (const controller of ['Inbound', 'Outbound', 'Adjustment']) {
    it(`${controller}: the same key and body answer the first order; another body with that key is refused with 409`, async () => {
      const { table, body } = bodies(3)[controller];
      const first = await add(controller, body, 'order-1');
      expect(first.body.code).toBe(1);
      const again = await add(controller, body, 'order-1');
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ code: 1, data: { id: first.body.data.id } });
      expect(again.body.data).toEqual(first.body.data);
      expect(await count(table)).toBe(1);

      const other = await add(controller, bodies(4)[controller].body, 'order-1');
      expect(other.status).toBe(409);
      expect(other.body).toMatchObject({ code: 0, data: null, msg: expect.stringMatching(/already used for another request/) });
      expect(await count(table)).toBe(1);
      // a new key makes a new order; no key makes one every time
      expect((await add(controller, body, 'order-2')).body.data.id).not.toBe(first.body.data.id);
      await add(controller, body);
      await add(controller, body);
      expect(await count(table)).toBe(4);
    });
  }

  it('eight adds racing with one key create exactly one order and all answer it', async () => {
    const { body } = bodies(2).Inbound;
    const answers = await Promise.all(Array.from({ length: 8 }, () => add('Inbound', body, 'race-1')));
    expect(answers.map((a) => a.body.code)).toEqual(Array(8).fill(1));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(await count('inbound_order')).toBe(1);
    expect(await count('inbound_order_line')).toBe(1);
  });

  it('keys belong to their caller: another admin, or an API token, with the same key makes its own order', async () => {
    const { body } = bodies(2).Inbound;
    const mine = (await add('Inbound', body, 'shared-key')).body.data.id;
    await createAdmin(t, 'clerk', ['wms', 'wms/inbound', 'wms/inbound/add', 'auth', 'auth/apiToken', 'auth/apiToken/add']);
    const clerk = await login(t, 'clerk');
    const theirs = await as(t, clerk).post('/admin/wms.Inbound/add', body).set('Idempotency-Key', 'shared-key');
    expect(theirs.body.code).toBe(1);
    expect(theirs.body.data.id).not.toBe(mine);
    const rules = (await t.dataSource.query("SELECT id FROM admin_rule WHERE name IN ('wms', 'wms/inbound', 'wms/inbound/add')")).map((r: Row) => Number(r.id));
    const { token } = (await as(t, clerk).post('/admin/auth.ApiToken/add', { name: 'shop', rules })).body.data;
    const viaToken = () => http(t).post('/admin/wms.Inbound/add').set('Authorization', `Bearer ${token}`).set('Idempotency-Key', 'shared-key').send(body);
    const first = await viaToken();
    expect(first.body.code).toBe(1);
    expect([mine, theirs.body.data.id]).not.toContain(first.body.data.id);
    expect((await viaToken()).body.data.id).toBe(first.body.data.id);
    expect(await count('inbound_order')).toBe(3);
  });

  it('refuses a malformed key with a translated message and writes nothing', async () => {
    const { body } = bodies(2).Inbound;
    const res = await add('Inbound', body, 'bad key with spaces');
    expect(res.body).toMatchObject({ code: 0, msg: 'The Idempotency-Key header is not valid' });
    const chinese = await add('Inbound', body, 'x'.repeat(101)).set('think-lang', 'zh-cn');
    expect(chinese.body).toMatchObject({ code: 0, msg: 'Idempotency-Key 格式无效' });
    expect(await count('inbound_order')).toBe(0);
    // an order refused for its content leaves its key free for a corrected request
    const wrong = await add('Inbound', { ...body, supplier_id: 99999 }, 'fix-me');
    expect(wrong.body.code).toBe(0);
    expect((await add('Inbound', body, 'fix-me')).body.code).toBe(1);
  });
});
