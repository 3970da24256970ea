import { QueryCounter } from '../../src/shared/database/query-counter';
import { as, Session } from '../support/api';
import { TestApp } from '../setup/create-test-app';

/** Helpers of the master-data specs: requests as an admin, and rows created through the API. */

export type Row = Record<string, any>;

export function api(t: TestApp, session: Session) {
  const client = as(t, session);
  return {
    ...client,
    /** POST add; fails the test unless it succeeds; answers the created row. */
    async add(controller: string, body: object): Promise<Row> {
      const res = await client.post(`/admin/wms.${controller}/add`, body);
      if (res.body.code !== 1) throw new Error(`add ${controller} failed: ${JSON.stringify(res.body)}`);
      return res.body.data;
    },
    /** GET index with a query string; answers `data`. */
    async list(controller: string, query = ''): Promise<Row> {
      const res = await client.get(`/admin/wms.${controller}/index${query ? `?${query}` : ''}`);
      if (res.body.code !== 1) throw new Error(`index ${controller} failed: ${JSON.stringify(res.body)}`);
      return res.body.data;
    },
    delete: (controller: string, ids: number[]) => client.del(`/admin/wms.${controller}/del?${ids.map((id) => `ids[]=${id}`).join('&')}`),
  };
}

export type Api = ReturnType<typeof api>;

/** A warehouse with one area and one shelf in it. */
export async function location(client: Api, code = 'W1') {
  const warehouse = await client.add('Warehouse', { name: `Warehouse ${code}`, serial_no: code });
  const area = await client.add('WarehouseArea', { warehouse_id: warehouse.id, name: `Area ${code}-A`, serial_no: 'A' });
  const shelf = await client.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: `Shelf ${code}-A-01`, serial_no: '01' });
  return { warehouse, area, shelf };
}

/** `search[i][field]=…&search[i][val]=…&search[i][operator]=…` */
export function search(...conditions: Array<[field: string, operator: string, val: string]>): string {
  return conditions
    .map(([field, operator, val], i) => `search[${i}][field]=${encodeURIComponent(field)}&search[${i}][operator]=${encodeURIComponent(operator)}&search[${i}][val]=${encodeURIComponent(val)}`)
    .join('&');
}

/**
 * Waits until no SQL statement has run for a while: the admin log of a POST or DELETE is written after its
 * answer was sent, and must not be counted in a measurement that follows.
 */
export async function quiet(ms = 60): Promise<void> {
  let last: number;
  do {
    last = QueryCounter.count;
    await new Promise((resolve) => setTimeout(resolve, ms));
  } while (QueryCounter.count !== last);
}
