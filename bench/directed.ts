import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { api, launchApp, load, signIn, waitFor, withPeakRss } from './harness';

/**
 * `npm run bench:directed [-- --orders 1000 --lines 10 --contended 2000 --connections 32]`
 *
 * What directed outbound work costs, on the database the environment names (DB_URL, or SQLite in DATA_DIR;
 * any data set: the bench creates its own warehouse, shelves, products and stock through the API, so it
 * runs on an empty database or beside `seed:large`; give ADMIN_PASSWORD):
 *
 * 1. Release of a wave of `orders` outbound orders × `lines` lines (quantity 1 each, 200 products with stock
 *    on two of 40 storage shelves each): the one request, timed, with the tasks it planned and the app's peak
 *    RSS. Target ≤ 5 s on MariaDB.
 * 2. Pick confirms by scan: every task of that wave confirmed whole (shelf and product as scanned codes) by
 *    autocannon at `connections` connections: throughput and latency, and the check that the wave is picked.
 * 3. Contended reservations: `contended` orders of one line of 3 units of the same product (1,000 on each of
 *    three shelves, so exactly half can be reserved), each reserved once by autocannon at `connections`
 *    connections: throughput, p50/p95/p99, and the check that exactly 3,000 units were reserved and every
 *    other request was refused as a shortage.
 *
 * There is no bare baseline here: both requests are the app's own locking transactions; a release's
 * statements are held by test/directed/release-statement-count.e2e-spec.ts (the same for any size).
 * Writes the "Directed work" section of docs/PERFORMANCE.md (between its markers; `npm run bench` keeps it).
 */

export const SECTION_START = '<!-- bench:directed -->';
export const SECTION_END = '<!-- /bench:directed -->';

interface Options {
  orders: number;
  lines: number;
  contended: number;
  connections: number;
}

function parse(argv: string[]): Options {
  const num = (name: string, fallback: number) => (argv.includes(`--${name}`) ? Number(argv[argv.indexOf(`--${name}`) + 1]) : fallback);
  return { orders: num('orders', 1000), lines: num('lines', 10), contended: num('contended', 2000), connections: num('connections', 32) };
}

const ROOT = join(__dirname, '..', '..');
const PRODUCTS = 200;
const SHELVES = 40;

