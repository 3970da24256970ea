import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { BASELINE_READY } from './baseline-server';
import { replaceSection, SECTION_END, SECTION_START } from './directed';
import { replaceSerialsSection, SERIAL_AUDIT_TARGET_SECONDS, serialAudit, SERIALS_SECTION_END, SERIALS_SECTION_START } from './serials';
import { api, launchApp, load, Load, LoadResult, processCpuTicks, rssMb, signIn, waitFor, withPeakRss } from './harness';

/**
 * `npm run bench [-- --duration 10 --connections 32 --audit-orders 300 --rebuild --skip-browser]`
 *
 * Starts the app (dist/src/main.js) on the database the environment names (DB_URL, or SQLite in DATA_DIR;
 * fill it first with `npm run seed:large`, and give both the same ADMIN_PASSWORD), then measures on
 * loopback with autocannon, one scenario after another: admin login, the product list with quickSearch,
 * the stock list, the inventory history with filters, the dashboard, and the audit of 10-line inbound
 * orders; beside the two lists, a baseline — the same SQL served by a bare node:http handler on the same
 * driver (bench/baseline-server.ts) — so their throughput is a ratio measured in the same run. Then the CSV
 * export of 1,000,000 history rows, the login page in headless Chromium (first-load JavaScript, first
 * contentful paint, median of 7 cold loads) and, with --rebuild, `projections:rebuild` with the app
 * stopped. Writes docs/PERFORMANCE.md: the table, the data set, the machine, and bench/analysis.md.
 */

const ROOT = join(__dirname, '..', '..');
const DIST = join(ROOT, 'dist');

interface Options {
  duration: number;
  connections: number;
  auditOrders: number;
  auditConnections: number;
  exportRows: number;
  rebuild: boolean;
  browser: boolean;
  out: string;
}

function parse(argv: string[]): Options {
  const num = (name: string, fallback: number) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  return {
    duration: num('duration', 10),
    connections: num('connections', 32),
    auditOrders: num('audit-orders', 300),
    auditConnections: num('audit-connections', 8),
    exportRows: num('export-rows', 1_000_000),
    rebuild: argv.includes('--rebuild'),
    browser: !argv.includes('--skip-browser'),
    out: argv.includes('--out') ? argv[argv.indexOf('--out') + 1] : join(ROOT, 'docs', 'PERFORMANCE.md'),
  };
}

export interface Row {
  scenario: string;
  connections: number | string;
  requests: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  rps: number | null;
  baselineRps?: number | null;
  ratio?: number | null;
  peakRssMb: number | null;
  target: string;
  met: boolean | null;
  note?: string;
}

/**
 * Between scenarios: statements still running on the bench database (requests autocannon gave up on) are
 * waited for up to `seconds`, then cancelled, so one scenario's backlog does not land on the next. MySQL only.
 */
async function settle(seconds = 60): Promise<number> {
  if (!process.env.DB_URL) return 0;
  const url = new URL(process.env.DB_URL);
  const mysql = await import('mysql2/promise');
  const connection = await mysql.createConnection({ host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username || 'root'), password: decodeURIComponent(url.password || ''), database: decodeURIComponent(url.pathname.slice(1)) });
  try {
    const running = async () =>
      ((await connection.query("SELECT id FROM information_schema.processlist WHERE db = DATABASE() AND command = 'Query' AND id <> CONNECTION_ID()"))[0] as Array<{ id: number }>).map((r) => r.id);
    const until = Date.now() + seconds * 1000;
    let ids = await running();
    while (ids.length && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 500));
      ids = await running();
    }
    for (const id of ids) await connection.query(`KILL QUERY ${Number(id)}`).catch(() => undefined);
    return ids.length;
  } finally {
    await connection.end();
  }
}

/**
 * CPU ticks: the whole machine (busy, total), the time the hypervisor gave to other guests while this one
 * wanted to run (steal, counted apart from busy), and a set of processes (Linux /proc).
 */
function cpuTicks(pids: number[]): { busy: number; total: number; steal: number; ours: number } {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const values = fields.map(Number);
  const idle = values[3] + (values[4] ?? 0);
  const steal = values[7] ?? 0;
  const total = values.reduce((a, b) => a + b, 0);
  const ours = pids.reduce((sum, pid) => sum + processCpuTicks(pid), 0);
  return { busy: total - idle - steal, total, steal, ours };
}

