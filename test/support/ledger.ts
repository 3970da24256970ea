import { TestApp } from '../setup/create-test-app';

/**
 * The invariants an auditor relies on, checked straight against the database: every stream's events sum to
 * its stock row, versions run 1..n without gaps, one history row per event, and each product's total equals
 * the sum of its shelves. Answers the violations (empty when all hold).
 */
export async function ledgerViolations(t: Pick<TestApp, 'dataSource'>): Promise<string[]> {
  const problems: string[] = [];
  const events: Array<{ id: number; stream_id: string; stream_version: number; payload: string }> = await t.dataSource.query('SELECT id, stream_id, stream_version, payload FROM inventory_event ORDER BY id');
  const streams = new Map<string, { sum: number; versions: number[]; product: number; shelf: number }>();
  for (const e of events) {
    const p = JSON.parse(e.payload);
    const s = streams.get(e.stream_id) ?? { sum: 0, versions: [] as number[], product: p.product_id, shelf: p.warehouse_shelf_id };
    s.sum += p.quantity;
    s.versions.push(Number(e.stream_version));
    if (s.sum < 0) problems.push(`${e.stream_id} below zero at event ${e.id}`);
    if (e.stream_id !== `stock-${p.product_id}-${p.warehouse_shelf_id}${p.lot_no ? `-${p.lot_no}` : ''}`) problems.push(`event ${e.id} of lot '${p.lot_no ?? ''}' is in stream ${e.stream_id}`);
    if (p.balance !== s.sum) problems.push(`${e.stream_id} event ${e.id} balance ${p.balance} ≠ ${s.sum}`);
    streams.set(e.stream_id, s);
  }
  const stock: Array<{ product_id: number; warehouse_shelf_id: number; lot_no: string; quantity: number; version: number }> = await t.dataSource.query('SELECT product_id, warehouse_shelf_id, lot_no, quantity, version FROM stock');
  // A stream per (product, shelf, lot); lot '' keeps the id streams had before lots.
  const streamOf = (r: { product_id: number; warehouse_shelf_id: number; lot_no: string }) => `stock-${r.product_id}-${r.warehouse_shelf_id}${r.lot_no ? `-${r.lot_no}` : ''}`;
  for (const row of stock) {
    const s = streams.get(streamOf(row));
    if (!s) problems.push(`stock row ${row.product_id}/${row.warehouse_shelf_id} has no events`);
    else {
      if (Number(row.quantity) !== s.sum) problems.push(`stock ${row.product_id}/${row.warehouse_shelf_id} = ${row.quantity}, events sum to ${s.sum}`);
      if (Number(row.version) !== s.versions.length) problems.push(`stock ${row.product_id}/${row.warehouse_shelf_id} version ${row.version} ≠ ${s.versions.length}`);
    }
  }
  for (const [id, s] of streams) {
    if (!s.versions.every((v, i) => v === i + 1)) problems.push(`${id} versions ${s.versions.join(',')}`);
    if (!stock.some((r) => streamOf(r) === id)) problems.push(`${id} has no stock row`);
  }
  const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM inventory_history');
  if (Number(n) !== events.length) problems.push(`history has ${n} rows for ${events.length} events`);
  const totals: Array<{ id: number; total_stock_num: number; shelves: number | null }> = await t.dataSource.query(
    'SELECT p.id, p.total_stock_num, (SELECT SUM(s.quantity) FROM stock s WHERE s.product_id = p.id) AS shelves FROM product p',
  );
  for (const p of totals) if (Number(p.total_stock_num) !== Number(p.shelves ?? 0)) problems.push(`product ${p.id} total ${p.total_stock_num} ≠ shelves ${p.shelves}`);
  problems.push(...(await serialViolations(t, events)));
  return problems;
}

/**
 * Serials (§14) against the ledger: replaying the serials each event moved gives exactly the `stock_serial` rows
 * (shelf, lot, in stock, last event) and the `stock_serial_movement` rows, and every stream of a serial-tracked
 * product holds as many serials in stock as its quantity.
 */
async function serialViolations(t: Pick<TestApp, 'dataSource'>, events: Array<{ id: number; payload: string }>): Promise<string[]> {
  const problems: string[] = [];
  const expected = new Map<string, string>();
  let moves = 0;
  for (const e of events) {
    const p = JSON.parse(e.payload);
    for (const serial of (p.serials ?? []) as string[]) {
      expected.set(`${p.product_id}|${serial}`, `${p.warehouse_shelf_id}|${p.lot_no ?? ''}|${p.quantity > 0 ? 1 : 0}|${e.id}`);
      moves++;
    }
  }
  const rows: Array<Record<string, unknown>> = await t.dataSource.query('SELECT product_id, serial_no, warehouse_shelf_id, lot_no, in_stock, last_event_id FROM stock_serial WHERE last_event_id > 0');
  for (const r of rows) {
    const key = `${r.product_id}|${r.serial_no}`;
    const found = `${r.warehouse_shelf_id}|${r.lot_no}|${r.in_stock}|${r.last_event_id}`;
    if (expected.get(key) !== found) problems.push(`serial ${key} is ${found}, the ledger says ${expected.get(key) ?? 'nothing'}`);
    expected.delete(key);
  }
  for (const key of expected.keys()) problems.push(`serial ${key} moved in the ledger has no stock_serial row`);
  const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM stock_serial_movement');
  if (Number(n) !== moves) problems.push(`stock_serial_movement has ${n} rows for ${moves} serial movements`);
  const counts: Array<Record<string, unknown>> = await t.dataSource.query(
    'SELECT s.product_id, s.warehouse_shelf_id, s.lot_no, s.quantity, (SELECT COUNT(*) FROM stock_serial x WHERE x.product_id = s.product_id AND x.warehouse_shelf_id = s.warehouse_shelf_id AND x.lot_no = s.lot_no AND x.in_stock = 1) AS serials FROM stock s JOIN product p ON p.id = s.product_id WHERE p.serial_tracked = 1',
  );
  for (const c of counts) if (Number(c.quantity) !== Number(c.serials)) problems.push(`stream ${c.product_id}/${c.warehouse_shelf_id}/${c.lot_no}: quantity ${c.quantity}, ${c.serials} serials in stock`);
  return problems;
}

