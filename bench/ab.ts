import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { api, launchApp, load, processCpuTicks, signIn, waitFor } from './harness';

/**
 * `npm run bench:ab -- --base <checkout> --new <checkout> [--rounds 2] [--duration 8]`: two builds of the app
 * compared on the same database (DB_URL, ADMIN_PASSWORD; seed it with `npm run seed:large`). Each checkout is
 * started as `npm start` starts it (what is stale is built first). First both builds run side by side and every list
 * request below is sent to each: the answers must be the same JSON. Then the builds are started one after
 * another, `rounds` times each, and every scenario runs at 32 connections for `duration` seconds after a
 * 2-second warm-up; the app's own CPU per request is read from /proc, so other processes on the machine do not
 * count in it. Prints a Markdown table. The way rounds seven to ten of docs/PERFORMANCE.md compared builds.
 */

interface Running {
  base: string;
  app: ChildProcess;
  token: string;
  stop: () => Promise<void>;
}

interface Options {
  builds: Record<'base' | 'new', string>;
  rounds: number;
  duration: number;
}

const CONNECTIONS = 32;

/** The lists whose first pages are compared between the builds (with and without a one-character quickSearch). */
const COMPARED_LISTS = [
  'wms.Shelf', 'wms.lot', 'wms.inbound', 'wms.outbound', 'wms.relocation', 'wms.adjustment', 'wms.stocktake', 'wms.serial', 'wms.task', 'wms.wave',
  'wms.Customer', 'wms.Supplier', 'wms.Warehouse', 'wms.WarehouseArea', 'wms.Category', 'wms.Brand', 'wms.Unit', 'wms.ProductUnit',
  'auth.Admin', 'user.User', 'routine.Attachment', 'security.DataRecycleLog',
];

function parse(argv: string[]): Options {
  const value = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const checkout = (name: string) => {
    const dir = resolve(value(name) ?? '');
    if (!value(name) || !existsSync(join(dir, 'scripts', 'start.js')) || !existsSync(join(dir, 'node_modules'))) throw new Error(`${name} must name a checkout of this project with its dependencies installed`);
    return dir;
  };
  return { builds: { base: checkout('--base'), new: checkout('--new') }, rounds: Number(value('--rounds') ?? 2), duration: Number(value('--duration') ?? 8) };
}

/** User + system CPU of a process so far, in milliseconds (Linux's clock ticks are 10 ms). */
const cpuMs = (pid: number) => processCpuTicks(pid) * 10;

/** A build as `npm start` runs it (launchApp: what is stale built, migrations run), signed in. */
async function start(dir: string, password: string, build: string): Promise<Running> {
  const { base, app, stop } = await launchApp(dir, { ...process.env, LOGIN_CAPTCHA: '0', SEED_DEMO: '0' }, `wms-bench-ab-${build}.log`);
  await waitFor(`${base}/admin/index/login`, app);
  return { base, app, token: await signIn(base, password), stop };
}

/** JSON with every object's keys sorted: two answers are the same when these are. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const o = parse(argv);
  const password = process.env.ADMIN_PASSWORD;
  if (!password) throw new Error('Set ADMIN_PASSWORD to the admin password of the database (the one seed:large was run with).');

  const first = await start(o.builds.base, password, 'base');
  const second = await start(o.builds.new, password, 'new');
  let scenarios: Record<string, string[]>;
  try {
    const products = (await api(first.base, '/admin/wms.Product/index?limit=20&order=id,asc', first.token)).list as Array<{ id: number }>;
    const warehouses = ((await api(first.base, '/admin/wms.Warehouse/index?limit=10', first.token)).list as Array<{ id: number }>).map((w) => w.id);
    scenarios = {
      'Inventory history of a product': products.map((p) => `/admin/wms.InventoryHistory/index?product_id=${p.id}&page=1&limit=10`),
      'Inventory history, form type + warehouse': warehouses.flatMap((w) => [10, 40].map((f) => `/admin/wms.InventoryHistory/index?form_type=${f}&warehouse_id=${w}&page=1&limit=10`)),
      'Stock list, by warehouse': warehouses.map((w) => `/admin/wms.Stock/index?warehouse_id=${w}&page=1&limit=10`),
      'Product list, pages 1 and 2': [1, 2].map((page) => `/admin/wms.Product/index?page=${page}&limit=10`),
      'Inbound orders': ['/admin/wms.inbound/index?page=1&limit=10'],
      'A page that is not full (the warehouses)': ['/admin/wms.Warehouse/index?page=1&limit=50'],
      Dashboard: ['/admin/dashboard/index'],
    };
    const compared = [...Object.values(scenarios).flat(), ...COMPARED_LISTS.flatMap((list) => [`/admin/${list}/index?page=1&limit=10`, `/admin/${list}/index?page=1&limit=5&quickSearch=1`])];
    const different: string[] = [];
    for (const path of compared) {
      const [a, b] = await Promise.all([first, second].map((s) => api(s.base, path, s.token).catch((error: Error) => ({ error: error.message }))));
      if (canonical(a) !== canonical(b)) different.push(path);
    }
    console.log(`answers compared: ${compared.length}, different: ${different.length}${different.length ? ` (${different.join(', ')})` : ''}`);
  } finally {
    await first.stop();
    await second.stop();
  }

  const figures = new Map<string, Record<'base' | 'new', string[]>>();
  for (let round = 0; round < o.rounds; round++) {
    for (const build of ['base', 'new'] as const) {
      const running = await start(o.builds[build], password, build);
      try {
        for (const [name, paths] of Object.entries(scenarios)) {
          const run = (duration: number) => load({ url: running.base, connections: CONNECTIONS, duration, headers: { batoken: running.token }, request: (i) => ({ path: paths[i % paths.length] }) });
          await run(2);
          const before = cpuMs(running.app.pid!);
          const result = await run(o.duration);
          const perRequest = (cpuMs(running.app.pid!) - before) / Math.max(1, result.requests);
          const text = `${Math.round(result.rps)} req/s, p95 ${Math.round(result.p95 ?? 0)} ms, ${perRequest.toFixed(2)} ms CPU${result.failures ? `, ${result.failures} failed` : ''}`;
          console.log(`${build} ${name}: ${text}`);
          const row = figures.get(name) ?? { base: [], new: [] };
          row[build].push(text);
          figures.set(name, row);
        }
      } finally {
        await running.stop();
      }
    }
  }
  console.log(`\n| Scenario (${CONNECTIONS} connections, ${o.duration} s) | ${o.builds.base} | ${o.builds.new} |\n|---|---|---|`);
  for (const [name, row] of figures) console.log(`| ${name} | ${row.base.join('; ')} | ${row.new.join('; ')} |`);
}