/** The database server's pid (mariadbd / mysqld), to count its CPU as the bench's own. */
function databasePid(): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (/^(mariadbd|mysqld)$/.test(readFileSync(`/proc/${entry}/comm`, 'utf8').trim())) return Number(entry);
    } catch {
      /* gone */
    }
  }
  return null;
}

/** Runs `work` and answers the shares of the machine's CPU that other processes and the hypervisor (steal) took meanwhile. */
async function othersShare<T>(pids: number[], work: () => Promise<T>): Promise<{ result: T; others: Noise }> {
  const before = cpuTicks(pids);
  const result = await work();
  const after = cpuTicks(pids);
  const total = after.total - before.total;
  const share = (ticks: number) => (total > 0 ? Math.max(0, ticks) / total : 0);
  return { result, others: { processes: share(after.busy - before.busy - (after.ours - before.ours)), steal: share(after.steal - before.steal) } };
}

interface Noise {
  processes: number;
  steal: number;
}

const noiseNote = (n: Noise) => `other processes used ${Math.round(n.processes * 100)} % of the CPU meanwhile, the hypervisor withheld ${Math.round(n.steal * 100)} % (steal)`;

const ms = (v: number | null | undefined) => (v === null || v === undefined ? '–' : v < 10 ? v.toFixed(1) : Math.round(v).toString());
const num = (v: number | null | undefined) => (v === null || v === undefined ? '–' : Math.round(v).toLocaleString('en-US'));

