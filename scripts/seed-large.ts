import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { INestApplicationContext } from '@nestjs/common';
import { maintenanceContext } from './app-context';
import { getDataSourceToken } from '@nestjs/typeorm';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DataSource, QueryRunner } from 'typeorm';
import { connectAsMigrationUser } from '../ormconfig';
import { seedDatabase } from '../src/bootstrap';
import { chainHash, FormType, ProjectionRebuilder, StockEventType } from '../src/modules/inventory';
import { OrdersLedgerReader } from '../src/modules/orders';
import { SiteConfigService } from '../src/modules/platform';
import { fromCents, toCents } from '../src/shared/database/money';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * `npm run seed:large -- --products 100000 --events 5000000 [--days 730] [--seed 1]`: fills an empty
 * database (SQLite, or MySQL/MariaDB with DB_URL) with a large, consistent data set for benchmarks.
 *
 * 1. Master data by multi-row INSERTs: units, brands, categories, 5 warehouses × 10 areas × 20 shelves,
 *    partners and `--products` products (searchable names, product numbers, bar codes).
 * 2. `--events` ledger events over `--days` days up to now, in the shape StockLedger appends them (payload
 *    snapshot, metadata, stream versions and balances), grouped into audited inbound, outbound and
 *    relocation orders with their lines and order-number counters. Outbound never takes more than a shelf
 *    holds at that moment (the generator keeps every stream's balance).
 * 3. The projections (stock, product totals, inventory history, daily statistics) by the product's own
 *    ProjectionRebuilder — the same code as `npm run projections:rebuild` — so they are exactly what the
 *    live code would have written; then sampled checks of the ledger against them.
 *
 * Steps 1 and 2 are one transaction: interrupted (Ctrl-C, a crash, a lost connection), they leave nothing
 * behind, so the database never holds a ledger without its orders. An interruption during step 3 leaves
 * the projections behind the ledger (stock commands then refuse and say so): `npm run projections:rebuild`
 * finishes it.
 */

export interface Options {
  products: number;
  events: number;
  days: number;
  seed: number;
  batch: number;
}

export function options(argv: string[]): Options {
  const value = (name: string, fallback: number) => {
    const i = argv.indexOf(`--${name}`);
    if (i < 0) return fallback;
    const n = Number(String(argv[i + 1]).replace(/_/g, ''));
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} needs a whole number (got ${argv[i + 1]})`);
    return n;
  };
  return { products: value('products', 100_000), events: value('events', 5_000_000), days: value('days', 730), seed: value('seed', 1), batch: value('batch', 2000) };
}

/** mulberry32 */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let progressOut: (text: string) => void = (text) => process.stdout.write(text);

class Progress {
  private shown = '';
  private readonly started = Date.now();
  constructor(private readonly label: string, private readonly total: number) {}
  update(done: number): void {
    const percent = this.total ? Math.min(100, Math.floor((done / this.total) * 100)) : 100;
    const seconds = (Date.now() - this.started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const eta = rate > 0 ? Math.max(0, (this.total - done) / rate) : 0;
    const line = `\r${this.label.padEnd(22)} [${'#'.repeat(Math.floor(percent / 4)).padEnd(25, '.')}] ${String(percent).padStart(3)}% ${done.toLocaleString('en-US')}/${this.total.toLocaleString('en-US')}  ${Math.round(rate).toLocaleString('en-US')}/s  ETA ${Math.round(eta)} s   `;
    if (line === this.shown) return;
    this.shown = line;
    progressOut(line);
  }
  done(): number {
    this.update(this.total);
    const seconds = (Date.now() - this.started) / 1000;
    progressOut(`  ${seconds.toFixed(1)} s\n`);
    return seconds;
  }
}

/** Multi-row INSERTs through one connection, all in one transaction that `commit` ends. */
class BulkWriter {
  private buffers = new Map<string, { columns: string[]; rows: unknown[][] }>();
  constructor(
    private readonly runner: QueryRunner,
    private readonly rowsPerStatement: number,
    private readonly mysql: boolean,
    private readonly signal: AbortSignal,
  ) {}

  async add(table: string, row: Record<string, unknown>): Promise<void> {
    let buffer = this.buffers.get(table);
    if (!buffer) this.buffers.set(table, (buffer = { columns: Object.keys(row), rows: [] }));
    buffer.rows.push(buffer.columns.map((c) => row[c]));
    if (buffer.rows.length >= this.rowsPerStatement) await this.write(table);
  }

  private async write(table: string): Promise<void> {
    const buffer = this.buffers.get(table);
    if (!buffer || !buffer.rows.length) return;
    this.signal.throwIfAborted();
    const rows = buffer.rows;
    buffer.rows = [];
    if (!this.runner.isTransactionActive) await this.runner.startTransaction();
    const q = (name: string) => (this.mysql ? `\`${name}\`` : `"${name}"`);
    // SQLite allows 32,766 parameters per statement
    const perStatement = this.mysql ? rows.length : Math.max(1, Math.floor(30000 / buffer.columns.length));
    for (let i = 0; i < rows.length; i += perStatement) {
      const part = rows.slice(i, i + perStatement);
      const values = part.map(() => `(${buffer.columns.map(() => '?').join(',')})`).join(',');
      await this.runner.query(`INSERT INTO ${q(table)} (${buffer.columns.map(q).join(',')}) VALUES ${values}`, part.flat());
    }
  }

  /** Writes what is buffered, still inside the transaction. */
  async flush(): Promise<void> {
    for (const table of this.buffers.keys()) await this.write(table);
  }

  async commit(): Promise<void> {
    await this.flush();
    if (this.runner.isTransactionActive) await this.runner.commitTransaction();
  }

  async rollback(): Promise<void> {
    if (this.runner.isTransactionActive) await this.runner.rollbackTransaction();
  }
}

