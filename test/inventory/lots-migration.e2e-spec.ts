import { LotsAndExpiry1764000700000 } from '../../migrations/1764000700000-lots-and-expiry';
import { ProjectionRebuilder } from '../../src/modules/inventory';
import { dailyStatDeltas, historyRowOf, lineTotal, StoredStockEvent } from '../../src/modules/inventory/domain/projection';
import { OrdersLedgerReader } from '../../src/modules/orders/queries/orders-ledger/orders-ledger.reader';
import { siteDayOf } from '../../src/shared/time/site-day';
import { TestApp } from '../setup/create-test-app';
import { ledgerViolations, orderLedgerMismatches } from '../support/ledger';
import { Client, smallWarehouse, stockOf, stockUp, Warehouse } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';
import { withMigrationsTakenBack } from '../support/migrations';

type Row = Record<string, any>;

/**
 * A database from before lots: the migration is undone, an inbound order is audited the way the code of that
 * time did (a version 1 event without lot fields, its stock row, history row, daily figure and product
 * total), and the migration runs again. Everything then is lot '': the old event stays as it was, lines that
 * moved stock answer their allocation, the rebuild matches, and the old stream simply continues.
 */
describe('migration: existing stock, history and events become lot ""', () => {
  let t: TestApp;
  let c: Client;
  let w: Warehouse;

  adminSpec({ warehouse: smallWarehouse, reset: 'once', ready: (fixture) => ({ t, c, w } = fixture) });

  it('keeps the ledger as it is and the projections equal to a replay of it', async () => {
    await stockUp(c, w, [{ product: 0, shelf: 0, quantity: 10 }]);
    const outbound = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [{ product_id: w.products[0].id, warehouse_shelf_id: w.shelves[0].id, plan_quantity: 3, actual_quantity: 3, price: '1.00' }] });
    await c.post('Outbound', 'audit', { id: outbound.id });
    const relocation = await c.add('Relocation', { lines: [{ product_id: w.products[0].id, source_warehouse_shelf_id: w.shelves[0].id, target_warehouse_shelf_id: w.shelves[1].id, plan_quantity: 4 }] });
    await c.post('Relocation', 'audit', { id: relocation.id });
    await c.post('Relocation', 'move', { id: relocation.id, lines: [{ id: relocation.lines[0].id, quantity: 2 }] });
    const pending = await c.add('Inbound', { supplier_id: w.supplier.id, type: 10, lines: [{ product_id: w.products[2].id, warehouse_shelf_id: w.shelves[1].id, plan_quantity: 5, actual_quantity: 5, price: '0.10' }] });
    const ledgerBefore: Row[] = await t.dataSource.query('SELECT * FROM inventory_event ORDER BY id');

    // lots and every later migration are undone first (newest first) and redone after, as a database upgraded
    // from then would run them
    await withMigrationsTakenBack(t.dataSource, LotsAndExpiry1764000700000, async () => {
      // the inbound audit as the code before lots wrote it
      const [line] = await t.dataSource.query('SELECT * FROM inbound_order_line WHERE inbound_order_id = ?', [pending.id]);
      const at = Math.floor(Date.now() / 1000);
      await t.dataSource.query('UPDATE inbound_order SET audit_status = 1, audittime = ?, audit_admin_id = 1 WHERE id = ?', [at, pending.id]);
      const payload = {
        product_id: w.products[2].id, product_name: 'Product 3', product_no: 'P3', spec: '3kg', unit: 'pcs',
        warehouse_id: w.warehouse.id, warehouse_name: 'Main', warehouse_area_id: w.area.id, area_name: 'Area A',
        warehouse_shelf_id: w.shelves[1].id, shelf_name: 'S2', shelf_serial_no: 'S2',
        quantity: 5, price: '0.10', total_price: lineTotal(5, '0.10'), form_type: 10, balance: 5,
      };
      const metadata = { order_type: 'inbound' as const, order_id: pending.id, order_no: pending.receipt_no, admin_id: 1, operator: 'admin', command_id: 'old' };
      const streamId = `stock-${w.products[2].id}-${w.shelves[1].id}`;
      await t.dataSource.query('INSERT INTO inventory_event (stream_id, stream_version, type, payload, metadata, occurred_at) VALUES (?, 1, ?, ?, ?, ?)', [
        streamId, 'inventory.stock-received.v1', JSON.stringify(payload), JSON.stringify(metadata), at,
      ]);
      const [{ id }] = await t.dataSource.query('SELECT id FROM inventory_event WHERE stream_id = ?', [streamId]);
      const event: StoredStockEvent = { id: Number(id), stream_id: streamId, stream_version: 1, type: 'inventory.stock-received.v1', payload, metadata, occurred_at: at };
      // without what lots and units (1764006500000) added to a history row
      const { lot_no: _lot, expiry_date: _expiry, unit_name: _unitName, factor: _factor, ...history } = historyRowOf(event);
      await t.dataSource.query(`INSERT INTO inventory_history (${Object.keys(history).join(', ')}) VALUES (${Object.keys(history).map(() => '?').join(', ')})`, Object.values(history));
      await t.dataSource.query('INSERT INTO stock (product_id, warehouse_shelf_id, quantity, version, updatetime) VALUES (?, ?, 5, 1, ?)', [w.products[2].id, w.shelves[1].id, at]);
      const [delta] = dailyStatDeltas([event], siteDayOf('Asia/Shanghai'));
      const [stat] = await t.dataSource.query('SELECT quantity FROM inventory_daily_stat WHERE day = ? AND form_type = 10', [delta.day]);
      await t.dataSource.query('UPDATE inventory_daily_stat SET quantity = ?, amount = amount + 0.5 WHERE day = ? AND form_type = 10', [Number(stat.quantity) + 5, delta.day]);
      await t.dataSource.query('UPDATE product SET total_stock_num = total_stock_num + 5 WHERE id = ?', [w.products[2].id]);
      expect(line.actual_quantity).toBe(5);
    });

    const ledgerAfter: Row[] = await t.dataSource.query('SELECT * FROM inventory_event ORDER BY id');
    expect(ledgerAfter.slice(0, ledgerBefore.length)).toEqual(ledgerBefore);
    expect(await t.dataSource.query('SELECT DISTINCT lot_no, expiry_date FROM stock')).toEqual([{ lot_no: '', expiry_date: '' }]);
    expect(await t.dataSource.query('SELECT DISTINCT lot_no, expiry_date FROM inventory_history')).toEqual([{ lot_no: '', expiry_date: '' }]);
    expect((await c.get(`/admin/wms.Inbound/edit?id=${pending.id}`)).row.lines[0].allocations).toEqual([{ lot_no: '', quantity: 5 }]);
    expect((await c.get(`/admin/wms.Outbound/edit?id=${outbound.id}`)).row.lines[0].allocations).toEqual([{ lot_no: '', quantity: 3 }]);
    expect((await c.get(`/admin/wms.Relocation/edit?id=${relocation.id}`)).row.lines[0].allocations).toEqual([{ lot_no: '', quantity: 2 }]);
    const [setting] = await t.dataSource.query("SELECT value FROM config WHERE name = 'expiry_warning_days'");
    expect(setting.value).toBe('30');

    expect(await t.app.get(ProjectionRebuilder).rebuild()).toMatchObject({ matched: true, differing: [], ledgerProblems: [] });
    expect(await t.app.get(OrdersLedgerReader).check(t.dataSource.manager)).toMatchObject({ mismatches: 0 });
    expect(await ledgerViolations(t)).toEqual([]);

    // the old stream goes on: the next event of lot '' is its version 2
    await c.post('Relocation', 'move', { id: relocation.id, lines: [{ id: relocation.lines[0].id, quantity: 2 }] });
    const sale = await c.add('Outbound', { customer_id: w.customer.id, type: 10, lines: [{ product_id: w.products[2].id, warehouse_shelf_id: w.shelves[1].id, plan_quantity: 4, actual_quantity: 4, price: '1.00' }] });
    expect((await c.post('Outbound', 'audit', { id: sale.id })).lines[0].allocations).toEqual([{ lot_no: '', quantity: 4 }]);
    const [last] = await t.dataSource.query('SELECT stream_id, stream_version, type FROM inventory_event ORDER BY id DESC LIMIT 1');
    expect(last).toEqual({ stream_id: `stock-${w.products[2].id}-${w.shelves[1].id}`, stream_version: 2, type: 'inventory.stock-issued.v2' });
    expect((await c.get(`/admin/wms.Relocation/edit?id=${relocation.id}`)).row.lines[0].allocations).toEqual([{ lot_no: '', quantity: 4 }]);
    expect(await stockOf(t)).toMatchObject({ 'P1@S1': 3, 'P1@S2': 4, 'P3@S2': 1 });
    expect(await t.app.get(ProjectionRebuilder).rebuild()).toMatchObject({ matched: true, ledgerProblems: [] });
    expect(await orderLedgerMismatches(t)).toEqual([]);
    expect(await ledgerViolations(t)).toEqual([]);
  });
});
