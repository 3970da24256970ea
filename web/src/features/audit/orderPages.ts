import type { MovedOrderType } from '@contract/audit';

/** The order page a traced movement's order opens on (`?detail=<id>` opens its detail, `?id=<id>` a count's sheet). */
export const ORDER_PAGE: Record<MovedOrderType, string> = {
  inbound: '/admin/wms/inbound',
  outbound: '/admin/wms/outbound',
  relocation: '/admin/wms/relocation',
  stocktake: '/admin/wms/stocktake',
  adjustment: '/admin/wms/adjustment',
  wave: '/admin/wms/wave',
  task: '/admin/wms/task',
  return: '/admin/wms/return',
};
