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
export { chainHash } from './domain/event-chain';
export { LedgerDigests } from './integrity/ledger-digests.service';
export type { DigestFile } from './integrity/ledger-digests.service';
export { LedgerVerifier } from './integrity/ledger-verifier.service';
export type { VerificationReport, VerificationProgress } from './integrity/ledger-verifier.service';
export { DailyLedgerDigest } from './integrity/daily-ledger-digest';
export { EventChain } from './ledger/event-chain.service';
