import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { EntityManager } from 'typeorm';
import { Seeder, SeedOptions } from '../../shared/database/seeder';
import { AuthAdmin } from '../../shared/http/auth.decorators';
import { runAtTime } from '../../shared/time/clock';
import { TransitionContext } from '../../shared/transitions';
import { AdminAccessService } from '../accounts';
import { CatalogueCruds } from '../master-data';
import {
  AuditInboundOrderCommand,
  AuditOutboundOrderCommand,
  AuditRelocationOrderCommand,
  MoveRelocationOrderCommand,
  SaveOrderCommand,
  ShipOutboundOrderCommand,
} from '../orders';
import { SiteConfigService } from '../platform';
import {
  DEMO_AREAS,
  DEMO_BRANDS,
  DEMO_CARRIERS,
  DEMO_CATEGORIES,
  DEMO_CUSTOMERS,
  DEMO_PRODUCTS,
  DEMO_SUPPLIERS,
  DEMO_UNITS,
  DEMO_WAREHOUSE,
  SHELVES_PER_AREA,
} from './demo-catalogue';
import { planDemoOrders, PlannedOrder, PlanProduct } from './demo-plan';

/** The seeded administrator (the first account of an empty database) runs the demo's orders. */
const DEMO_OPERATOR_ID = 1;
/** Months of history, the current one included. */
export const DEMO_MONTHS = 6;

/** Which supplier delivers each top-level category (index into DEMO_SUPPLIERS). */
const SUPPLIER_OF_CATEGORY: Record<string, number> = { 手机配件: 0, 电脑外设: 0, 文具: 1, 纸品: 1, 清洁用品: 2, 厨房用品: 3, 饮料: 4, 零食: 4 };

export interface DemoReport {
  products: number;
  orders: number;
  seconds: number;
}

interface Ids {
  shelves: number[];
  products: number[];
  suppliers: number[];
  customers: number[];
  carriers: number[];
}

