/** The orders context's public surface. */
export { OrdersModule } from './orders.module';
export { PendingOrdersReader } from './queries/pending-orders/pending-orders.reader';
export type { PendingOrderCounts } from './queries/pending-orders/pending-orders.reader';
export { SaveOrderCommand } from './commands/save-order/save-order.command';
export type { SaveOrderInput, SaveOrderLine } from './commands/save-order/save-order.command';
export { AuditInboundOrderCommand } from './commands/audit-inbound-order/audit-inbound-order.command';
export { AuditOutboundOrderCommand } from './commands/audit-outbound-order/audit-outbound-order.command';
export { ShipOutboundOrderCommand } from './commands/ship-outbound-order/ship-outbound-order.command';
export { AuditRelocationOrderCommand } from './commands/audit-relocation-order/audit-relocation-order.command';
export { MoveRelocationOrderCommand } from './commands/move-relocation-order/move-relocation-order.command';
export { CancelRelocationOrderCommand } from './commands/cancel-relocation-order/cancel-relocation-order.command';
export { OrdersLedgerReader } from './queries/orders-ledger/orders-ledger.reader';
export type { OrdersLedgerReport } from './queries/orders-ledger/orders-ledger.reader';
