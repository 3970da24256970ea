import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The demo warehouse's history as a plan: which orders to create, audit, ship and move, and when — months of
 * plausible trade that never issues more than is on a shelf, so every command the seeder sends succeeds.
 * Pure and deterministic (a seeded generator): the same inputs give the same plan.
 */

export interface PlanProduct {
  /** selling price, yuan (exact, two decimals) */
  price: string;
  /** the shelves (indexes into the seeder's shelf list) it is stored on, home shelf first */
  shelves: number[];
  /** the supplier (index) that delivers it */
  supplier: number;
}

export interface PlanInput {
  /** Unix seconds: nothing is planned after it. */
  now: number;
  timeZone: string;
  /** Calendar months of history, the current one included. */
  months: number;
  products: PlanProduct[];
  customers: number;
  carriers: number;
  seed?: number;
}

export interface PlannedGoodsLine {
  product: number;
  shelf: number;
  quantity: number;
  price: string;
}

interface Planned {
  createdAt: number;
  /** null: left awaiting review */
  auditedAt: number | null;
}

export interface PlannedInbound extends Planned {
  kind: 'inbound';
  type: 10 | 20 | 30;
  supplier: number;
  lines: PlannedGoodsLine[];
}

export interface PlannedOutbound extends Planned {
  kind: 'outbound';
  type: 10 | 20 | 30;
  customer: number;
  lines: PlannedGoodsLine[];
  shipment: { at: number; carrier: number; courierNumber: string } | null;
}

export interface PlannedRelocation extends Planned {
  kind: 'relocation';
  lines: Array<{ product: number; from: number; to: number; quantity: number }>;
  movedAt: number | null;
}

export type PlannedOrder = PlannedInbound | PlannedOutbound | PlannedRelocation;

/** mulberry32: small, fast, good enough for demo data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cents = (price: string) => Math.round(Number(price) * 100);
const yuan = (value: number) => (value / 100).toFixed(2);

/** Typical quantity of one line: many cheap things, few dear ones. */
function lineQuantity(price: string, random: () => number, scale: number): number {
  const p = Number(price);
  const [min, max] = p < 30 ? [40, 240] : p < 200 ? [15, 90] : p < 500 ? [5, 30] : [2, 12];
  return Math.max(1, Math.round((min + random() * (max - min)) * scale));
}

