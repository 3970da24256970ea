export { orderLinkColumn } from './columns';
export { OrderSnapshotDrawer } from './OrderSnapshotDrawer';
export { AuditViewStore, OrderSnapshotStore, asOfParams, traceParams, varianceParams } from './store';
export type { AsOfFilters, TraceFilters, VarianceFilters } from './store';
export { AUDIT_STOCK_API, ORDER_PAGE, TRACE_API, VARIANCE_API, fetchOrderSnapshot } from './api';