/**
 * Orders against the ledger, straight from the database: for every order, the events recorded under it sum,
 * per (product, shelf), to what its lines say moved — audited inbound lines in, audited outbound lines out,
 * relocation lines out of their source and into their target by their actual quantity, audited adjustment lines
 * by their signed quantity, a posted count's lines by their variance, a wave's pick tasks from their shelf to
 * staging by what they confirmed; an unaudited order has no events. Answers the disagreements (empty when orders and ledger agree).
 */
export async function orderLedgerMismatches(t: TestApp): Promise<string[]> {
  const expected = new Map<string, number>();
  const add = (orderType: string, orderId: unknown, productId: unknown, shelfId: unknown, quantity: number) => {
    const key = `${orderType}#${Number(orderId)} product ${Number(productId)} shelf ${Number(shelfId)}`;
    expected.set(key, (expected.get(key) ?? 0) + quantity);
  };
  for (const [kind, sign] of [['inbound', 1], ['outbound', -1]] as const) {
    const lines = await t.dataSource.query(`SELECT l.${kind}_order_id AS order_id, l.product_id, l.warehouse_shelf_id, l.actual_quantity, l.allocations FROM ${kind}_order_line l JOIN ${kind}_order o ON o.id = l.${kind}_order_id WHERE o.audit_status = 1`);
    for (const l of lines) {
      // a line reserved over several shelves says in its allocations which shelf each part came from
      const parts: Array<{ quantity: number; warehouse_shelf_id?: number }> = l.allocations ? JSON.parse(l.allocations) : [];
      if (parts.some((p) => p.warehouse_shelf_id)) for (const p of parts) add(kind, l.order_id, l.product_id, p.warehouse_shelf_id || l.warehouse_shelf_id, sign * Number(p.quantity));
      else add(kind, l.order_id, l.product_id, l.warehouse_shelf_id, sign * Number(l.actual_quantity));
    }
  }
  for (const l of await t.dataSource.query('SELECT relocation_order_id AS order_id, product_id, source_warehouse_shelf_id, target_warehouse_shelf_id, actual_quantity FROM relocation_order_line')) {
    add('relocation', l.order_id, l.product_id, l.source_warehouse_shelf_id, -Number(l.actual_quantity));
    add('relocation', l.order_id, l.product_id, l.target_warehouse_shelf_id, Number(l.actual_quantity));
  }
  for (const l of await t.dataSource.query('SELECT l.adjustment_order_id AS order_id, l.product_id, l.warehouse_shelf_id, l.quantity FROM adjustment_order_line l JOIN adjustment_order o ON o.id = l.adjustment_order_id WHERE o.audit_status = 1')) {
    add('adjustment', l.order_id, l.product_id, l.warehouse_shelf_id, Number(l.quantity));
  }
  for (const l of await t.dataSource.query('SELECT l.return_order_id AS order_id, l.product_id, l.warehouse_shelf_id, l.quantity FROM return_order_line l JOIN return_order o ON o.id = l.return_order_id WHERE o.audit_status = 1')) {
    add('return', l.order_id, l.product_id, l.warehouse_shelf_id, Number(l.quantity));
  }
  for (const l of await t.dataSource.query('SELECT l.stocktake_id AS order_id, l.product_id, l.warehouse_shelf_id, l.variance FROM stocktake_line l JOIN stocktake s ON s.id = l.stocktake_id WHERE s.status = 2')) {
    add('stocktake', l.order_id, l.product_id, l.warehouse_shelf_id, Number(l.variance));
  }
  // a wave's pick tasks moved what they confirmed from their shelf to the staging shelf; putaway and
  // replenishment tasks moved it shelf to shelf under their own id
  for (const task of await t.dataSource.query('SELECT id, type, wave_id, product_id, from_shelf_id, to_shelf_id, done_quantity FROM task WHERE done_quantity > 0')) {
    const [orderType, orderId] = Number(task.type) === 1 ? ['wave', task.wave_id] : ['task', task.id];
    add(orderType, orderId, task.product_id, task.from_shelf_id, -Number(task.done_quantity));
    add(orderType, orderId, task.product_id, task.to_shelf_id, Number(task.done_quantity));
  }
  const recorded = new Map<string, number>();
  for (const e of await t.dataSource.query('SELECT payload, metadata FROM inventory_event ORDER BY id')) {
    const p = JSON.parse(e.payload);
    const m = JSON.parse(e.metadata);
    const key = `${m.order_type}#${Number(m.order_id)} product ${p.product_id} shelf ${p.warehouse_shelf_id}`;
    recorded.set(key, (recorded.get(key) ?? 0) + p.quantity);
  }
  const problems: string[] = [];
  for (const key of new Set([...expected.keys(), ...recorded.keys()])) {
    const want = expected.get(key) ?? 0;
    const got = recorded.get(key) ?? 0;
    if (want !== got) problems.push(`${key}: lines say ${want}, ledger says ${got}`);
  }
  return problems;
}
