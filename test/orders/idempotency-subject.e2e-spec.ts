import { TestApp } from '../setup/create-test-app';
import { adminSpec } from '../support/admin-spec';
import { Client, smallWarehouse, stockOf, stockUp, Warehouse } from '../support/warehouse';

type Row = Record<string, any>;

/**
 * An `Idempotency-Key` is bound to the order (or count) it was first used for: the same key for the same order
 * answers it as it is; the same key for another order is refused with HTTP 409 and the envelope code 0 (never
 * code 409, which the clients read as "token expired"), and that other order is left as it was.
 */
describe('Idempotency-Key bound to its subject', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;
  adminSpec({ warehouse: smallWarehouse, ledgerChecks: true, ready: (fixture) => ({ t, c, w } = fixture) });

  const inbound = (quantity: number) => c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: quantity, actual_quantity: quantity, price: '1.00' }] });
  const audit = (id: number, key: string, lang = 'en') => c.raw.post('/admin/wms.Inbound/audit', { id }).set('Idempotency-Key', key).set('think-lang', lang);

  it('a key used for order A and sent for order B is refused with HTTP 409 and a translated message; B stays unaudited', async () => {
    const a = await inbound(3);
    const b = await inbound(5);
    expect((await audit(a.id, 'key-1')).body).toMatchObject({ code: 1, data: { id: a.id, audit_status: 1 } });
    const refused = await audit(b.id, 'key-1');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 0, data: null });
    expect(refused.body.msg).toBe(`This Idempotency-Key was already used for another request (#${a.id}); send a new key for this one`);
    const chinese = await audit(b.id, 'key-1', 'zh-cn');
    expect(chinese.status).toBe(409);
    expect(chinese.body).toMatchObject({ code: 0, msg: expect.stringContaining('已用于另一个请求') });
    expect((await c.get(`/admin/wms.Inbound/edit?id=${b.id}`)).row.audit_status).toBe(0);
    expect(await stockOf(t)).toEqual({ 'P1@S1': 3 });
    // the same key for the same order answers it as it is; B audits with a key of its own
    expect((await audit(a.id, 'key-1')).body).toMatchObject({ code: 1, data: { id: a.id, audit_status: 1 } });
    expect((await audit(b.id, 'key-2')).body).toMatchObject({ code: 1, data: { id: b.id, audit_status: 1 } });
    expect(await stockOf(t)).toEqual({ 'P1@S1': 8 });
  });

  it('one key sent for two orders at once: one is audited, the other refused with 409', async () => {
    const orders = [await inbound(2), await inbound(4)];
    const answers = await Promise.all(orders.map((o) => audit(o.id, 'key-race')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const done = answers.findIndex((a) => a.status === 200);
    expect(answers[done].body).toMatchObject({ code: 1, data: { audit_status: 1 } });
    expect(answers[1 - done].body).toMatchObject({ code: 0, msg: expect.stringMatching(/already used/) });
    const states = await Promise.all(orders.map(async (o) => (await c.get(`/admin/wms.Inbound/edit?id=${o.id}`)).row.audit_status));
    expect(states[done]).toBe(1);
    expect(states[1 - done]).toBe(0);
    expect(await stockOf(t)).toEqual({ 'P1@S1': done === 0 ? 2 : 4 });
  });

  it('counts too: a post key used for one count is refused for another, which stays counting', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 10 }]);
    const counts: Row[] = [];
    for (let i = 0; i < 2; i++) {
      const draft = await c.add('Stocktake', { warehouse_id: w.warehouse.id });
      const started = await c.post('Stocktake', 'start', { id: draft.id });
      await c.post('Stocktake', 'count', { id: draft.id, lines: [{ id: started.lines[0].id, counted_quantity: 9 }] });
      counts.push(started);
    }
    const post = (id: number) => c.raw.post('/admin/wms.Stocktake/post', { id }).set('Idempotency-Key', 'post-key').set('think-lang', 'en');
    expect((await post(counts[0].id)).body).toMatchObject({ code: 1, data: { status: 2 } });
    const refused = await post(counts[1].id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 0, msg: expect.stringMatching(/already used/) });
    expect((await c.get(`/admin/wms.Stocktake/edit?id=${counts[1].id}`)).row.status).toBe(1);
    expect(await stockOf(t)).toEqual({ 'P1@S1': 9 });
  });
});