/** An EAN-13 bar code from twelve digits (adds the check digit). */
export function ean13(twelve: string): string {
  const sum = [...twelve].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

/**
 * SEED_DEMO: on an empty database, a small demo warehouse — catalogue through the
 * master-data CRUD services, then months of orders created, audited, shipped and moved through the real
 * commands, each on its planned past day (the clock is pinned per command), so the dashboard, the stock and
 * the history have something to show. Runs after the seed transaction has committed.
 */
@Injectable()
export class DemoSeeder implements Seeder {
  readonly name = 'demo';

  constructor(
    private readonly cruds: CatalogueCruds,
    private readonly commands: CommandBus,
    private readonly access: AdminAccessService,
    private readonly siteConfig: SiteConfigService,
  ) {}

  async seed(_manager: EntityManager, _options: SeedOptions): Promise<void> {
    // Everything goes through commands with their own transactions: see afterCommit.
  }

  async afterCommit(options: SeedOptions): Promise<void> {
    if (!options.demo) return;
    let report: DemoReport | null;
    try {
      report = await this.createDemoWarehouse();
    } catch (error) {
      // the demo is a convenience: the product starts without it (what was created so far stays)
      options.log(`The demo warehouse could not be completed: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (report) options.log(`Created the demo warehouse: ${report.products} products and ${report.orders} orders over ${DEMO_MONTHS} months (${report.seconds.toFixed(1)} s). SEED_DEMO=0 leaves it out.`);
  }

  /** Builds the demo warehouse now (`now`: the last moment of its history). Null when there is no operator. */
  async createDemoWarehouse(now = Math.floor(Date.now() / 1000)): Promise<DemoReport | null> {
    const started = Date.now();
    const admin = await this.access.authAdmin(DEMO_OPERATOR_ID, 'demo-seed');
    if (!admin) return null;
    const ids = await this.catalogue();
    const plan = planDemoOrders({
      now,
      timeZone: await this.siteConfig.timeZone(),
      months: DEMO_MONTHS,
      products: DEMO_PRODUCTS.map<PlanProduct>((p, i) => {
        const area = DEMO_AREAS.findIndex((a) => a.serial_no === p.area);
        const home = area * SHELVES_PER_AREA + (i % SHELVES_PER_AREA);
        const second = area * SHELVES_PER_AREA + ((i + 1) % SHELVES_PER_AREA);
        return { price: p.price, shelves: [home, second], supplier: SUPPLIER_OF_CATEGORY[p.category] ?? 0 };
      }),
      customers: ids.customers.length,
      carriers: ids.carriers.length,
    });
    for (const order of plan) await this.run(order, ids, { admin });
    return { products: ids.products.length, orders: plan.length, seconds: (Date.now() - started) / 1000 };
  }

  private async catalogue(): Promise<Ids> {
    const add = async (crud: { add(body: unknown): Promise<Record<string, unknown>> }, body: Record<string, unknown>) => Number((await crud.add(body)).id);
    const warehouse = await add(this.cruds.warehouse, { ...DEMO_WAREHOUSE, status: 1, warehouse_type: 1 });
    const shelves: number[] = [];
    const areaIds = new Map<string, number>();
    for (const area of DEMO_AREAS) {
      const areaId = await add(this.cruds.warehouseArea, { warehouse_id: warehouse, serial_no: area.serial_no, name: area.name, status: 1 });
      areaIds.set(area.serial_no, areaId);
      for (let s = 1; s <= SHELVES_PER_AREA; s++) {
        const code = `${area.serial_no}-${String(s).padStart(2, '0')}`;
        shelves.push(await add(this.cruds.shelf, { warehouse_id: warehouse, warehouse_area_id: areaId, serial_no: code, name: `${code} 货架`, status: 1 }));
      }
    }
    const brands = new Map<string, number>();
    for (const name of DEMO_BRANDS) brands.set(name, await add(this.cruds.brand, { name }));
    const units = new Map<string, number>();
    for (const name of DEMO_UNITS) units.set(name, await add(this.cruds.unit, { name, status: 1 }));
    const categories = new Map<string, number>();
    for (const [i, top] of DEMO_CATEGORIES.entries()) {
      const pid = await add(this.cruds.category, { name: top.name, status: 1, weigh: DEMO_CATEGORIES.length - i });
      for (const child of top.children) categories.set(child, await add(this.cruds.category, { pid, name: child, status: 1 }));
    }
    const products: number[] = [];
    for (const [i, p] of DEMO_PRODUCTS.entries()) {
      const area = DEMO_AREAS.findIndex((a) => a.serial_no === p.area);
      products.push(
        await add(this.cruds.product, {
          product_no: `SP${String(1001 + i)}`,
          bar_code: ean13(`690${String(1234500000 + i * 37).slice(0, 9)}`),
          name: p.name,
          spec: p.spec,
          price: p.price,
          brand_id: brands.get(p.brand),
          category_id: categories.get(p.category),
          unit_id: units.get(p.unit),
          safety_stock_num: Number(p.price) < 30 ? 50 : Number(p.price) < 200 ? 20 : 5,
          warehouse_id: warehouse,
          warehouse_area_id: areaIds.get(p.area),
          warehouse_shelf_id: shelves[area * SHELVES_PER_AREA + (i % SHELVES_PER_AREA)],
          status: 10,
        }),
      );
    }
    const suppliers: number[] = [];
    for (const s of DEMO_SUPPLIERS) suppliers.push(await add(this.cruds.supplier, s));
    const customers: number[] = [];
    for (const c of DEMO_CUSTOMERS) customers.push(await add(this.cruds.customer, c));
    const carriers: number[] = [];
    for (const c of DEMO_CARRIERS) carriers.push(await add(this.cruds.carrier, c));
    return { shelves, products, suppliers, customers, carriers };
  }

  /** One planned order through the real commands, each step at its planned time. */
  private async run(order: PlannedOrder, ids: Ids, context: TransitionContext): Promise<void> {
    const admin: AuthAdmin = context.admin;
    const at = <T>(time: number, work: () => Promise<T>) => runAtTime(time, work);
    if (order.kind === 'relocation') {
      const lines = order.lines.map((l) => ({ product_id: ids.products[l.product], source_warehouse_shelf_id: ids.shelves[l.from], target_warehouse_shelf_id: ids.shelves[l.to], plan_quantity: l.quantity }));
      const saved = await at(order.createdAt, () => this.commands.execute(new SaveOrderCommand('relocation', { lines, remark: '' }, admin)));
      if (order.auditedAt === null) return;
      await at(order.auditedAt, () => this.commands.execute(new AuditRelocationOrderCommand(saved.id, context)));
      if (order.movedAt === null) return;
      const moves = saved.lines.map((line: { id: number; plan_quantity: number }) => ({ id: Number(line.id), quantity: Number(line.plan_quantity) }));
      await at(order.movedAt, () => this.commands.execute(new MoveRelocationOrderCommand(saved.id, moves, context)));
      return;
    }
    const lines = order.lines.map((l) => ({ product_id: ids.products[l.product], warehouse_shelf_id: ids.shelves[l.shelf], plan_quantity: l.quantity, actual_quantity: l.quantity, price: l.price }));
    const input =
      order.kind === 'inbound'
        ? { supplier_id: ids.suppliers[order.supplier], type: order.type, lines, order_sn: '', remark: '' }
        : { customer_id: ids.customers[order.customer], type: order.type, lines, order_sn: '', remark: '' };
    const saved = await at(order.createdAt, () => this.commands.execute(new SaveOrderCommand(order.kind, input, admin)));
    if (order.auditedAt === null) return;
    const audit = order.kind === 'inbound' ? new AuditInboundOrderCommand(saved.id, context) : new AuditOutboundOrderCommand(saved.id, context);
    await at(order.auditedAt, () => this.commands.execute(audit));
    if (order.kind === 'outbound' && order.shipment) {
      const { shipment } = order;
      await at(shipment.at, () =>
        this.commands.execute(new ShipOutboundOrderCommand(saved.id, { carrier_id: ids.carriers[shipment.carrier], courier_number: shipment.courierNumber, shipment_time: shipment.at }, context)),
      );
    }
  }
}