/** Runs `work` over `items` with at most `parallel` at a time (creating thousands of orders one by one takes minutes). */
async function inParallel<T, R>(items: T[], parallel: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]);
      }
    }),
  );
  return results;
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const o = parse(argv);
  const password = process.env.ADMIN_PASSWORD;
  if (!password) throw new Error('Set ADMIN_PASSWORD to the admin password of the database.');
  const started = new Date();
  const env = { ...process.env, LOGIN_CAPTCHA: '0', SEED_DEMO: '0' };
  const { base, app } = await launchApp(ROOT, env, 'wms-bench-directed-app.log');
  try {
    await waitFor(`${base}/admin/index/login`, app);
    const token = await signIn(base, password);
    const call = <T = any>(path: string, body?: unknown) => api<T>(base, path, token, body === undefined ? {} : { method: 'POST', body });
    const add = (controller: string, body: object) => call(`/admin/wms.${controller}/add`, body);

    // the bench's own warehouse: named by the time, so runs never collide with each other or with seed:large
    const stamp = started.toISOString().replace(/\D/g, '').slice(2, 14);
    const setupStart = Date.now();
    const warehouse = await add('Warehouse', { name: `Bench ${stamp}`, serial_no: `BW${stamp}` });
    const area = await add('WarehouseArea', { warehouse_id: warehouse.id, name: 'Bench A', serial_no: 'BA' });
    const shelves = await inParallel(Array.from({ length: SHELVES }, (_, i) => i), 4, (i) => add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: `B${i + 1}`, serial_no: `B${i + 1}` }));
    await add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: 'Dispatch', serial_no: 'BSTAGE', kind: 2 });
    const unit = await add('Unit', { name: `pcs ${stamp}` });
    const products = await inParallel(Array.from({ length: PRODUCTS + 1 }, (_, i) => i), 4, (i) => add('Product', { product_no: `BP${stamp}-${i}`, name: `Bench product ${i}`, unit_id: unit.id, price: '1.00' }));
    const supplier = await add('Supplier', { name: `Bench supplier ${stamp}` });
    const customer = await add('Customer', { name: `Bench customer ${stamp}` });

    // stock: each wave product on two shelves, enough for every order line; the contended product 1,000 on each of three shelves
    const perProduct = Math.ceil((o.orders * o.lines) / PRODUCTS / 2) + 1;
    const stockLines = products.slice(0, PRODUCTS).flatMap((p, i) => [i % SHELVES, (i + 7) % SHELVES].map((s) => ({ product_id: p.id, warehouse_shelf_id: shelves[s].id, plan_quantity: perProduct, actual_quantity: perProduct, price: '1.00' })));
    const contendedProduct = products[PRODUCTS];
    stockLines.push(...[0, 1, 2].map((s) => ({ product_id: contendedProduct.id, warehouse_shelf_id: shelves[s].id, plan_quantity: 1000, actual_quantity: 1000, price: '1.00' })));
    for (let i = 0; i < stockLines.length; i += 100) {
      const order = await add('Inbound', { supplier_id: supplier.id, type: 10, lines: stockLines.slice(i, i + 100) });
      await call('/admin/wms.Inbound/audit', { id: order.id });
    }

    const waveOrders = await inParallel(Array.from({ length: o.orders }, (_, i) => i), 8, (i) =>
      add('Outbound', {
        customer_id: customer.id,
        type: 10,
        warehouse_id: warehouse.id,
        lines: Array.from({ length: o.lines }, (_, j) => ({ product_id: products[(i * o.lines + j) % PRODUCTS].id, plan_quantity: 1, actual_quantity: 1, price: '1.00' })),
      }),
    );
    const contendedOrders = await inParallel(Array.from({ length: o.contended }, (_, i) => i), 8, () =>
      add('Outbound', { customer_id: customer.id, type: 10, warehouse_id: warehouse.id, lines: [{ product_id: contendedProduct.id, plan_quantity: 3, actual_quantity: 3, price: '1.00' }] }),
    );
    const setupSeconds = (Date.now() - setupStart) / 1000;
    console.log(`set up in ${setupSeconds.toFixed(0)} s: ${o.orders} orders × ${o.lines} lines, ${o.contended} one-line orders, ${stockLines.length} stock lines`);

    // 1. the wave's release
    const wave = await add('Wave', { warehouse_id: warehouse.id, outbound_ids: waveOrders.map((x) => x.id) });
    const { result: releaseSeconds, peakMb: releaseRss } = await withPeakRss(app.pid!, async () => {
      const t0 = Date.now();
      await call('/admin/wms.Wave/release', { id: wave.id });
      return (Date.now() - t0) / 1000;
    });
    const tasks = await call(`/admin/wms.Task/index?wave_id=${wave.id}&limit=1`);
    console.log(`release: ${o.orders} orders × ${o.lines} lines in ${releaseSeconds.toFixed(2)} s, ${tasks.total} tasks, peak RSS ${Math.round(releaseRss)} MB`);

    // 2. pick confirms by scan: every task of the wave confirmed whole, the shelf and product as scanned codes
    const planned: any[] = [];
    for (let page = 1; planned.length < Number(tasks.total); page++) planned.push(...(await call(`/admin/wms.Task/index?wave_id=${wave.id}&limit=100&page=${page}`)).list);
    const shelfCode = new Map(shelves.map((s: any) => [Number(s.id), String(s.serial_no)]));
    const productCode = new Map(products.map((p: any) => [Number(p.id), String(p.product_no)]));
    const confirms = await withPeakRss(app.pid!, () =>
      load({
        url: base,
        connections: o.connections,
        amount: planned.length,
        method: 'POST',
        headers: { batoken: token, 'content-type': 'application/json' },
        request: (n) => ({
          path: '/admin/wms.Task/confirm',
          body: JSON.stringify({ id: planned[n].id, from_code: shelfCode.get(Number(planned[n].from_shelf_id)), product_code: productCode.get(Number(planned[n].product_id)), quantity: Number(planned[n].quantity), lot_no: planned[n].lot_no || undefined }),
        }),
      }),
    );
    const waveAfter = (await call(`/admin/wms.Wave/edit?id=${wave.id}`)).row;
    const picked = waveAfter.status === 2 && confirms.result.failures === 0;
    console.log(`pick confirms: ${Math.round(confirms.result.rps)} req/s, p95 ${Math.round(confirms.result.p95 ?? 0)} ms, ${confirms.result.failures} failed; the wave is ${picked ? 'picked' : `NOT picked (status ${waveAfter.status})`}`);

    // 3. contended reservations
    const codes: Record<string, number> = {};
    const reserved = await withPeakRss(app.pid!, () =>
      load({
        url: base,
        connections: o.connections,
        amount: contendedOrders.length,
        method: 'POST',
        headers: { batoken: token, 'content-type': 'application/json' },
        envelope: false,
        request: (n) => ({ path: '/admin/wms.Outbound/reserve', body: JSON.stringify({ id: contendedOrders[n].id }) }),
        answered: (body) => {
          const code = /^\{"code":(-?\d+)/.exec(body)?.[1] ?? 'other';
          codes[code] = (codes[code] ?? 0) + 1;
        },
      }),
    );
    const stock = await call(`/admin/wms.Stock/index?product_id=${contendedProduct.id}&limit=10`);
    const reservedUnits = stock.list.reduce((sum: number, row: any) => sum + Number(row.reserved_quantity), 0);
    const accepted = codes['1'] ?? 0;
    const canReserve = Math.min(contendedOrders.length, 1000);
    const correct = reservedUnits === canReserve * 3 && accepted === canReserve && accepted + (codes['0'] ?? 0) === contendedOrders.length;
    console.log(`contended reservations: ${Math.round(reserved.result.rps)} req/s, p95 ${Math.round(reserved.result.p95 ?? 0)} ms; answers ${JSON.stringify(codes)}; ${reservedUnits} units reserved (${correct ? 'as they must be' : 'WRONG'})`);

    writeSection(o, started, setupSeconds, {
      release: { seconds: releaseSeconds, tasks: Number(tasks.total), rss: releaseRss },
      reserve: { ...reserved.result, rss: reserved.peakMb, codes, reservedUnits, correct },
      confirm: { ...confirms.result, rss: confirms.peakMb, picked },
    });
    if (!correct || !picked) process.exitCode = 1;
  } finally {
    if (app.exitCode === null) app.kill('SIGTERM');
  }
}