function table(rows: Row[]): string {
  const head = '| Scenario | Conn. | Requests | p50 ms | p95 ms | p99 ms | req/s | Baseline req/s | Ratio | Peak RSS MB | Target | Met |';
  const line = '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|:-:|';
  const body = rows.map((r) =>
    [
      r.scenario,
      r.connections,
      num(r.requests),
      ms(r.p50),
      ms(r.p95),
      ms(r.p99),
      num(r.rps),
      r.baselineRps === undefined ? '' : num(r.baselineRps),
      r.ratio === undefined ? '' : r.ratio === null || !Number.isFinite(r.ratio) ? '–' : `${Math.round(r.ratio * 100)} %`,
      r.peakRssMb === null ? '–' : Math.round(r.peakRssMb).toString(),
      r.target,
      r.met === null ? '' : r.met ? 'yes' : '**no**',
    ].join(' | '),
  );
  return [head, line, ...body.map((b) => `| ${b} |`)].join('\n');
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const o = parse(argv);
  const password = process.env.ADMIN_PASSWORD;
  if (!password) throw new Error('Set ADMIN_PASSWORD to the admin password of the database (the one seed:large was run with).');
  const started = new Date();
  const rows: Row[] = [];
  const env = { ...process.env, LOGIN_CAPTCHA: '0', SEED_DEMO: '0' };

  const { base, app, log: appLog, stop: stopApp } = await launchApp(ROOT, env, 'wms-bench-app.log');
  let baseline: ChildProcess | null = null;
  try {
    await waitFor(`${base}/admin/index/login`, app);
    console.log(`app (pid ${app.pid}) at ${base}`);
    const dbPid = process.env.DB_URL ? databasePid() : null;
    const oursNow = () => [process.pid, app.pid!, ...(baseline?.pid ? [baseline.pid] : []), ...(dbPid ? [dbPid] : [])];
    const token = await signIn(base, password);
    const auth = { batoken: token };

    // the data set
    const products = await api(base, '/admin/wms.Product/index?limit=50&order=id,asc', token);
    // lists stop counting at 10,000 (`total_capped`): then the newest row's id tells the size (ids have no gaps here)
    const size = async (path: string) => {
      const first = await api(base, `${path}?limit=1&order=id,desc`, token);
      return first.total_capped ? Number(first.list[0]?.id ?? first.total) : Number(first.total);
    };
    const dataset = { products: await size('/admin/wms.Product/index'), events: await size('/admin/wms.InventoryHistory/index'), stock: await size('/admin/wms.Stock/index') };
    console.log(`data set: ${dataset.products} products, ${dataset.events} history rows, ${dataset.stock} stock rows`);

    // requests that vary, so caches do not answer the same page every time
    const names: string[] = products.list.map((p: any) => String(p.name));
    const terms = [...new Set(names.map((name) => name.split(' ')[0].slice(0, 2)))].slice(0, 8);
    const productPaths = terms.map((term) => `/admin/wms.Product/index?quickSearch=${encodeURIComponent(term)}&page=1&limit=10`);
    const warehouses = [1, 2, 3, 4, 5];
    const historyPaths = warehouses.flatMap((w) => [10, 40].map((f) => `/admin/wms.InventoryHistory/index?form_type=${f}&warehouse_id=${w}&page=1&limit=10`));
    const productHistoryPaths = products.list.slice(0, 20).map((p: any) => `/admin/wms.InventoryHistory/index?product_id=${p.id}&page=1&limit=10`);
    const stockPaths = warehouses.map((w) => `/admin/wms.Stock/index?warehouse_id=${w}&page=1&limit=10`);

    // first, on the freshly started app: the CSV export of the newest `exportRows` history rows
    const newest = (await api(base, '/admin/wms.InventoryHistory/index?limit=1', token)).list[0];
    const fromId = Math.max(0, Number(newest?.id ?? 0) - o.exportRows);
    const exportPath = `/admin/wms.InventoryHistory/export?search[0][field]=id&search[0][val]=${fromId}&search[0][operator]=${encodeURIComponent(">")}`;
    const { result: exported, others: exportOthers } = await othersShare(oursNow(), () => withPeakRss(app.pid!, async () => {
      const t0 = Date.now();
      const res = await fetch(`${base}${exportPath}`, { headers: auth });
      let bytes = 0;
      let lines = 0;
      const reader = res.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.length;
        for (const byte of value) if (byte === 10) lines++;
      }
      return { seconds: (Date.now() - t0) / 1000, bytes, rows: Math.max(0, lines - 1) };
    }));
    console.log(`export: ${exported.result.rows} rows, ${(exported.result.bytes / 1e6).toFixed(0)} MB in ${exported.result.seconds.toFixed(1)} s, peak RSS ${Math.round(exported.peakMb)} MB`);
    rows.push({
      scenario: `History CSV export, ${num(exported.result.rows)} rows`,
      connections: 1,
      requests: 1,
      p50: exported.result.seconds * 1000,
      p95: null,
      p99: null,
      rps: exported.result.rows / exported.result.seconds,
      peakRssMb: exported.peakMb,
      target: 'peak RSS ≤ 300 MB',
      met: exported.peakMb <= 300,
      note: `${(exported.result.bytes / 1e6).toFixed(0)} MB in ${exported.result.seconds.toFixed(1)} s (req/s column: rows/s; p50 column: the whole download); ${noiseNote(exportOthers)}`,
    });

    baseline = spawn(process.execPath, [join(DIST, 'bench', 'baseline-server.js')], {
      cwd: ROOT,
      env: { ...env, BASELINE_TOKEN: token, BASELINE_REQUESTS: JSON.stringify({ product: productPaths, history: historyPaths, productHistory: productHistoryPaths, stock: stockPaths, dashboard: ['/admin/dashboard/index'] }) },
      stdio: ['ignore', 'pipe', appLog],
    });
    const baselinePort = await new Promise<number>((resolve, reject) => {
      let text = '';
      baseline!.stdout!.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const m = new RegExp(`${BASELINE_READY} (\\d+) (.*)`).exec(text);
        if (m) {
          console.log(`baseline (pid ${baseline!.pid}) on port ${m[1]}; recorded SQL: ${m[2].slice(0, 400)}…`);
          resolve(Number(m[1]));
        }
      });
      baseline!.once('exit', (code) => reject(new Error(`the baseline server exited (${code})`)));
    });
    const baselineBase = `http://127.0.0.1:${baselinePort}`;

    const measure = async (scenario: string, l: Load, target: string, check: (r: LoadResult) => boolean | null, pid = app.pid!) => {
      await load({ ...l, duration: 2, amount: undefined }); // warm-up
      await settle();
      const ours = oursNow();
      const {
        result: { result, peakMb },
        others,
      } = await othersShare(ours, () => withPeakRss(pid, () => load(l)));
      const cancelled = await settle();
      const row: Row = { scenario, connections: l.connections, requests: result.requests, p50: result.p50, p95: result.p95, p99: result.p99, rps: result.rps, peakRssMb: peakMb, target, met: check(result) };
      const notes = [noiseNote(others)];
      if (result.failures) notes.push(`${result.failures} requests failed or timed out (10 s)`);
      if (cancelled) notes.push(`${cancelled} statements still running afterwards were cancelled`);
      row.note = notes.join('; ');
      console.log(`${scenario}: ${Math.round(result.rps)} req/s, p50 ${ms(result.p50)} ms, p95 ${ms(result.p95)} ms, p99 ${ms(result.p99)} ms, peak RSS ${Math.round(peakMb)} MB${result.failures ? `, ${result.failures} FAILED` : ''}`);
      return { row, result };
    };
    const c = o.connections;
    const d = o.duration;

    rows.push(
      (
        await measure(
          'Admin login (POST, scrypt)',
          { url: base, connections: 8, duration: d, method: 'POST', headers: { 'content-type': 'application/json' }, request: () => ({ path: '/admin/index/login', body: JSON.stringify({ username: 'admin', password }) }) },
          '–',
          () => null,
        )
      ).row,
    );

    // targets of issue 34: every list at ≥ 60 % of the baseline's throughput in the same run; p95 as given
    const listRow = async (scenario: string, paths: string[], baselineName: string | null, p95Target: number | null) => {
      const target = p95Target === null ? '≥ 60 % of baseline' : `p95 ≤ ${p95Target} ms, ≥ 60 % of baseline`;
      const { row, result } = await measure(scenario, { url: base, connections: c, duration: d, headers: auth, request: (n) => ({ path: paths[n % paths.length] }) }, target, (r) => (r.p95 ?? Infinity) <= (p95Target ?? Infinity));
      if (baselineName) {
        const b = await measure(`${scenario} — baseline`, { url: baselineBase, connections: c, duration: d, request: (n) => ({ path: `/${baselineName}?i=${n % paths.length}` }) }, '', () => null, baseline!.pid!);
        row.baselineRps = b.result.rps;
        row.ratio = b.result.rps > 0 ? result.rps / b.result.rps : null;
        row.met = (result.p95 ?? Infinity) <= (p95Target ?? Infinity) && (row.ratio ?? 0) >= 0.6;
        row.target = target;
        rows.push(row, { ...b.row, scenario: `↳ baseline: same SQL, bare node:http + ${process.env.DB_URL ? 'mysql2' : 'better-sqlite3'}`, target: '', met: null });
        return;
      }
      rows.push(row);
    };
    await listRow('Product list, quickSearch (2-character terms)', productPaths, 'product', 100);
    await listRow('Stock list, by warehouse', stockPaths, 'stock', 100);
    await listRow('Inventory history of a product', productHistoryPaths, 'productHistory', null);
    await listRow('Inventory history, form type + warehouse', historyPaths, 'history', null);
    await listRow('Dashboard', ['/admin/dashboard/index'], 'dashboard', 20);

    // audits: orders of 10 lines created first, then each request audits one of them
    const supplier = (await api(base, '/admin/wms.Supplier/index?limit=1', token)).list[0];
    const pool = (await api(base, `/admin/wms.Product/index?limit=200&order=id,desc`, token)).list.filter((p: any) => Number(p.warehouse_shelf_id) > 0);
    const orderIds: number[] = [];
    const creating = Date.now();
    for (let i = 0; i < o.auditOrders; i++) {
      const lines = Array.from({ length: 10 }, (_, j) => pool[(i * 10 + j) % pool.length]).map((p: any) => ({ product_id: p.id, warehouse_shelf_id: p.warehouse_shelf_id, plan_quantity: 5, actual_quantity: 5, price: '3.50' }));
      orderIds.push((await api(base, '/admin/wms.Inbound/add', token, { method: 'POST', body: { supplier_id: supplier.id, type: 10, lines } })).id);
    }
    console.log(`created ${orderIds.length} inbound orders of 10 lines in ${((Date.now() - creating) / 1000).toFixed(1)} s`);
    const {
      result: { result: audits, peakMb: auditRss },
      others: auditOthers,
    } = await othersShare(oursNow(), () => withPeakRss(app.pid!, () =>
      load({ url: base, connections: o.auditConnections, amount: orderIds.length, method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, request: (n) => ({ path: '/admin/wms.Inbound/audit', body: JSON.stringify({ id: orderIds[n % orderIds.length] }) }) }),
    ));
    console.log(`audits: ${Math.round(audits.rps)} orders/s, p95 ${ms(audits.p95)} ms${audits.failures ? `, ${audits.failures} FAILED` : ''}`);
    rows.push({ scenario: 'Audit of 10-line inbound orders', connections: o.auditConnections, requests: audits.requests, p50: audits.p50, p95: audits.p95, p99: audits.p99, rps: audits.rps, peakRssMb: auditRss, target: '–', met: null, note: `${audits.failures ? `${audits.failures} failed; ` : ''}${Math.round(audits.rps * 10)} ledger events/s; ${noiseNote(auditOthers)}` });

    // an inbound audit with 10,000 serials (§14): one request, timed
    const serialRun = await serialAudit(base, token, app.pid!);
    console.log(`inbound audit with ${serialRun.serials} serials: ${serialRun.seconds.toFixed(2)} s`);
    rows.push({ scenario: `Inbound audit with ${num(serialRun.serials)} serials`, connections: 1, requests: 1, p50: serialRun.seconds * 1000, p95: null, p99: null, rps: null, peakRssMb: serialRun.peakMb, target: `≤ ${SERIAL_AUDIT_TARGET_SECONDS} s on MariaDB`, met: serialRun.seconds <= SERIAL_AUDIT_TARGET_SECONDS && serialRun.inStock === serialRun.serials, note: `${num(serialRun.inStock)} serials in stock afterwards; statements in chunks of 1,000 serials` });

    // the sign-in page in headless Chromium
    const web = o.browser ? await browserFigures(base) : null;
    if (web) {
      rows.push({ scenario: 'Login page, first-load JS (gzip)', connections: '–', requests: 0, p50: null, p95: null, p99: null, rps: null, peakRssMb: null, target: '≤ 250 KB', met: web.jsKb <= 250, note: `${web.jsKb.toFixed(1)} KB` });
      rows.push({ scenario: 'Login page, first contentful paint (median of 7 cold loads)', connections: '–', requests: 7, p50: web.fcpMedian, p95: null, p99: null, rps: null, peakRssMb: null, target: 'FCP ≤ 400 ms', met: web.fcpMedian <= 400, note: `loads: ${web.fcps.map((v) => Math.round(v)).join(', ')} ms` });
    }

    const peakApp = rssMb(app.pid!);
    baseline.kill('SIGTERM');
    await stopApp();

    let rebuild: { seconds: number; peakMb: number; output: string } | null = null;
    if (o.rebuild) rebuild = await runRebuild(env);
    if (rebuild) {
      rows.push({ scenario: `projections:rebuild, ${num(dataset.events)} events`, connections: '–', requests: 0, p50: rebuild.seconds * 1000, p95: null, p99: null, rps: dataset.events / rebuild.seconds, peakRssMb: rebuild.peakMb, target: '≤ 10 min (5 M events)', met: rebuild.seconds <= 600, note: rebuild.output });
    }

    writeReport(o, rows, dataset, started, peakApp);
  } finally {
    baseline?.kill('SIGTERM');
    if (app.exitCode === null) app.kill('SIGTERM');
  }
}

