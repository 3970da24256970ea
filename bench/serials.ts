import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { api, launchApp, signIn, waitFor, withPeakRss } from './harness';

/**
 * "Inbound audit with 10,000 serials" (≤ 10 s on MariaDB), a scenario of `npm run bench`
 * and on its own `npm run bench:serials [-- --serials 10000]` (the app started as `npm start` runs it, on the
 * database the environment names; give ADMIN_PASSWORD). The scenario makes its own warehouse, shelf and
 * serial-tracked product through the API, an inbound order of one line with `serials` distinct serials, and
 * times the one audit request: the ledger event keeping all the serials, the serial projection registered,
 * read under lock and written, one movement row per serial — in statements that do not grow per serial
 * (chunks of 1,000; test/serials/serial-statement-count.e2e-spec.ts holds it). The standalone run writes the
 * "Serial numbers" section of docs/PERFORMANCE.md (between its markers; `npm run bench` keeps it).
 */

export const SERIALS_SECTION_START = '<!-- bench:serials -->';
export const SERIALS_SECTION_END = '<!-- /bench:serials -->';
export const SERIAL_AUDIT_TARGET_SECONDS = 10;

export interface SerialAuditResult {
  serials: number;
  seconds: number;
  peakMb: number;
  /** Serials in stock on the bench's shelf afterwards (must equal `serials`). */
  inStock: number;
}

/** Times the audit of an inbound order of `count` serials of a new serial-tracked product (`pid`: the app's, for its peak RSS). */
export async function serialAudit(base: string, token: string, pid: number, count = 10_000): Promise<SerialAuditResult> {
  const call = <T = any>(path: string, body?: unknown) => api<T>(base, path, token, body === undefined ? {} : { method: 'POST', body });
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(2, 17);
  const warehouse = await call('/admin/wms.Warehouse/add', { name: `Serial bench ${stamp}`, serial_no: `SB${stamp}` });
  const area = await call('/admin/wms.WarehouseArea/add', { warehouse_id: warehouse.id, name: 'Serials', serial_no: 'SA' });
  const shelf = await call('/admin/wms.Shelf/add', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: 'SN1', serial_no: 'SN1' });
  const product = await call('/admin/wms.Product/add', { product_no: `SN${stamp}`, name: `Serial bench ${stamp}`, price: '99.00', serial_tracked: 1 });
  const supplier = (await call('/admin/wms.Supplier/index?limit=1')).list[0] ?? (await call('/admin/wms.Supplier/add', { name: 'Serial bench supplier' }));
  const serials = Array.from({ length: count }, (_, i) => `${stamp}-${String(i).padStart(6, '0')}`);
  const order = await call('/admin/wms.Inbound/add', { supplier_id: supplier.id, type: 10, lines: [{ product_id: product.id, warehouse_shelf_id: shelf.id, plan_quantity: count, actual_quantity: count, price: '99.00', serials }] });
  const started = process.hrtime.bigint();
  const { peakMb } = await withPeakRss(pid, () => call('/admin/wms.Inbound/audit', { id: order.id }));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const inStock = (await call(`/admin/wms.Serial/index?product_id=${product.id}&in_stock=1&limit=1`)).total;
  return { serials: count, seconds, peakMb, inStock };
}

const ROOT = join(__dirname, '..', '..');

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const count = argv.includes('--serials') ? Number(argv[argv.indexOf('--serials') + 1]) : 10_000;
  const password = process.env.ADMIN_PASSWORD;
  if (!password) throw new Error('Set ADMIN_PASSWORD to the admin password of the database.');
  const started = new Date();
  const env = { ...process.env, LOGIN_CAPTCHA: '0', SEED_DEMO: '0' };
  const { base, app, stop } = await launchApp(ROOT, env, 'wms-bench-serials-app.log');
  try {
    await waitFor(`${base}/admin/index/login`, app);
    const token = await signIn(base, password);
    const result = await serialAudit(base, token, app.pid!, count);
    console.log(`inbound audit with ${count} serials: ${result.seconds.toFixed(2)} s (target ≤ ${SERIAL_AUDIT_TARGET_SECONDS} s), ${result.inStock} in stock, peak RSS ${Math.round(result.peakMb)} MB`);
    writeSection(started, result);
  } finally {
    await stop();
  }
}

function writeSection(started: Date, r: SerialAuditResult): void {
  const database = process.env.DB_URL ? `MariaDB/MySQL (${new URL(process.env.DB_URL).pathname.slice(1)})` : 'SQLite (better-sqlite3, WAL)';
  const cpu = cpus();
  const section = `${SERIALS_SECTION_START}
## Serial numbers

Written by \`npm run bench:serials\` (bench/serials.ts) on ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${database}; machine: ${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM, Linux ${release()}, Node ${process.version}. The bench makes its own warehouse, shelf and serial-tracked product and an inbound order of one line through the API (not measured), then times the audit request.

| Scenario | Serials | Seconds | Peak RSS MB | Target | Met |
|---|---:|---:|---:|---|:-:|
| Inbound audit with ${r.serials.toLocaleString('en-US')} serials | ${r.serials.toLocaleString('en-US')} | ${r.seconds.toFixed(2)} | ${Math.round(r.peakMb)} | ≤ ${SERIAL_AUDIT_TARGET_SECONDS} s on MariaDB, every serial in stock once | ${r.seconds <= SERIAL_AUDIT_TARGET_SECONDS && r.inStock === r.serials ? 'yes' : '**no**'} |

One ledger event keeps all ${r.serials.toLocaleString('en-US')} serials in its hash-chained payload; the audit registers, reads under lock and moves them in the serial projection and writes one movement row per serial, 1,000 serials per statement (the statements of 100 and 1,000 serials are the same: test/serials/serial-statement-count.e2e-spec.ts). Serials in stock afterwards: ${r.inStock.toLocaleString('en-US')}. Load average of the machine at the end: ${loadavg()[0].toFixed(1)} on ${cpu.length} cores.
${SERIALS_SECTION_END}`;
  const file = join(ROOT, 'docs', 'PERFORMANCE.md');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  writeFileSync(file, replaceSerialsSection(text, section));
  console.log(`wrote the serial-numbers section of ${file}`);
}

/** The text with its serial-numbers section replaced by `section` (appended when it has none). */
export function replaceSerialsSection(text: string, section: string): string {
  const start = text.indexOf(SERIALS_SECTION_START);
  const end = text.indexOf(SERIALS_SECTION_END);
  if (start < 0 || end < start) return `${text.trimEnd()}\n\n${section}\n`;
  return `${text.slice(0, start)}${section}${text.slice(end + SERIALS_SECTION_END.length)}`;
}