function writeSection(
  o: Options,
  started: Date,
  setupSeconds: number,
  r: {
    release: { seconds: number; tasks: number; rss: number };
    reserve: { requests: number; rps: number; p50: number | null; p95: number | null; p99: number | null; rss: number; codes: Record<string, number>; reservedUnits: number; correct: boolean };
    confirm: { requests: number; rps: number; p50: number | null; p95: number | null; p99: number | null; rss: number; failures: number; picked: boolean };
  },
): void {
  const database = process.env.DB_URL ? `MariaDB/MySQL (${new URL(process.env.DB_URL).pathname.slice(1)})` : 'SQLite (better-sqlite3, WAL)';
  const cpu = cpus();
  const ms = (v: number | null) => (v === null ? '–' : Math.round(v).toString());
  const section = `${SECTION_START}
## Directed work

Written by \`npm run bench:directed\` (bench/directed.ts) on ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${database}; machine: ${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM, Linux ${release()}, Node ${process.version}. The bench creates its own warehouse (40 storage shelves, a staging shelf, 201 products) and the orders through the API (${setupSeconds.toFixed(0)} s, not measured).

| Scenario | Conn. | Requests | p50 ms | p95 ms | p99 ms | req/s | Peak RSS MB | Target | Met |
|---|---:|---:|---:|---:|---:|---:|---:|---|:-:|
| Release a wave of ${o.orders.toLocaleString('en-US')} orders × ${o.lines} lines (${r.release.tasks.toLocaleString('en-US')} pick tasks planned) | 1 | 1 | ${ms(r.release.seconds * 1000)} | – | – | – | ${Math.round(r.release.rss)} | ≤ 5 s on MariaDB | ${r.release.seconds <= 5 ? 'yes' : '**no**'} |
| Pick confirms by scan: every task of that wave, whole (2 ledger events each) | ${o.connections} | ${r.confirm.requests.toLocaleString('en-US')} | ${ms(r.confirm.p50)} | ${ms(r.confirm.p95)} | ${ms(r.confirm.p99)} | ${Math.round(r.confirm.rps)} | ${Math.round(r.confirm.rss)} | every task done, the wave picked | ${r.confirm.picked ? 'yes' : '**no**'} |
| Contended reservations: ${o.contended.toLocaleString('en-US')} orders × 3 units of one product, 3,000 on hand | ${o.connections} | ${r.reserve.requests.toLocaleString('en-US')} | ${ms(r.reserve.p50)} | ${ms(r.reserve.p95)} | ${ms(r.reserve.p99)} | ${Math.round(r.reserve.rps)} | ${Math.round(r.reserve.rss)} | exactly min(orders, 1,000) × 3 reserved | ${r.reserve.correct ? 'yes' : '**no**'} |

Answers to the reservations by envelope code: ${Object.entries(r.reserve.codes).map(([code, n]) => `${code}: ${n.toLocaleString('en-US')}`).join(', ')} (1 reserved, 0 refused as a shortage); ${r.reserve.reservedUnits.toLocaleString('en-US')} units reserved afterwards. No bare baseline: both requests are the app's own locking transactions; a release sends the same statements whatever its size (a spec holds it). Load average of the machine at the end: ${loadavg()[0].toFixed(1)} on ${cpu.length} cores (other work on a shared machine slows both figures).
${SECTION_END}`;
  const file = join(ROOT, 'docs', 'PERFORMANCE.md');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  writeFileSync(file, replaceSection(text, section));
  console.log(`wrote the directed-work section of ${file}`);
}

/** The text with its directed-work section replaced by `section` (appended when it has none). */
export function replaceSection(text: string, section: string): string {
  const start = text.indexOf(SECTION_START);
  const end = text.indexOf(SECTION_END);
  if (start < 0 || end < start) return `${text.trimEnd()}\n\n${section}\n`;
  return `${text.slice(0, start)}${section}${text.slice(end + SECTION_END.length)}`;
}
