import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { api, launchApp, load, LoadResult, signIn, waitFor, withPeakRss } from './harness';

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
 * 4. A stock count of `count-lines` lines (default 50,000: the 200 products on as many extra shelves of their own
 *    area as it takes, stocked through inbound audits of 5,000 lines), started, counted through the API in
 *    requests of 5,000 lines (a third found one short, a third one over) and posted: the post timed, with the
 *    app's peak RSS. Target ≤ 30 s (statements per line: test/orders/stocktake-statement-count.e2e-spec.ts).
 * 5. 1,000-label PDFs rendered one after another while `connections` / 4 connections page the stock list of
 *    the bench's warehouse: the list's p95 beside its idle p95 measured just before. Target ≤ 2× idle.
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
  countLines: number;
  seconds: number;
}

function parse(argv: string[]): Options {
  const num = (name: string, fallback: number) => (argv.includes(`--${name}`) ? Number(argv[argv.indexOf(`--${name}`) + 1]) : fallback);
  return { orders: num('orders', 1000), lines: num('lines', 10), contended: num('contended', 2000), connections: num('connections', 32), countLines: num('count-lines', 50_000), seconds: num('seconds', 10) };
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

    // 4. a stock count of `countLines` lines: the 200 products on as many shelves of a count area as it takes
    const countShelfCount = Math.ceil(o.countLines / PRODUCTS);
    const countStart = Date.now();
    const countArea = await add('WarehouseArea', { warehouse_id: warehouse.id, name: 'Bench count', serial_no: 'BC' });
    const countShelves = await inParallel(Array.from({ length: countShelfCount }, (_, i) => i), 4, (i) => add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: countArea.id, name: `C${i + 1}`, serial_no: `C${i + 1}` }));
    const countStock = countShelves.flatMap((shelf: any) => products.slice(0, PRODUCTS).map((p: any) => ({ product_id: p.id, warehouse_shelf_id: shelf.id, plan_quantity: 5, actual_quantity: 5, price: '1.00' }))).slice(0, o.countLines);
    for (let i = 0; i < countStock.length; i += 5000) {
      const order = await add('Inbound', { supplier_id: supplier.id, type: 10, lines: countStock.slice(i, i + 5000) });
      await call('/admin/wms.Inbound/audit', { id: order.id });
    }
    const stocktake = await add('Stocktake', { warehouse_id: warehouse.id, warehouse_area_id: countArea.id });
    const countLines: any[] = (await call('/admin/wms.Stocktake/start', { id: stocktake.id })).lines;
    for (let i = 0; i < countLines.length; i += 5000) {
      await call('/admin/wms.Stocktake/count', { id: stocktake.id, lines: countLines.slice(i, i + 5000).map((l: any, j: number) => ({ id: l.id, counted_quantity: Number(l.book_quantity) + (((i + j) % 3) - 1) })) });
    }
    console.log(`count of ${countLines.length} lines prepared in ${((Date.now() - countStart) / 1000).toFixed(0)} s`);
    const { result: postSeconds, peakMb: postRss } = await withPeakRss(app.pid!, async () => {
      const t0 = Date.now();
      await call('/admin/wms.Stocktake/post', { id: stocktake.id });
      return (Date.now() - t0) / 1000;
    });
    const posted = (await call(`/admin/wms.InventoryHistory/index?order_no=${encodeURIComponent(stocktake.stocktake_no)}&limit=1`)).total;
    console.log(`count post: ${countLines.length} lines in ${postSeconds.toFixed(2)} s (${posted} variance events), peak RSS ${Math.round(postRss)} MB`);

    // 5. 1,000-label PDFs while the stock list is paged: its p95 idle, then with labels rendering one after another
    const labelIds = (await call('/admin/wms.Product/index?limit=1000&order=id,asc')).list.map((p: any) => p.id);
    const listConnections = Math.max(1, Math.round(o.connections / 4));
    const listLoad = () => load({ url: base, connections: listConnections, duration: o.seconds, headers: { batoken: token }, request: (n) => ({ path: `/admin/wms.Stock/index?warehouse_id=${warehouse.id}&page=${(n % 5) + 1}&limit=10` }) });
    await load({ url: base, connections: listConnections, duration: 2, headers: { batoken: token }, request: () => ({ path: `/admin/wms.Stock/index?warehouse_id=${warehouse.id}&limit=10` }) }); // warm-up
    const idle = await listLoad();
    let rendering = true;
    const renders: number[] = [];
    let labelBytes = 0;
    const renderer = (async () => {
      while (rendering) {
        const t0 = Date.now();
        const res = await fetch(`${base}/admin/wms.Product/labels?format=pdf&ids=${labelIds.join(',')}`, { headers: { batoken: token } });
        const body = Buffer.from(await res.arrayBuffer());
        if (!res.ok || body.subarray(0, 4).toString() !== '%PDF') throw new Error(`labels: HTTP ${res.status} ${body.subarray(0, 200).toString()}`);
        labelBytes = body.length;
        renders.push((Date.now() - t0) / 1000);
      }
    })();
    const { result: busy, peakMb: labelRss } = await withPeakRss(app.pid!, listLoad);
    rendering = false;
    await renderer;
    const within = (busy.p95 ?? Infinity) <= 2 * (idle.p95 ?? 0);
    console.log(`labels: ${renders.length} PDFs of ${labelIds.length} labels (${renders.map((v) => v.toFixed(1)).join(', ')} s each); stock list p95 ${idle.p95} ms idle, ${busy.p95} ms while rendering`);

    writeSection(o, started, setupSeconds, {
      release: { seconds: releaseSeconds, tasks: Number(tasks.total), rss: releaseRss },
      reserve: { ...reserved.result, rss: reserved.peakMb, codes, reservedUnits, correct },
      confirm: { ...confirms.result, rss: confirms.peakMb, picked },
      count: { lines: countLines.length, seconds: postSeconds, rss: postRss, events: Number(posted) },
      labels: { labels: labelIds.length, renders, bytes: labelBytes, rss: labelRss, idle, busy, connections: listConnections, within },
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
    count: { lines: number; seconds: number; rss: number; events: number };
    labels: { labels: number; renders: number[]; bytes: number; rss: number; idle: LoadResult; busy: LoadResult; connections: number; within: boolean };
  },
): void {
  const database = process.env.DB_URL ? `MariaDB/MySQL (${new URL(process.env.DB_URL).pathname.slice(1)})` : 'SQLite (better-sqlite3, WAL)';
  const cpu = cpus();
  const ms = (v: number | null) => (v === null ? '–' : Math.round(v).toString());
  const section = `${SECTION_START}
## Directed work

Written by \`npm run bench:directed\` (bench/directed.ts) on ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${database}; machine: ${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM, Linux ${release()}, Node ${process.version}. The bench creates its own warehouse (40 storage shelves, a staging shelf, 201 products; for the count, an area of ${Math.ceil(r.count.lines / PRODUCTS)} more shelves) and the orders through the API (${setupSeconds.toFixed(0)} s, not measured).

| Scenario | Conn. | Requests | p50 ms | p95 ms | p99 ms | req/s | Peak RSS MB | Target | Met |
|---|---:|---:|---:|---:|---:|---:|---:|---|:-:|
| Release a wave of ${o.orders.toLocaleString('en-US')} orders × ${o.lines} lines (${r.release.tasks.toLocaleString('en-US')} pick tasks planned) | 1 | 1 | ${ms(r.release.seconds * 1000)} | – | – | – | ${Math.round(r.release.rss)} | ≤ 5 s on MariaDB | ${r.release.seconds <= 5 ? 'yes' : '**no**'} |
| Pick confirms by scan: every task of that wave, whole (2 ledger events each) | ${o.connections} | ${r.confirm.requests.toLocaleString('en-US')} | ${ms(r.confirm.p50)} | ${ms(r.confirm.p95)} | ${ms(r.confirm.p99)} | ${Math.round(r.confirm.rps)} | ${Math.round(r.confirm.rss)} | every task done, the wave picked | ${r.confirm.picked ? 'yes' : '**no**'} |
| Contended reservations: ${o.contended.toLocaleString('en-US')} orders × 3 units of one product, 3,000 on hand | ${o.connections} | ${r.reserve.requests.toLocaleString('en-US')} | ${ms(r.reserve.p50)} | ${ms(r.reserve.p95)} | ${ms(r.reserve.p99)} | ${Math.round(r.reserve.rps)} | ${Math.round(r.reserve.rss)} | exactly min(orders, 1,000) × 3 reserved | ${r.reserve.correct ? 'yes' : '**no**'} |
| Post a stock count of ${r.count.lines.toLocaleString('en-US')} lines (${r.count.events.toLocaleString('en-US')} variance events) | 1 | 1 | ${ms(r.count.seconds * 1000)} | – | – | – | ${Math.round(r.count.rss)} | ≤ 30 s at 50,000 lines | ${r.count.lines < 50_000 ? '–' : r.count.seconds <= 30 ? 'yes' : '**no**'} |
| Stock list of the bench's warehouse, idle | ${r.labels.connections} | ${r.labels.idle.requests.toLocaleString('en-US')} | ${ms(r.labels.idle.p50)} | ${ms(r.labels.idle.p95)} | ${ms(r.labels.idle.p99)} | ${Math.round(r.labels.idle.rps)} | – | – | |
| The same list while ${r.labels.labels.toLocaleString('en-US')}-label PDFs render one after another (${r.labels.renders.length} rendered, ${r.labels.renders.length ? (r.labels.renders.reduce((a, b) => a + b, 0) / r.labels.renders.length).toFixed(1) : '–'} s and ${(r.labels.bytes / 1e6).toFixed(1)} MB each) | ${r.labels.connections} | ${r.labels.busy.requests.toLocaleString('en-US')} | ${ms(r.labels.busy.p50)} | ${ms(r.labels.busy.p95)} | ${ms(r.labels.busy.p99)} | ${Math.round(r.labels.busy.rps)} | ${Math.round(r.labels.rss)} | p95 ≤ 2 × idle | ${r.labels.within ? 'yes' : '**no**'} |

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