export function planDemoOrders(input: PlanInput): PlannedOrder[] {
  const random = seededRandom(input.seed ?? 20261122);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const between = (min: number, max: number) => Math.floor(min + random() * (max - min + 1));
  const stock = new Map<string, number>();
  const key = (product: number, shelf: number) => `${product}:${shelf}`;
  const held = (product: number, shelf: number) => stock.get(key(product, shelf)) ?? 0;
  const add = (product: number, shelf: number, quantity: number) => stock.set(key(product, shelf), held(product, shelf) + quantity);
  const orders: PlannedOrder[] = [];

  const today = dayjs.unix(input.now).tz(input.timeZone).startOf('day');
  const first = today.startOf('month').subtract(Math.max(input.months, 1) - 1, 'month');
  const bySupplier = new Map<number, number[]>();
  input.products.forEach((p, i) => bySupplier.set(p.supplier, [...(bySupplier.get(p.supplier) ?? []), i]));
  let courier = 0;

  for (let day = first; !day.isAfter(today); day = day.add(1, 'day')) {
    const isToday = day.isSame(today, 'day');
    const isFirst = day.isSame(first, 'day');
    // a little seasonality, quieter Sundays
    const season = 0.75 + 0.5 * Math.abs(Math.sin((day.month() + 1) * 1.3));
    const weekday = day.day() === 0 ? 0.4 : 1;

    type Step = (at: number) => PlannedOrder | null;
    const steps: Step[] = [];
    if (isFirst) {
      // the opening stock: every product onto its home shelf, one order per supplier
      for (const [supplier, products] of bySupplier) {
        steps.push(() => inbound(supplier, products, 1.5, 10, true, products.length));
      }
    }
    if (random() < 0.55 * season * weekday || isToday) {
      const supplier = pick([...bySupplier.keys()]);
      steps.push(() => inbound(supplier, restockCandidates(bySupplier.get(supplier)!), 0.7, pick([10, 10, 10, 20, 30] as const)));
    }
    const outbounds = isFirst ? 0 : Math.round((0.6 + random() * 1.6) * season * weekday) || (isToday ? 1 : 0);
    for (let i = 0; i < outbounds; i++) steps.push((at) => outbound(at, pick([10, 10, 10, 10, 20, 30] as const)));
    if (!isFirst && random() < 0.08) steps.push(() => relocation());

    // stock moves in the order the steps run: their times rise through the day
    const start = day.hour(8).minute(30).unix();
    const end = isToday ? Math.min(input.now, day.hour(18).unix()) : day.hour(18).unix();
    const span = Math.max(end - start, 0);
    const times = steps.map(() => start + Math.floor(random() * span)).sort((a, b) => a - b);
    const dayStart = day.unix();
    steps.forEach((step, i) => {
      const at = isToday && input.now < start ? dayStart + Math.floor(((input.now - dayStart) * (i + 1)) / (steps.length + 1)) : times[i];
      const order = step(at);
      if (!order) return;
      const created = Math.max(dayStart, at - between(5, 90) * 60);
      order.createdAt = created;
      order.auditedAt = at;
      if (order.kind === 'relocation') {
        order.auditedAt = Math.max(created, at - 600);
        order.movedAt = at;
      }
      if (order.kind === 'outbound' && at + 4 * 3600 < input.now && random() < 0.9) {
        courier += 1;
        const carrier = between(0, input.carriers - 1);
        order.shipment = { at: at + between(1, 4) * 3600, carrier, courierNumber: `${['SF', 'ZT', 'DB'][carrier % 3]}${String(1000000000 + courier * 7919).slice(0, 10)}` };
      }
      orders.push(order);
    });
  }

  // awaiting review today: two receipts, three shipments and a relocation
  const pendingAt = (i: number) => Math.max(today.unix(), input.now - (6 - i) * 240);
  const suppliers = [...bySupplier.keys()];
  for (let i = 0; i < 2; i++) {
    const planned = inbound(suppliers[i % suppliers.length], restockCandidates(bySupplier.get(suppliers[i % suppliers.length])!), 0.6, 10, false);
    orders.push({ ...planned, createdAt: pendingAt(i), auditedAt: null });
  }
  for (let i = 0; i < 3; i++) {
    const planned = outbound(input.now, 10, false);
    if (planned) orders.push({ ...planned, createdAt: pendingAt(2 + i), auditedAt: null, shipment: null });
  }
  const pendingMove = relocation(false);
  if (pendingMove) orders.push({ ...pendingMove, createdAt: pendingAt(5), auditedAt: null, movedAt: null });
  return orders;

  function restockCandidates(products: number[]): number[] {
    const onHand = (p: number) => input.products[p].shelves.reduce((sum, s) => sum + held(p, s), 0);
    return [...products].sort((a, b) => onHand(a) - onHand(b) || a - b);
  }

  function inbound(supplier: number, candidates: number[], scale: number, type: 10 | 20 | 30, apply = true, maxLines = 6): PlannedInbound {
    const count = maxLines >= candidates.length ? candidates.length : Math.min(candidates.length, between(2, maxLines));
    const lines = candidates.slice(0, count).map((product) => {
      const p = input.products[product];
      const shelf = random() < 0.8 ? p.shelves[0] : pick(p.shelves);
      const cost = yuan(Math.round(cents(p.price) * (0.6 + random() * 0.1)));
      return { product, shelf, quantity: lineQuantity(p.price, random, scale), price: cost };
    });
    if (apply) for (const l of lines) add(l.product, l.shelf, l.quantity);
    return { kind: 'inbound', type, supplier, lines, createdAt: 0, auditedAt: 0 };
  }

  function outbound(_at: number, type: 10 | 20 | 30, apply = true): PlannedOutbound | null {
    const available = [...stock].filter(([, q]) => q > 0).map(([k, q]) => ({ product: Number(k.split(':')[0]), shelf: Number(k.split(':')[1]), quantity: q }));
    if (!available.length) return null;
    const lines: PlannedGoodsLine[] = [];
    const used = new Set<number>();
    for (let i = between(1, 5); i > 0 && available.length; i--) {
      const entry = pick(available);
      if (used.has(entry.product)) continue;
      used.add(entry.product);
      const p = input.products[entry.product];
      const quantity = Math.min(held(entry.product, entry.shelf), Math.max(1, Math.round(lineQuantity(p.price, random, 0.4))));
      if (quantity <= 0) continue;
      if (apply) add(entry.product, entry.shelf, -quantity);
      lines.push({ product: entry.product, shelf: entry.shelf, quantity, price: p.price });
    }
    if (!lines.length) return null;
    return { kind: 'outbound', type, customer: between(0, input.customers - 1), lines, shipment: null, createdAt: 0, auditedAt: 0 };
  }

  function relocation(apply = true): PlannedRelocation | null {
    const candidates = [...stock].filter(([k, q]) => q >= 10 && input.products[Number(k.split(':')[0])].shelves.length > 1);
    if (!candidates.length) return null;
    const [k, q] = pick(candidates);
    const [product, from] = k.split(':').map(Number);
    const to = input.products[product].shelves.find((s) => s !== from)!;
    const quantity = Math.floor(q / 2);
    if (apply) {
      add(product, from, -quantity);
      add(product, to, quantity);
    }
    return { kind: 'relocation', lines: [{ product, from, to, quantity }], movedAt: 0, createdAt: 0, auditedAt: 0 };
  }
}
