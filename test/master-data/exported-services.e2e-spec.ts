import { EntityManager } from 'typeorm';
import { SHELF_KIND } from '../../contract/enums';
import { MasterDataReader, MasterDataReferences, ProductStockTotals } from '../../src/modules/master-data';
import { QueryCounter } from '../../src/shared/database/query-counter';
import { TransactionRunner } from '../../src/shared/database/transaction-runner';
import { TestApp } from '../setup/create-test-app';
import { api, Api, location, quiet, Row } from './master-data-fixtures';
import { adminSpec } from '../support/admin-spec';

/** What master-data's index.ts offers the orders and inventory contexts. */
describe('master-data services for other contexts', () => {
  let t: TestApp;
  let client: Api;
  let place: { warehouse: Row; area: Row; shelf: Row };
  let product: Row;

  adminSpec({
    ready: (fixture) => {
      ({ t } = fixture);
      client = api(fixture.t, fixture.session);
    },
  });
  beforeEach(async () => {
    place = await location(client, 'W1');
    const unit = await client.add('Unit', { name: 'Box' });
    const brand = await client.add('Brand', { name: 'Acme' });
    product = await client.add('Product', { product_no: 'P1', name: 'Bolt', spec: 'M8', price: '2.5', unit_id: unit.id, brand_id: brand.id, warehouse_id: place.warehouse.id });
  });

  describe('MasterDataReferences', () => {
    it('lets another context veto deleting and moving a shelf, inside the same transaction', async () => {
      const references = t.app.get(MasterDataReferences);
      const seen: Array<{ ids: readonly number[]; inTransaction: boolean }> = [];
      const unregister = references.register('shelf', async (ids, manager: EntityManager) => {
        seen.push({ ids, inTransaction: !!manager.queryRunner?.isTransactionActive });
        return ids.includes(place.shelf.id) ? { id: place.shelf.id, by: 'master-data-test.stock_rows' } : null;
      });
      try {
        const refused = await client.delete('Shelf', [place.shelf.id]);
        // A key without a translation reads as its last segment.
        expect(refused.body).toMatchObject({ code: 0, msg: 'Shelf "Shelf W1-A-01 (01)" is still used by stock_rows and cannot be deleted' });
        expect(seen).toEqual([{ ids: [place.shelf.id], inTransaction: true }]);
        const other = await client.add('WarehouseArea', { warehouse_id: place.warehouse.id, name: 'B', serial_no: 'B' });
        expect((await client.post('/admin/wms.Shelf/edit', { id: place.shelf.id, warehouse_area_id: other.id })).body.msg).toBe(
          'Shelf "Shelf W1-A-01 (01)" is still used by stock_rows and cannot be moved elsewhere',
        );
        expect((await client.list('Shelf')).total).toBe(1);
      } finally {
        unregister();
      }
      expect((await client.delete('Shelf', [place.shelf.id])).body.code).toBe(1);
    });

    it('asks the checkers of the catalogue being deleted only, in registration order, after its own checks', async () => {
      const references = t.app.get(MasterDataReferences);
      const calls: string[] = [];
      const supplier = await client.add('Supplier', { name: 'Parts Ltd' });
      const disposers = [
        references.register('product', async (ids) => (calls.push('product-1'), { id: ids[0], by: 'master-data.catalogues.supplier' })),
        references.register('product', async () => (calls.push('product-2'), null)),
        references.register('supplier', async (ids) => (calls.push('supplier'), { id: ids[0], by: 'master-data-test.inbound_orders' })),
      ];
      try {
        expect((await client.delete('Product', [product.id])).body.msg).toBe('Product "Bolt (P1)" is still used by Supplier and cannot be deleted');
        expect(calls).toEqual(['product-1']);
        expect((await client.delete('Supplier', [supplier.id])).body.msg).toBe('Supplier "Parts Ltd" is still used by inbound_orders and cannot be deleted');
        // The warehouse's own check (areas) answers before any registered one is asked.
        calls.length = 0;
        references.register('warehouse', async () => (calls.push('warehouse'), null))();
        expect((await client.delete('Warehouse', [place.warehouse.id])).body.msg).toContain('warehouse areas');
        expect(calls).toEqual([]);
      } finally {
        disposers.forEach((dispose) => dispose());
      }
      expect((await client.delete('Product', [product.id])).body.code).toBe(1);
      expect((await client.delete('Supplier', [supplier.id])).body.code).toBe(1);
    });
  });

  describe('MasterDataReader', () => {
    it('loads products with the names they refer to, one statement, deleted ones flagged', async () => {
      const reader = t.app.get(MasterDataReader);
      const gone = await client.add('Product', { product_no: 'P2', name: 'Gone' });
      await client.delete('Product', [gone.id]);
      await quiet();
      const { result, queries } = await QueryCounter.measure(() => reader.products(reader.manager, [product.id, gone.id, product.id, 999]));
      expect(queries).toBe(1);
      expect([...result.keys()].sort()).toEqual([product.id, gone.id].sort());
      expect(result.get(product.id)).toEqual({
        id: product.id,
        product_no: 'P1',
        bar_code: null,
        name: 'Bolt',
        spec: 'M8',
        price: '2.50',
        status: 10,
        safety_stock_num: 0,
        total_stock_num: 0,
        brand_id: product.brand_id,
        brand_name: 'Acme',
        category_id: 0,
        category_name: '',
        unit_id: product.unit_id,
        unit_name: 'Box',
        effective_day: 0,
        lot_tracked: false,
        serial_tracked: false,
        deleted: false,
      });
      expect(result.get(gone.id)).toMatchObject({ name: 'Gone', deleted: true, unit_name: '' });
      expect((await reader.products(reader.manager, [])).size).toBe(0);
    });

    it('loads shelves with warehouse and area names and a location text, and partners by kind', async () => {
      const reader = t.app.get(MasterDataReader);
      const shelves = await reader.shelves(reader.manager, [place.shelf.id]);
      expect(shelves.get(place.shelf.id)).toEqual({
        id: place.shelf.id,
        serial_no: '01',
        name: 'Shelf W1-A-01',
        status: 1,
        kind: SHELF_KIND.storage,
        warehouse_id: place.warehouse.id,
        warehouse_name: 'Warehouse W1',
        warehouse_serial_no: 'W1',
        warehouse_area_id: place.area.id,
        area_name: 'Area W1-A',
        area_serial_no: 'A',
        location: 'Warehouse W1 / Area W1-A / Shelf W1-A-01',
        deleted: false,
      });
      const customer = await client.add('Customer', { name: 'Buyer' });
      await client.add('Supplier', { name: 'Not a customer' });
      const parties = await reader.parties(reader.manager, 'customer', [customer.id, customer.id + 1]);
      expect([...parties.values()]).toEqual([{ id: customer.id, name: 'Buyer', deleted: false }]);
    });

    it('answers stock snapshots of (product, shelf) pairs in two statements, leaving out deleted or unknown ones', async () => {
      const reader = t.app.get(MasterDataReader);
      const spare = await client.add('Shelf', { warehouse_id: place.warehouse.id, warehouse_area_id: place.area.id, name: 'Spare', serial_no: '99' });
      await client.delete('Shelf', [spare.id]);
      await quiet();
      const pairs = [
        { productId: product.id, shelfId: place.shelf.id },
        { productId: product.id, shelfId: spare.id },
        { productId: 999, shelfId: place.shelf.id },
      ];
      const { result, queries } = await QueryCounter.measure(() => reader.stockSnapshots(reader.manager, pairs));
      expect(queries).toBe(2);
      expect([...result.keys()]).toEqual([`${product.id}:${place.shelf.id}`]);
      expect(result.get(`${product.id}:${place.shelf.id}`)).toEqual({
        product_id: product.id,
        product_name: 'Bolt',
        product_no: 'P1',
        spec: 'M8',
        unit: 'Box',
        warehouse_id: place.warehouse.id,
        warehouse_name: 'Warehouse W1',
        warehouse_area_id: place.area.id,
        area_name: 'Area W1-A',
        warehouse_shelf_id: place.shelf.id,
        shelf_name: 'Shelf W1-A-01',
        shelf_serial_no: '01',
      });
    });
  });

  describe('ProductStockTotals', () => {
    it('sets and adds to total_stock_num inside the caller\'s transaction only', async () => {
      const totals = t.app.get(ProductStockTotals);
      const transactions = t.app.get(TransactionRunner);
      const other = await client.add('Product', { product_no: 'P2', name: 'Nut' });
      const shown = async () => (await client.list('Product', 'order=id,asc')).list.map((p: Row) => p.total_stock_num);

      await transactions.run(async (manager) => {
        expect(await totals.set(manager, product.id, 40)).toBe(true);
        expect(await totals.set(manager, 999, 1)).toBe(false);
        expect(await totals.add(manager, other.id, 7)).toBe(true);
        expect(await totals.add(manager, other.id, -2)).toBe(true);
      });
      expect(await shown()).toEqual([40, 5]);

      await expect(
        transactions.run(async (manager) => {
          await totals.setProductTotals(manager, new Map([[product.id, 1], [other.id, 1]]));
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await shown()).toEqual([40, 5]);

      await transactions.run((manager) => totals.setProductTotals(manager, new Map([[product.id, 12], [other.id, 0]])));
      expect(await shown()).toEqual([12, 0]);
      // Unchanged value: still found.
      expect(await transactions.run((manager) => totals.set(manager, product.id, 12))).toBe(true);
      await expect(transactions.run((manager) => totals.set(manager, product.id, 1.5))).rejects.toThrow('integer');
      // The API's edit never touches it.
      await client.post('/admin/wms.Product/edit', { id: product.id, name: 'Bolt 2', total_stock_num: 0 });
      expect(await shown()).toEqual([12, 0]);
    });
  });
});
