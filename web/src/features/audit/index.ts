export { orderLinkColumn } from './columns';
export { OrderSnapshotDrawer } from './OrderSnapshotDrawer';
export { AuditViewStore, OrderSnapshotStore, asOfParams, traceParams, varianceParams } from './store';
export type { AsOfFilters, TraceFilters, VarianceFilters } from './store';
export { ORDER_PAGE } from './orderPages';
