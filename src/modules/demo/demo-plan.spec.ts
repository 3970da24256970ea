import { planDemoOrders, PlannedOrder } from './demo-plan';

const products = Array.from({ length: 12 }, (_, i) => ({ price: ['9.90', '45.00', '299.00', '1299.00'][i % 4], shelves: [i % 3, (i % 3) + 3], supplier: i % 2 }));
const now = Date.UTC(2026, 10, 22, 6, 0, 0) / 1000; // 14:00 in Shanghai
const plan = (overrides = {}) => planDemoOrders({ now, timeZone: 'Asia/Shanghai', months: 6, products, customers: 3, carriers: 2, ...overrides });

/** When stock moves: the audit of goods orders, the move of relocations. */
const stockTime = (o: PlannedOrder) => (o.kind === 'relocation' ? o.movedAt : o.auditedAt);

describe('the demo plan', () => {
  it('is deterministic', () => {
    expect(plan()).toEqual(plan());
  });

  it('never issues or moves more than the shelf holds, in the order the commands run', () => {
    const stock = new Map<string, number>();
    const change = (product: number, shelf: number, quantity: number) => {
      const next = (stock.get(`${product}:${shelf}`) ?? 0) + quantity;
      expect(next).toBeGreaterThanOrEqual(0);
      stock.set(`${product}:${shelf}`, next);
    };
    for (const order of plan()) {
      if (stockTime(order) === null) continue;
      if (order.kind === 'inbound') order.lines.forEach((l) => change(l.product, l.shelf, l.quantity));
      if (order.kind === 'outbound') order.lines.forEach((l) => change(l.product, l.shelf, -l.quantity));
      if (order.kind === 'relocation') order.lines.forEach((l) => (change(l.product, l.from, -l.quantity), change(l.product, l.to, l.quantity)));
    }
  });

  it('plans six calendar months up to now, stock moving in time order, created before audited, shipped after', () => {
    const orders = plan();
    const times = orders.map(stockTime).filter((t): t is number => t !== null);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.max(...times)).toBeLessThanOrEqual(now);
    expect(new Date(Math.min(...times) * 1000).toISOString().slice(0, 7)).toBe('2026-06');
    for (const o of orders) {
      if (o.auditedAt !== null) expect(o.createdAt).toBeLessThanOrEqual(o.auditedAt);
      if (o.kind === 'outbound' && o.shipment) expect(o.shipment.at).toBeGreaterThan(o.auditedAt!);
      if (o.kind === 'outbound' && o.shipment) expect(o.shipment.at).toBeLessThanOrEqual(now);
      expect(o.createdAt).toBeLessThanOrEqual(now);
    }
    const months = new Set(times.map((t) => new Date((t + 8 * 3600) * 1000).toISOString().slice(0, 7)));
    expect([...months].sort()).toEqual(['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
  });

  it('leaves two receipts, three shipments and a relocation awaiting review', () => {
    const pending = plan().filter((o) => o.auditedAt === null);
    expect(pending.map((o) => o.kind).sort()).toEqual(['inbound', 'inbound', 'outbound', 'outbound', 'outbound', 'relocation']);
  });

  it('still plans today when it has barely begun', () => {
    const early = Date.UTC(2026, 10, 21, 16, 5, 0) / 1000; // 00:05 in Shanghai
    const orders = plan({ now: early });
    const times = orders.map(stockTime).filter((t): t is number => t !== null);
    expect(Math.max(...times)).toBeLessThanOrEqual(early);
    expect(times.filter((t) => t >= early - 300).length).toBeGreaterThan(0);
  });
});
