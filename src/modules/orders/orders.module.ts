import { Module, OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { AccountsModule } from '../accounts';
import { InventoryModule, PendingOrdersSource, VarianceReasonsSource } from '../inventory';
import { MasterDataModule, MasterDataReferences } from '../master-data';
import { PlatformModule } from '../platform';
import { AuditAdjustmentOrderHandler } from './commands/audit-adjustment-order/audit-adjustment-order.handler';
import { CancelStocktakeHandler } from './commands/cancel-stocktake/cancel-stocktake.handler';
import { CountStocktakeHandler } from './commands/count-stocktake/count-stocktake.handler';
import { DeleteStocktakesHandler } from './commands/delete-stocktakes/delete-stocktakes.handler';
import { PostStocktakeHandler } from './commands/post-stocktake/post-stocktake.handler';
import { SaveStocktakeHandler } from './commands/save-stocktake/save-stocktake.handler';
import { StartStocktakeHandler } from './commands/start-stocktake/start-stocktake.handler';
import { AuditInboundOrderHandler } from './commands/audit-inbound-order/audit-inbound-order.handler';
import { AuditOutboundOrderHandler } from './commands/audit-outbound-order/audit-outbound-order.handler';
import { ReserveOutboundOrderHandler } from './commands/reserve-outbound-order/reserve-outbound-order.handler';
import { UnreserveOutboundOrderHandler } from './commands/unreserve-outbound-order/unreserve-outbound-order.handler';
import { AuditRelocationOrderHandler } from './commands/audit-relocation-order/audit-relocation-order.handler';
import { CancelRelocationOrderHandler } from './commands/cancel-relocation-order/cancel-relocation-order.handler';
import { DeleteOrdersHandler } from './commands/delete-orders/delete-orders.handler';
import { GoodsOrderAudit } from './commands/goods-order-audit';
import { LineUnits } from './commands/line-units';
import { NamedLots } from './commands/named-lots';
import { MoveRelocationOrderHandler } from './commands/move-relocation-order/move-relocation-order.handler';
import { SaveOrderHandler } from './commands/save-order/save-order.handler';
import { ShipOutboundOrderHandler } from './commands/ship-outbound-order/ship-outbound-order.handler';
import { AdjustmentController, InboundController, OutboundController, RelocationController, ReturnController } from './http/order.controllers';
import { AuditReturnOrderHandler } from './commands/audit-return-order/audit-return-order.handler';
import { ReturnablesReader } from './queries/returnables/returnables.reader';
import { LotTraceController } from './http/lot-trace.controller';
import { LotTraceReader } from './queries/lot-trace/lot-trace.reader';
import { StocktakeController } from './http/stocktake.controller';
import { TaskController, WaveController } from './http/directed.controllers';
import { PickFaceController, PutawayController, PutawayRuleController, ReorderController, ReorderRuleController, ReplenishmentController } from './http/directed-stock.controllers';
import { PutawayPlanner } from './commands/putaway-planner';
import { StockTasks } from './commands/stock-tasks';
import { RunReplenishmentHandler } from './commands/run-replenishment/run-replenishment.handler';
import { DraftReorderHandler } from './commands/draft-reorder/draft-reorder.handler';
import { ReorderReader } from './queries/reorder/reorder.reader';
import { PickFaceEntity, PutawayRuleEntity, ReorderRuleEntity } from './persistence/directed-rules.entities';
import { WavePicking } from './commands/wave-picking';
import { SaveWaveHandler } from './commands/save-wave/save-wave.handler';
import { DeleteWavesHandler } from './commands/delete-waves/delete-waves.handler';
import { ReleaseWaveHandler } from './commands/release-wave/release-wave.handler';
import { CancelWaveHandler } from './commands/cancel-wave/cancel-wave.handler';
import { ClaimTaskHandler } from './commands/claim-task/claim-task.handler';
import { UnclaimTaskHandler } from './commands/unclaim-task/unclaim-task.handler';
import { NextTaskHandler } from './commands/next-task/next-task.handler';
import { ConfirmTaskHandler } from './commands/confirm-task/confirm-task.handler';
import { TaskRepository } from './persistence/task.repository';
import { WaveRepository } from './persistence/wave.repository';
import { AuditOrderController } from './http/audit-order.controller';
import { StocktakeRepository } from './persistence/stocktake.repository';
import { CountSheetReader } from './queries/count-sheet/count-sheet.reader';
import { ORDER_PRINT_CONTROLLERS } from './http/order-print.controllers';
import { OrderNumbers } from './persistence/order-numbers';
import {
  AdjustmentOrderEntity,
  AdjustmentOrderLineEntity, ReturnOrderEntity, ReturnOrderLineEntity,
  InboundOrderEntity,
  InboundOrderLineEntity,
  OrderNumberEntity,
  OutboundOrderEntity,
  OutboundOrderLineEntity,
  RelocationOrderEntity,
  RelocationOrderLineEntity,
  StocktakeEntity,
  StocktakeLineEntity,
  PackageEntity,
  PackageLineEntity,
  TaskEntity,
  WaveEntity,
} from './persistence/order.entities';
import { PackageController } from './http/package.controller';
import { PackageRepository } from './persistence/package.repository';
import { Packing } from './commands/packing';
import { AddPackageHandler } from './commands/add-package/add-package.handler';
import { PackPackageHandler } from './commands/pack-package/pack-package.handler';
import { ClosePackageHandler } from './commands/close-package/close-package.handler';
import { PackageLabelReader } from './queries/package-label/package-label.reader';
import { WaveSheetReader } from './queries/wave-sheet/wave-sheet.reader';
import { PackStationReader } from './queries/pack-station/pack-station.reader';
import { OrderRepository } from './persistence/order.repository';
import { PendingOrdersReader } from './queries/pending-orders/pending-orders.reader';
import { OrdersLedgerReader } from './queries/orders-ledger/orders-ledger.reader';
import { OrderDocumentReader } from './queries/order-document/order-document.reader';
import { ModuleManifest, ModuleRegistry } from '../../shared/modules/module-registry';

/** This context as module management lists it. */
export const ORDERS_MODULE: ModuleManifest = { name: 'orders', title: 'module.title.orders', version: '1.0.0', core: true, routes: [], menus: [], jobs: [] };

@Module({
  imports: [
    TypeOrmModule.forFeature([InboundOrderEntity, InboundOrderLineEntity, OutboundOrderEntity, OutboundOrderLineEntity, RelocationOrderEntity, RelocationOrderLineEntity, OrderNumberEntity, AdjustmentOrderEntity, AdjustmentOrderLineEntity, ReturnOrderEntity, ReturnOrderLineEntity, StocktakeEntity, StocktakeLineEntity, WaveEntity, TaskEntity, PackageEntity, PackageLineEntity, PutawayRuleEntity, PickFaceEntity, ReorderRuleEntity]),
    CqrsModule,
    AccountsModule,
    PlatformModule,
    MasterDataModule,
    InventoryModule,
  ],
  controllers: [InboundController, OutboundController, RelocationController, AdjustmentController, ReturnController, LotTraceController, StocktakeController, WaveController, TaskController, PackageController, PutawayRuleController, PickFaceController, ReorderRuleController, PutawayController, ReplenishmentController, ReorderController, AuditOrderController, ...ORDER_PRINT_CONTROLLERS],
  providers: [
    OrderRepository,
    OrderNumbers,
    GoodsOrderAudit,
    NamedLots,
    LineUnits,
    SaveOrderHandler,
    DeleteOrdersHandler,
    AuditInboundOrderHandler,
    AuditOutboundOrderHandler,
    ReserveOutboundOrderHandler,
    UnreserveOutboundOrderHandler,
    ShipOutboundOrderHandler,
    AuditRelocationOrderHandler,
    MoveRelocationOrderHandler,
    CancelRelocationOrderHandler,
    PendingOrdersReader,
    OrdersLedgerReader,
    OrderDocumentReader,
    AuditAdjustmentOrderHandler,
    AuditReturnOrderHandler,
    ReturnablesReader,
    LotTraceReader,
    StocktakeRepository,
    SaveStocktakeHandler,
    DeleteStocktakesHandler,
    StartStocktakeHandler,
    CountStocktakeHandler,
    PostStocktakeHandler,
    CancelStocktakeHandler,
    CountSheetReader,
    TaskRepository,
    WaveRepository,
    WavePicking,
    SaveWaveHandler,
    DeleteWavesHandler,
    ReleaseWaveHandler,
    CancelWaveHandler,
    ClaimTaskHandler,
    UnclaimTaskHandler,
    NextTaskHandler,
    ConfirmTaskHandler,
    PackageRepository,
    Packing,
    AddPackageHandler,
    PackPackageHandler,
    ClosePackageHandler,
    PackageLabelReader,
    WaveSheetReader,
    PackStationReader,
    PutawayPlanner,
    StockTasks,
    RunReplenishmentHandler,
    DraftReorderHandler,
    ReorderReader,
  ],
  exports: [PendingOrdersReader, OrdersLedgerReader],
})
export class OrdersModule implements OnModuleInit {
  constructor(
    private readonly references: MasterDataReferences,
    private readonly pendingOrders: PendingOrdersReader,
    private readonly dashboard: PendingOrdersSource,
    private readonly varianceReasons: VarianceReasonsSource,
    modules: ModuleRegistry,
  ) {
    modules.declare(ORDERS_MODULE);
  }

  /** Order lines pin what they name: products, shelves and parties stay while an order refers to them. */
  onModuleInit(): void {
    // The dashboard (inventory) counts orders awaiting review through this context's query.
    this.dashboard.use((manager) => this.pendingOrders.execute(manager));
    // The auditor's variance list (inventory) reads why each adjustment line changed stock.
    this.varianceReasons.use(async (manager, orderIds) => {
      const rows: Array<Record<string, unknown>> = await manager.query(
        `SELECT adjustment_order_id, product_id, warehouse_shelf_id, reason FROM adjustment_order_line WHERE adjustment_order_id IN (${orderIds.map(() => '?').join(', ')})`,
        [...orderIds],
      );
      return rows.map((r) => ({ order_id: Number(r.adjustment_order_id), product_id: Number(r.product_id), warehouse_shelf_id: Number(r.warehouse_shelf_id), reason: String(r.reason) }));
    });
    const usedBy = (sql: string, by: string) => async (ids: readonly number[], manager: EntityManager) => {
      const [row] = await manager.query(sql.replace('(?)', `(${ids.map(() => '?').join(',')})`), [...ids]);
      return row ? { id: Number(row.id), by } : null;
    };
    const lines = ['inbound_order_line', 'outbound_order_line', 'adjustment_order_line', 'stocktake_line'];
    for (const table of lines) {
      this.references.register('product', usedBy(`SELECT product_id AS id FROM ${table} WHERE product_id IN (?) LIMIT 1`, `orders.references.${table}`));
      this.references.register('shelf', usedBy(`SELECT warehouse_shelf_id AS id FROM ${table} WHERE warehouse_shelf_id IN (?) LIMIT 1`, `orders.references.${table}`));
    }
    this.references.register('product', usedBy('SELECT product_id AS id FROM relocation_order_line WHERE product_id IN (?) LIMIT 1', 'orders.references.relocation_order_line'));
    for (const column of ['source_warehouse_shelf_id', 'target_warehouse_shelf_id']) {
      this.references.register('shelf', usedBy(`SELECT ${column} AS id FROM relocation_order_line WHERE ${column} IN (?) LIMIT 1`, 'orders.references.relocation_order_line'));
    }
    this.references.register('supplier', usedBy('SELECT supplier_id AS id FROM inbound_order WHERE supplier_id IN (?) LIMIT 1', 'orders.references.inbound_order'));
    this.references.register('customer', usedBy('SELECT customer_id AS id FROM outbound_order WHERE customer_id IN (?) LIMIT 1', 'orders.references.outbound_order'));
    this.references.register('customer', usedBy('SELECT customer_id AS id FROM relocation_order WHERE customer_id IN (?) LIMIT 1', 'orders.references.relocation_order'));
    this.references.register('carrier', usedBy('SELECT carrier_id AS id FROM outbound_order WHERE carrier_id IN (?) LIMIT 1', 'orders.references.outbound_order'));
    // directed putaway, replenishment and reorder (§12): their rules and open tasks pin what they name
    for (const table of ['putaway_rule', 'pick_face', 'reorder_rule']) this.references.register('product', usedBy(`SELECT product_id AS id FROM ${table} WHERE product_id IN (?) LIMIT 1`, `orders.references.${table}`));
    this.references.register('category', usedBy('SELECT category_id AS id FROM putaway_rule WHERE category_id IN (?) LIMIT 1', 'orders.references.putaway_rule'));
    this.references.register('warehouse', usedBy('SELECT warehouse_id AS id FROM putaway_rule WHERE warehouse_id IN (?) LIMIT 1', 'orders.references.putaway_rule'));
    this.references.register('warehouse', usedBy('SELECT warehouse_id AS id FROM reorder_rule WHERE warehouse_id IN (?) LIMIT 1', 'orders.references.reorder_rule'));
    this.references.register('warehouse_area', usedBy('SELECT warehouse_area_id AS id FROM putaway_rule WHERE warehouse_area_id IN (?) LIMIT 1', 'orders.references.putaway_rule'));
    this.references.register('shelf', usedBy('SELECT warehouse_shelf_id AS id FROM pick_face WHERE warehouse_shelf_id IN (?) LIMIT 1', 'orders.references.pick_face'));
    this.references.register('supplier', usedBy('SELECT supplier_id AS id FROM reorder_rule WHERE supplier_id IN (?) LIMIT 1', 'orders.references.reorder_rule'));
    for (const column of ['from_shelf_id', 'to_shelf_id']) {
      this.references.register('shelf', usedBy(`SELECT ${column} AS id FROM task WHERE ${column} IN (?) AND status IN (0, 1) LIMIT 1`, 'orders.references.task'));
    }
  }
}