const ADJECTIVES = ['便携', '无线', '智能', '加厚', '迷你', '高清', '家用', '商用', '经典', '升级版', '轻量', '防水', '静音', '折叠', '大容量', '节能'];
const NOUNS = [
  '鼠标', '键盘', '显示器', '耳机', '充电器', '数据线', '路由器', '摄像头', '音箱', '台灯', '保温杯', '饭盒', '水壶', '毛巾', '牙刷', '洗衣液',
  '纸巾', '笔记本', '中性笔', '文件夹', '订书机', '计算器', '收纳箱', '衣架', '雨伞', '背包', '拖鞋', '枕头', '被套', '矿泉水', '咖啡豆', '饼干',
];
const PRICES = ['2.50', '5.90', '9.90', '12.80', '19.90', '29.00', '39.90', '59.00', '89.00', '129.00', '199.00', '299.00', '499.00', '899.00', '1299.00', '2599.00'];

function ean13(twelve: string): string {
  const sum = [...twelve].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

interface Catalogue {
  products: Array<{ id: number; name: string; product_no: string; spec: string; unit: string; price: string; shelves: number[] }>;
  shelves: Array<{ id: number; name: string; serial_no: string; warehouse_id: number; warehouse_name: string; warehouse_area_id: number; area_name: string }>;
  suppliers: number;
  customers: number;
}

async function masterData(writer: BulkWriter, o: Options, random: () => number, now: number): Promise<Catalogue> {
  const units = ['个', '件', '箱', '包', '瓶', '台', '套', '双', '卷', '袋'];
  for (let i = 0; i < units.length; i++) await writer.add('unit', { id: i + 1, name: units[i], description: '', status: 1, remark: '', weigh: 0, createtime: now, updatetime: now });
  for (let i = 1; i <= 50; i++) await writer.add('brand', { id: i, name: `品牌 ${String(i).padStart(2, '0')}`, image: '', introduce: '', weigh: 0, createtime: now, updatetime: now });
  for (let i = 1; i <= 4; i++) await writer.add('category', { id: i, pid: 0, name: `大类 ${i}`, weigh: 0, status: 1, createtime: now, updatetime: now, deletetime: null });
  for (let i = 5; i <= 24; i++) await writer.add('category', { id: i, pid: 1 + ((i - 5) % 4), name: `小类 ${i - 4}`, weigh: 0, status: 1, createtime: now, updatetime: now, deletetime: null });
  const partner = (name: string) => ({ name, contact_person: '', mobile: '', email: '', wechat: '', level: 0, city: '', address: '', weigh: 0, remark: '', createtime: now, updatetime: now });
  const counts = { supplier: 200, customer: 500, carrier: 10 };
  for (const [table, n] of Object.entries(counts)) for (let i = 1; i <= n; i++) await writer.add(table, { id: i, ...partner(`${table === 'supplier' ? '供应商' : table === 'customer' ? '客户' : '承运商'} ${String(i).padStart(3, '0')}`) });

  const shelves: Catalogue['shelves'] = [];
  let areaId = 0;
  for (let w = 1; w <= 5; w++) {
    const warehouseName = `仓库 ${w}`;
    await writer.add('warehouse', { id: w, name: warehouseName, serial_no: `WH${w}`, address: '', city: '', responsible_person: '', mobile: '', status: 1, weigh: 0, remark: '', warehouse_type: 1, createtime: now, updatetime: now, deletetime: null });
    for (let a = 1; a <= 10; a++) {
      areaId++;
      const areaName = `${String.fromCharCode(64 + a)} 区`;
      await writer.add('warehouse_area', { id: areaId, warehouse_id: w, serial_no: String.fromCharCode(64 + a), name: areaName, status: 1, weigh: 0, remark: '', createtime: now, updatetime: now, deletetime: null });
      for (let s = 1; s <= 20; s++) {
        const id = shelves.length + 1;
        const serial = `${String.fromCharCode(64 + a)}-${String(s).padStart(2, '0')}`;
        shelves.push({ id, name: `${serial} 货架`, serial_no: serial, warehouse_id: w, warehouse_name: warehouseName, warehouse_area_id: areaId, area_name: areaName });
        await writer.add('warehouse_shelf', { id, warehouse_id: w, warehouse_area_id: areaId, serial_no: serial, name: `${serial} 货架`, status: 1, weigh: 0, remark: '', createtime: now, updatetime: now, deletetime: null });
      }
    }
  }

  const products: Catalogue['products'] = [];
  const progress = new Progress('products', o.products);
  for (let id = 1; id <= o.products; id++) {
    const home = shelves[Math.floor(random() * shelves.length)];
    const area = shelves.filter((s) => s.warehouse_area_id === home.warehouse_area_id);
    const second = area[(area.indexOf(home) + 1) % area.length];
    const name = `${ADJECTIVES[id % ADJECTIVES.length]}${NOUNS[Math.floor(id / ADJECTIVES.length) % NOUNS.length]} ${String.fromCharCode(65 + (id % 26))}${id}`;
    const unit = 1 + (id % units.length);
    const price = PRICES[Math.floor(random() * PRICES.length)];
    const product = { id, name, product_no: `P${String(id).padStart(7, '0')}`, spec: `规格 ${1 + (id % 12)}`, unit: units[unit - 1], price, shelves: [home.id, second.id] };
    products.push(product);
    await writer.add('product', {
      id,
      product_no: product.product_no,
      bar_code: ean13(`69${String(id).padStart(10, '0')}`),
      name,
      brand_id: 1 + (id % 50),
      category_id: 5 + (id % 20),
      unit_id: unit,
      spec: product.spec,
      price,
      safety_stock_num: Math.floor(random() * 50),
      total_stock_num: 0,
      warehouse_id: home.warehouse_id,
      warehouse_area_id: home.warehouse_area_id,
      warehouse_shelf_id: home.id,
      images: '',
      weigh: 0,
      status: 10,
      remark: '',
      effective_day: 0,
      createtime: now,
      updatetime: now,
      deletetime: null,
    });
    if (id % 1000 === 0) progress.update(id);
  }
  await writer.flush();
  progress.done();
  return { products, shelves, suppliers: counts.supplier, customers: counts.customer };
}

interface Stream {
  quantity: number;
  version: number;
  /** Head of the stream's hash chain. */
  hash?: string;
}

/** The ledger: orders of about ten lines over `days` days, each audited (and relocations moved) on its day. */
async function ledger(writer: BulkWriter, o: Options, random: () => number, catalogue: Catalogue, now: number, timeZone: string): Promise<{ events: number; orders: number; streams: Map<number, Stream> }> {
  const streams = new Map<number, Stream>();
  const key = (product: number, shelf: number) => product * 100_000 + shelf;
  /** streams holding stock, for picking what goes out (swap-remove when emptied) */
  const positive: number[] = [];
  const positionOf = new Map<number, number>();
  const setQuantity = (k: number, quantity: number) => {
    const s = streams.get(k)!;
    s.quantity = quantity;
    if (quantity > 0 && !positionOf.has(k)) {
      positionOf.set(k, positive.length);
      positive.push(k);
    } else if (quantity === 0 && positionOf.has(k)) {
      const at = positionOf.get(k)!;
      const last = positive.pop()!;
      if (last !== k) {
        positive[at] = last;
        positionOf.set(last, at);
      }
      positionOf.delete(k);
    }
  };
  const snapshot = (productId: number, shelfId: number) => {
    const p = catalogue.products[productId - 1];
    const s = catalogue.shelves[shelfId - 1];
    return {
      product_id: p.id,
      product_name: p.name,
      product_no: p.product_no,
      spec: p.spec,
      unit: p.unit,
      warehouse_id: s.warehouse_id,
      warehouse_name: s.warehouse_name,
      warehouse_area_id: s.warehouse_area_id,
      area_name: s.area_name,
      warehouse_shelf_id: s.id,
      shelf_name: s.name,
      shelf_serial_no: s.serial_no,
    };
  };

  const ids = { event: 0, inbound: 0, outbound: 0, relocation: 0, inboundLine: 0, outboundLine: 0, relocationLine: 0 };
  const counters = new Map<string, number>();
  const progress = new Progress('ledger events', o.events);
  const first = dayjs.unix(now).tz(timeZone).startOf('day').subtract(Math.max(o.days, 1) - 1, 'day');
  // quieter Sundays: each day's share of the events by weight
  const weightOf = (d: dayjs.Dayjs) => (d.day() === 0 ? 0.6 : 1);
  let totalWeight = 0;
  for (let i = 0; i < Math.max(o.days, 1); i++) totalWeight += weightOf(first.add(i, 'day'));
  let weightSoFar = 0;
  let orders = 0;

  const append = async (
    type: string,
    formType: number,
    productId: number,
    shelfId: number,
    quantity: number,
    price: string,
    metadata: string,
    at: number,
  ) => {
    const k = key(productId, shelfId);
    let s = streams.get(k);
    if (!s) streams.set(k, (s = { quantity: 0, version: 0 }));
    s.version += 1;
    setQuantity(k, s.quantity + quantity);
    const payload = { ...snapshot(productId, shelfId), quantity, price, total_price: fromCents(BigInt(Math.abs(quantity)) * toCents(price)), form_type: formType, balance: s.quantity };
    ids.event += 1;
    const event = { id: ids.event, stream_id: `stock-${productId}-${shelfId}`, stream_version: s.version, type, payload: JSON.stringify(payload), metadata, occurred_at: at };
    s.hash = chainHash(s.hash ?? '', event);
    await writer.add('inventory_event', { ...event, hash: s.hash });
  };

  for (let dayIndex = 0; ids.event < o.events; dayIndex++) {
    const day = first.add(Math.min(dayIndex, o.days - 1), 'day');
    const dayStart = day.unix();
    const isLast = dayIndex >= o.days - 1;
    // the events up to the end of this day (the last day takes whatever is left)
    weightSoFar += weightOf(day);
    const target = isLast ? o.events : Math.min(o.events, Math.round((weightSoFar / totalWeight) * o.events));
    const dayEnd = isLast ? Math.max(dayStart + 60, Math.min(now, dayStart + 86_399)) : dayStart + 86_399;
    const dayKey = day.format('YYYYMMDD');
    const fromEvent = ids.event;
    while (ids.event < target) {
      // times rise through the day with the events, so stock moves in time order
      const at = dayStart + Math.floor(((ids.event - fromEvent) / Math.max(1, target - fromEvent)) * (dayEnd - dayStart));
      const roll = random();
      const kind = positive.length < 50 || roll < 0.47 ? 'inbound' : roll < 0.95 ? 'outbound' : 'relocation';
      const prefix = kind === 'inbound' ? 'RK' : kind === 'outbound' ? 'CK' : 'YK';
      const seq = (counters.get(`${prefix}${dayKey}`) ?? 0) + 1;
      counters.set(`${prefix}${dayKey}`, seq);
      const number = `${prefix}${dayKey}-${String(seq).padStart(4, '0')}`;
      const remaining = Math.max(1, o.events - ids.event);
      orders++;

      if (kind === 'inbound') {
        const id = ++ids.inbound;
        const metadata = JSON.stringify({ order_type: 'inbound', order_id: id, order_no: number, admin_id: 1, operator: 'Admin', command_id: randomUUID() });
        const type = random() < 0.8 ? 10 : random() < 0.5 ? 20 : 30;
        await writer.add('inbound_order', { id, receipt_no: number, order_sn: '', supplier_id: 1 + Math.floor(random() * catalogue.suppliers), admin_id: 1, type, audit_status: 1, audittime: at, audit_admin_id: 1, remark: '', createtime: at - 600, updatetime: at });
        const used = new Set<number>();
        for (let l = Math.min(10, remaining); l > 0; l--) {
          const r = random();
          const productId = 1 + Math.floor(r * r * catalogue.products.length);
          if (used.has(productId)) continue;
          used.add(productId);
          const product = catalogue.products[productId - 1];
          const shelfId = product.shelves[random() < 0.85 ? 0 : 1];
          const quantity = 10 + Math.floor(random() * 190);
          const price = fromCents((toCents(product.price) * 65n) / 100n);
          await writer.add('inbound_order_line', { id: ++ids.inboundLine, inbound_order_id: id, product_id: productId, detail_code: '', plan_quantity: quantity, actual_quantity: quantity, price, total_price: fromCents(BigInt(quantity) * toCents(price)), warehouse_shelf_id: shelfId });
          await append(StockEventType.received, type, productId, shelfId, quantity, price, metadata, at);
        }
      } else if (kind === 'outbound') {
        const id = ++ids.outbound;
        const metadata = JSON.stringify({ order_type: 'outbound', order_id: id, order_no: number, admin_id: 1, operator: 'Admin', command_id: randomUUID() });
        const type = random() < 0.85 ? 10 : random() < 0.5 ? 20 : 30;
        const shipped = at + 7200 < now;
        await writer.add('outbound_order', { id, outbound_no: number, order_sn: '', customer_id: 1 + Math.floor(random() * catalogue.customers), admin_id: 1, type, audit_status: 1, audittime: at, audit_admin_id: 1, shipment_status: shipped ? 1 : 0, courier_number: shipped ? `SF${1_000_000_000 + id}` : '', carrier_id: shipped ? 1 + (id % 10) : 0, shipment_time: shipped ? at + 3600 : null, remark: '', createtime: at - 600, updatetime: at });
        const used = new Set<number>();
        for (let l = Math.min(10, remaining); l > 0 && positive.length; l--) {
          const k = positive[Math.floor(random() * positive.length)];
          const productId = Math.floor(k / 100_000);
          const shelfId = k % 100_000;
          if (used.has(productId)) continue;
          used.add(productId);
          const held = streams.get(k)!.quantity;
          const quantity = Math.min(held, 1 + Math.floor(random() * 60));
          const price = catalogue.products[productId - 1].price;
          await writer.add('outbound_order_line', { id: ++ids.outboundLine, outbound_order_id: id, product_id: productId, detail_code: '', plan_quantity: quantity, actual_quantity: quantity, price, total_price: fromCents(BigInt(quantity) * toCents(price)), warehouse_shelf_id: shelfId });
          await append(StockEventType.issued, type + 30, productId, shelfId, -quantity, price, metadata, at);
        }
      } else {
        const id = ++ids.relocation;
        const metadata = JSON.stringify({ order_type: 'relocation', order_id: id, order_no: number, admin_id: 1, operator: 'Admin', command_id: randomUUID() });
        await writer.add('relocation_order', { id, relocation_no: number, order_sn: '', customer_id: 0, admin_id: 1, audit_status: 1, audittime: at - 300, audit_admin_id: 1, status: 2, remark: '', createtime: at - 900, updatetime: at });
        const used = new Set<number>();
        for (let l = Math.min(5, Math.ceil(remaining / 2)); l > 0 && positive.length; l--) {
          const k = positive[Math.floor(random() * positive.length)];
          const productId = Math.floor(k / 100_000);
          const from = k % 100_000;
          const product = catalogue.products[productId - 1];
          const to = product.shelves.find((s) => s !== from) ?? product.shelves[0];
          if (used.has(productId) || to === from) continue;
          used.add(productId);
          const quantity = Math.max(1, Math.floor(streams.get(k)!.quantity / 2));
          await writer.add('relocation_order_line', { id: ++ids.relocationLine, relocation_order_id: id, product_id: productId, source_warehouse_shelf_id: from, target_warehouse_shelf_id: to, plan_quantity: quantity, actual_quantity: quantity });
          await append(StockEventType.movedOut, FormType.stockMove, productId, from, -quantity, product.price, metadata, at);
          await append(StockEventType.movedIn, FormType.stockMove, productId, to, quantity, product.price, metadata, at);
        }
      }
      if (orders % 200 === 0) progress.update(ids.event);
    }
  }
  for (const [prefix, last] of counters) await writer.add('order_number', { prefix, last });
  await writer.flush();
  progress.done();
  return { events: ids.event, orders, streams };
}

/** Sampled checks of the ledger against the projections (the full check is the rebuild's fingerprint). */
async function verify(dataSource: DataSource, streams: Map<number, Stream>, random: () => number, timeZone: string): Promise<string[]> {
  const problems: string[] = [];
  const [{ events }] = await dataSource.query('SELECT COUNT(*) AS events FROM inventory_event');
  const [{ history }] = await dataSource.query('SELECT COUNT(*) AS history FROM inventory_history');
  if (Number(events) !== Number(history)) problems.push(`history has ${history} rows for ${events} events`);
  const keys = [...streams.keys()];
  for (let i = 0; i < Math.min(500, keys.length); i++) {
    const k = keys[Math.floor(random() * keys.length)];
    const [product, shelf] = [Math.floor(k / 100_000), k % 100_000];
    const expected = streams.get(k)!;
    const [row] = await dataSource.query('SELECT quantity, version FROM stock WHERE product_id = ? AND warehouse_shelf_id = ?', [product, shelf]);
    const [last] = await dataSource.query('SELECT payload, stream_version FROM inventory_event WHERE stream_id = ? ORDER BY stream_version DESC LIMIT 1', [`stock-${product}-${shelf}`]);
    if (!row || Number(row.quantity) !== expected.quantity || Number(row.version) !== expected.version) problems.push(`stock ${product}/${shelf}: ${JSON.stringify(row)} ≠ ${JSON.stringify(expected)}`);
    if (!last || JSON.parse(last.payload).balance !== expected.quantity || Number(last.stream_version) !== expected.version) problems.push(`ledger ${product}/${shelf}: last event disagrees`);
  }
  const products: Array<{ id: number; total_stock_num: number }> = await dataSource.query('SELECT id, total_stock_num FROM product ORDER BY id LIMIT 300');
  for (const p of products) {
    const [{ total }] = await dataSource.query('SELECT COALESCE(SUM(quantity), 0) AS total FROM stock WHERE product_id = ?', [p.id]);
    if (Number(total) !== Number(p.total_stock_num)) problems.push(`product ${p.id}: total ${p.total_stock_num} ≠ shelves ${total}`);
  }
  const days: Array<{ day: string }> = await dataSource.query('SELECT DISTINCT day FROM inventory_daily_stat ORDER BY day');
  for (let i = 0; i < Math.min(5, days.length); i++) {
    const day = days[Math.floor(random() * days.length)].day;
    const start = dayjs.tz(day, 'YYYY-MM-DD', timeZone).unix();
    const rows: Array<{ form_type: number; quantity: number | string; amount: number | string }> = await dataSource.query(
      'SELECT form_type, SUM(ABS(quantity)) AS quantity, SUM(ABS(total_price)) AS amount FROM inventory_history WHERE createtime >= ? AND createtime < ? AND form_type <> 70 GROUP BY form_type',
      [start, start + 86_400],
    );
    const stats: Array<{ form_type: number; quantity: number | string; amount: number | string }> = await dataSource.query('SELECT form_type, quantity, amount FROM inventory_daily_stat WHERE day = ?', [day]);
    const text = (list: typeof rows) =>
      list
        .map((r) => `${r.form_type}:${Number(r.quantity)}:${fromCents(toCents(Number(r.amount).toFixed(2)))}`)
        .sort()
        .join(' ');
    if (text(rows) !== text(stats)) problems.push(`daily statistics of ${day}: ${text(stats)} ≠ history ${text(rows)}`);
  }
  return problems;
}

export interface SeedLargeRun {
  /** Aborting it (Ctrl-C) rolls back what steps 1 and 2 wrote. */
  signal: AbortSignal;
  log: (line: string) => void;
  /** Where progress bars go (standard output by default). */
  progress?: (text: string) => void;
}

/** Answers the exit code: 0 done, 1 checks failed, 2 refused (not an empty database), 130 interrupted. */
export async function seedLarge(app: INestApplicationContext, o: Options, run: SeedLargeRun): Promise<number> {
  const started = Date.now();
  progressOut = run.progress ?? ((text) => process.stdout.write(text));
  const dataSource = app.get<DataSource>(getDataSourceToken());
  const mysql = dataSource.options.type === 'mysql';
  await dataSource.runMigrations({ transaction: 'each' });
  const [{ n: admins }] = await dataSource.query('SELECT COUNT(*) AS n FROM admin');
  if (Number(admins) === 0) {
    await seedDatabase(app as never, { adminPassword: process.env.ADMIN_PASSWORD || undefined, demo: false, log: run.log });
  }
  const [{ n: existing }] = await dataSource.query('SELECT (SELECT COUNT(*) FROM product) + (SELECT COUNT(*) FROM inventory_event) AS n');
  if (Number(existing) > 0) {
    run.log('The database already holds products or stock events: seed:large fills a fresh database only (a new DATA_DIR, or an empty MySQL database in DB_URL).');
    return 2;
  }
  const timeZone = await app.get(SiteConfigService).timeZone();
  const now = Math.floor(Date.now() / 1000);
  run.log(`seed:large on ${mysql ? `MySQL ${dataSource.options.database}` : `SQLite ${dataSource.options.database}`}: ${o.products.toLocaleString('en-US')} products, ${o.events.toLocaleString('en-US')} events over ${o.days} days (site time zone ${timeZone})`);

  const runner = dataSource.createQueryRunner();
  await runner.connect();
  if (mysql) {
    // this connection only: the generator's rows are unique by construction
    await runner.query('SET SESSION unique_checks = 0');
    await runner.query('SET SESSION foreign_key_checks = 0');
  } else {
    await runner.query('PRAGMA synchronous = OFF');
  }
  const writer = new BulkWriter(runner, mysql ? o.batch : 500, mysql, run.signal);
  let written: Awaited<ReturnType<typeof ledger>>;
  try {
    const random = seededRandom(o.seed);
    const catalogue = await masterData(writer, o, random, now);
    written = await ledger(writer, o, random, catalogue, now, timeZone);
    run.log('\nCommitting...');
    await writer.commit();
  } catch (error) {
    await writer.rollback();
    if (!run.signal.aborted) throw error;
    run.log('\nInterrupted: nothing was written (the master data and the ledger are one transaction).');
    return 130;
  } finally {
    if (!mysql) await runner.query('PRAGMA synchronous = NORMAL');
    await runner.release();
  }
  const { events, orders, streams } = written;
  run.log(`Wrote ${events.toLocaleString('en-US')} events in ${orders.toLocaleString('en-US')} orders (${streams.size.toLocaleString('en-US')} stock streams).`);

  const rebuild = new Progress('projections (rebuild)', events);
  const report = await app.get(ProjectionRebuilder).rebuild((done) => rebuild.update(done));
  rebuild.done();
  run.log(`Projections rebuilt from the ledger in ${report.seconds.toFixed(1)} s (${report.events.toLocaleString('en-US')} events, ${report.streams.toLocaleString('en-US')} streams).`);
  if (report.ledgerProblems.length) run.log(`Ledger problems:\n  ${report.ledgerProblems.join('\n  ')}`);

  const problems = await verify(dataSource, streams, seededRandom(o.seed + 1), timeZone);
  const orderCheck = await app.get(OrdersLedgerReader).check(dataSource.manager);
  if (problems.length || report.ledgerProblems.length || orderCheck.mismatches) {
    run.log(`Checks found ${problems.length + orderCheck.mismatches} problems:\n  ${[...problems.slice(0, 20), ...orderCheck.problems.slice(0, 20)].join('\n  ')}`);
    return 1;
  }
  run.log(`Checks passed: every one of ${orderCheck.orders.toLocaleString('en-US')} orders against the ledger; stock rows and versions against the generator and the last event of 500 streams, 300 product totals, the daily statistics of 5 days against the history.`);
  run.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return 0;
}

async function main(): Promise<void> {
  const o = options(process.argv.slice(2));
  process.env.SEED_DEMO = '0';
  connectAsMigrationUser();
  const app = await maintenanceContext();
  const interrupt = new AbortController();
  process.once('SIGINT', () => interrupt.abort());
  process.once('SIGTERM', () => interrupt.abort());
  try {
    process.exitCode = await seedLarge(app, o, { signal: interrupt.signal, log: (line) => console.log(line) });
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
