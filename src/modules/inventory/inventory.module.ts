import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { MasterDataModule, MasterDataReferences } from '../master-data';
import { PlatformModule } from '../platform';
import { InventoryHistoryController, StockController } from './http/inventory.controllers';
import { DashboardController } from './http/dashboard.controller';
import { LedgerIntegrityController } from './http/ledger-integrity.controller';
import { AuditStockController, AuditTraceController, AuditVarianceController } from './http/audit-workspace.controllers';
import { MovementTraceReader } from './queries/audit-workspace/movement-trace.reader';
import { CountVarianceReader } from './queries/audit-workspace/count-variances.reader';
import { OrderMovementReader } from './queries/audit-workspace/order-movements.reader';
import { DailyLedgerDigest } from './integrity/daily-ledger-digest';
import { LedgerDigests } from './integrity/ledger-digests.service';
import { LedgerSigningKey } from './integrity/ledger-signing-key';
import { LedgerVerifier } from './integrity/ledger-verifier.service';
import { LedgerDigestEntity, LedgerDigestLeafEntity, LedgerVerificationEntity } from './persistence/ledger-integrity.entities';
import { StockReservations } from './ledger/stock-reservations.service';
import { StockLedger } from './ledger/stock-ledger.service';
import { ExpiryWindowReader } from './queries/expiry-window/expiry-window.reader';
import { ExpiringLotsReader } from './queries/expiring-lots/expiring-lots.reader';
import { EventChain } from './ledger/event-chain.service';
import { ProjectionRebuilder } from './projections/projection-rebuilder';
import { StockAsOfReader } from './queries/stock-as-of/stock-as-of.reader';
import { DashboardReader } from './queries/dashboard/dashboard.reader';
import { PendingOrdersSource } from './queries/dashboard/pending-orders.source';
import { VarianceReasonsSource } from './queries/audit-workspace/variance-reasons.source';
import { OrderMovementTotalsReader } from './queries/order-movement-totals/order-movement-totals.reader';
import { StockInScopeReader } from './queries/stock-in-scope/stock-in-scope.reader';
import { LotDatesReader } from './queries/lot-dates/lot-dates.reader';
import { StreamBalanceReader } from './queries/stream-balance/stream-balance.reader';
import { InventoryDailyStatEntity, InventoryEventEntity, InventoryHistoryEntity, InventoryMonthlyStatEntity, LotBlockEntity, StockEntity, StockLotEntity, StockReservationEntity, StockSerialEntity, StockSerialMovementEntity } from './persistence/inventory.entities';
import { LotBlocks } from './ledger/lot-blocks.service';
import { LotController } from './http/lot.controllers';
import { SerialController } from './http/serial.controller';
import { SerialProjection } from './ledger/serial-projection';
import { SerialReader } from './queries/serials/serial.reader';
import { ModuleManifest, ModuleRegistry } from '../../shared/modules/module-registry';

/** This context as module management lists it. */
export const INVENTORY_MODULE: ModuleManifest = { name: 'inventory', title: 'module.title.inventory', version: '1.0.0', core: true, routes: [], menus: [], jobs: ['ledger.daily_digest'] };

@Module({
  imports: [TypeOrmModule.forFeature([InventoryEventEntity, StockEntity, StockLotEntity, StockReservationEntity, LotBlockEntity, InventoryHistoryEntity, InventoryDailyStatEntity, InventoryMonthlyStatEntity, StockSerialEntity, StockSerialMovementEntity, LedgerDigestEntity, LedgerDigestLeafEntity, LedgerVerificationEntity]), PlatformModule, MasterDataModule],
  controllers: [StockController, LotController, SerialController, InventoryHistoryController, DashboardController, LedgerIntegrityController, AuditTraceController, AuditStockController, AuditVarianceController],
  providers: [LotBlocks, ExpiryWindowReader, StockLedger, SerialProjection, SerialReader, StockReservations, EventChain, StockAsOfReader, ProjectionRebuilder, DashboardReader, PendingOrdersSource, OrderMovementTotalsReader, LedgerSigningKey, LedgerDigests, LedgerVerifier, DailyLedgerDigest, StockInScopeReader, LotDatesReader, StreamBalanceReader, MovementTraceReader, CountVarianceReader, OrderMovementReader, VarianceReasonsSource, ExpiringLotsReader],
  exports: [LotBlocks, StockLedger, SerialProjection, StockReservations, ProjectionRebuilder, PendingOrdersSource, OrderMovementTotalsReader, LedgerDigests, LedgerVerifier, DailyLedgerDigest, StockInScopeReader, LotDatesReader, StreamBalanceReader, OrderMovementReader, VarianceReasonsSource, ExpiringLotsReader],
})
export class InventoryModule implements OnModuleInit {
  constructor(
    private readonly references: MasterDataReferences,
    modules: ModuleRegistry,
  ) {
    modules.declare(INVENTORY_MODULE);
  }

  /** Stock on hand pins its product and shelf: neither can be deleted (nor the shelf moved) while it holds any. */
  onModuleInit(): void {
    const holding = (column: 'product_id' | 'warehouse_shelf_id') => async (ids: readonly number[], manager: EntityManager) => {
      const [row] = await manager.query(`SELECT ${column} AS id FROM stock WHERE ${column} IN (${ids.map(() => '?').join(',')}) AND quantity <> 0 LIMIT 1`, [...ids]);
      return row ? { id: Number(row.id), by: 'inventory.references.stock' } : null;
    };
    this.references.register('product', holding('product_id'));
    this.references.register('shelf', holding('warehouse_shelf_id'));
    // stock rows carry their shelf's warehouse and area (the list by location reads them along an index)
    this.references.followMoves('shelf', async (id, location, manager) => {
      await manager.query('UPDATE stock SET warehouse_id = ?, warehouse_area_id = ? WHERE warehouse_shelf_id = ?', [location.warehouse_id, location.warehouse_area_id, id]);
    });
  }
}
