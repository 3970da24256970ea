/** The inventory context's public surface: the only way stock changes, and its read side. */
export { InventoryModule } from './inventory.module';
export { StockLedger } from './ledger/stock-ledger.service';
export type { MovementRequest, RecordContext } from './ledger/stock-ledger.service';
export { FormType, INBOUND_FORM_TYPES, OUTBOUND_FORM_TYPES, StockEventType } from './domain/stock-movement';
export type { FormTypeValue } from './domain/stock-movement';
export { ProjectionRebuilder } from './projections/projection-rebuilder';
export { OrderMovementTotals } from './queries/order-movement-totals/order-movement-totals';
export type { OrderMovementTotal } from './queries/order-movement-totals/order-movement-totals';
export type { RebuildReport } from './projections/projection-rebuilder';
export { PendingOrdersSource } from './queries/get-dashboard/pending-orders.source';
export type { PendingOrderCounter, PendingOrderFigures } from './queries/get-dashboard/pending-orders.source';
export { addDays, allocateFefo, expiryOf, isCalendarDay, isExpired, normalizeLotNo } from './domain/lots';
export type { Allocation, LotOnShelf } from './domain/lots';
export { lotOfPayload, NO_LOT, streamIdOf } from './domain/stock-movement';
export type { LotFacts } from './domain/stock-movement';
export type { PostedMovements } from './ledger/stock-ledger.service';