async function runRebuild(env: NodeJS.ProcessEnv): Promise<{ seconds: number; peakMb: number; output: string }> {
  const t0 = Date.now();
  const child = spawn(process.execPath, [join(DIST, 'scripts', 'rebuild-projections.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const { peakMb } = await withPeakRss(child.pid!, () => new Promise<void>((resolve) => child.once('exit', () => resolve())));
  const seconds = (Date.now() - t0) / 1000;
  const summary = output
    .split(/[\r\n]/)
    .filter((l) => /Replayed|match|differ/.test(l))
    .join(' ');
  console.log(`rebuild: ${seconds.toFixed(1)} s, peak RSS ${Math.round(peakMb)} MB — ${summary}`);
  return { seconds, peakMb, output: summary };
}

async function browserFigures(base: string): Promise<{ jsKb: number; fcps: number[]; fcpMedian: number }> {
  if (!existsSync(join(ROOT, 'web', 'dist', '.vite', 'manifest.json'))) execFileSync(join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--config', 'web/vite.config.mts', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  const sizes = execFileSync(process.execPath, [join(ROOT, 'web', 'scripts', 'bundle-size.mjs')], { cwd: ROOT }).toString();
  const jsKb = Number(/gzip ([\d.]+) kB; CSS/.exec(sizes)?.[1] ?? NaN);
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const fcps: number[] = [];
  try {
    for (let i = 0; i < 7; i++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${base}/#/admin/login`, { waitUntil: 'load' });
      await page.locator('.ba-login-box').waitFor();
      const fcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const find = () => (globalThis as any).performance.getEntriesByName('first-contentful-paint')[0]?.startTime as number | undefined;
            const tick = () => {
              const value = find();
              if (value !== undefined) resolve(value);
              else setTimeout(tick, 20);
            };
            tick();
          }),
      );
      fcps.push(fcp);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const sorted = [...fcps].sort((a, b) => a - b);
  console.log(`login page: ${jsKb} KB gzipped JS, FCP ${fcps.map((v) => Math.round(v)).join(', ')} ms`);
  return { jsKb, fcps, fcpMedian: sorted[3] };
}

function writeReport(o: Options, rows: Row[], dataset: { products: number; events: number; stock: number }, started: Date, peakApp: number): void {
  const database = process.env.DB_URL ? `MariaDB/MySQL (${new URL(process.env.DB_URL).pathname.slice(1)})` : 'SQLite (better-sqlite3, WAL)';
  let dbVersion = '';
  try {
    dbVersion = process.env.DB_URL ? execFileSync('mysql', ['-h', new URL(process.env.DB_URL).hostname, '-u', new URL(process.env.DB_URL).username || 'root', '-N', '-e', 'SELECT VERSION()']).toString().trim() : '';
  } catch {
    dbVersion = '';
  }
  const cpu = cpus();
  const notes = rows.filter((r) => r.note).map((r) => `- ${r.scenario}: ${r.note}`);
  const analysisFile = join(ROOT, 'bench', 'analysis.md');
  const analysis = existsSync(analysisFile) ? readFileSync(analysisFile, 'utf8').trim() : '';
  const text = `# Performance

Written by \`npm run bench\` (bench/run.ts) on ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC; the analysis at the end comes from bench/analysis.md.

## The last run

- Data set: ${dataset.products.toLocaleString('en-US')} products, ${dataset.events.toLocaleString('en-US')} ledger events / history rows, ${dataset.stock.toLocaleString('en-US')} stock rows (\`npm run seed:large\`).
- Database: ${database}${dbVersion ? ` ${dbVersion}` : ''}, on the same machine.
- Machine: ${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM, Linux ${release()}, Node ${process.version}. The app, the database, autocannon and the baseline server share the ${cpu.length} cores.
- Load: autocannon on loopback, ${o.duration} s per scenario after a 2 s warm-up; list and dashboard requests rotate through several filters / search terms; latencies are per request (p95 computed from every response). Audits: ${o.auditOrders} orders of 10 lines created beforehand, each request audits one.
- Peak RSS: the app process (the baseline process for baseline rows), sampled every 50 ms during the scenario. App RSS after the run: ${Math.round(peakApp)} MB.
- Noise: each scenario's note gives the share of the machine's CPU used by processes other than the bench, the app, the baseline server and the database while it ran (other sessions on a shared machine), and the share the hypervisor gave to other guests (steal: the VM wanted the CPU and did not get it).

${table(rows)}

${notes.length ? `Notes:\n${notes.join('\n')}\n` : ''}
${analysis ? `${analysis}\n` : ''}`;
  // the directed-work section belongs to `npm run bench:directed`: kept as it was
  const previous = existsSync(o.out) ? readFileSync(o.out, 'utf8') : '';
  const directed = previous.includes(SECTION_START) ? previous.slice(previous.indexOf(SECTION_START), previous.indexOf(SECTION_END) + SECTION_END.length) : '';
  // and the serial-numbers section to `npm run bench:serials`
  const serials = previous.includes(SERIALS_SECTION_START) ? previous.slice(previous.indexOf(SERIALS_SECTION_START), previous.indexOf(SERIALS_SECTION_END) + SERIALS_SECTION_END.length) : '';
  const kept = directed ? replaceSection(text, directed) : text;
  writeFileSync(o.out, serials ? replaceSerialsSection(kept, serials) : kept);
  console.log(`wrote ${o.out}`);
}
