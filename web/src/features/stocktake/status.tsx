import { Tag } from '@arco-design/web-react';
import type { CrudOption } from '@/components/crud';
import { useT } from '@/lang';

/** status 0 draft / 1 counting / 2 posted / 3 cancelled. */
export const STOCKTAKE_STATUS_OPTIONS: CrudOption[] = [
  { value: 0, label: 'wms.stocktake.status.0', color: 'gray' },
  { value: 1, label: 'wms.stocktake.status.1', color: 'arcoblue' },
  { value: 2, label: 'wms.stocktake.status.2', color: 'green' },
  { value: 3, label: 'wms.stocktake.status.3', color: 'red' },
];

export function StatusTag({ status }: { status: number }) {
  const t = useT();
  const option = STOCKTAKE_STATUS_OPTIONS.find((o) => o.value === status);
  return option ? (
    <Tag size="small" color={option.color} data-stocktake="status">
      {t(option.label)}
    </Tag>
  ) : null;
}
