/**
 * Reorder suggestions (/admin/wms/reorderRule): the rules (a warehouse's min, max and order multiple of a
 * product, and its supplier) and, per warehouse, the reorder list — on hand, pending, reserved, position and
 * the suggested quantity — with "Create draft orders" (one unaudited purchase order per supplier).
 */
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Empty, Modal, Space, Table } from '@arco-design/web-react';
import { IconBulb } from '@arco-design/web-react/icon';
import type { ReorderLine } from '@contract/directed';
import { CrudPage, CrudTableStore, type CrudColumn, type CrudField, type CrudRemote } from '@/components/crud';
import { REORDER_RULE_API, draftReorder, fetchReorder } from '@/api/orders';
import { errorMessage } from '@/api/request';
import { WarehouseSelect } from '@/features/orders/selects';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { PRODUCT_REMOTE } from '../putawayRule';
import { WAREHOUSE_REMOTE, refCell, refToForm } from '../warehouse/location';

const SUPPLIER_REMOTE: CrudRemote = { url: '/admin/wms.Supplier/index', labelField: 'name' };

const columns: CrudColumn[] = [
  { prop: 'id', label: 'wms.reorderRule.id', width: 70, operator: '=', sortable: true },
  { prop: 'warehouse.name', label: 'wms.reorderRule.warehouse', minWidth: 130, ellipsis: true, operator: '=', searchField: 'warehouse_id', searchRemote: WAREHOUSE_REMOTE, cell: refCell('warehouse') },
  { prop: 'product.name', label: 'wms.reorderRule.product', minWidth: 150, ellipsis: true, operator: '=', searchField: 'product_id', searchRemote: PRODUCT_REMOTE, cell: refCell('product') },
  { prop: 'min', label: 'wms.reorderRule.min', width: 90, sortable: true, operator: 'RANGE' },
  { prop: 'max', label: 'wms.reorderRule.max', width: 90, sortable: true, operator: 'RANGE' },
  { prop: 'multiple', label: 'wms.reorderRule.multiple', width: 100, operator: false },
  { prop: 'supplier.name', label: 'wms.reorderRule.supplier', minWidth: 130, ellipsis: true, operator: '=', searchField: 'supplier_id', searchRemote: SUPPLIER_REMOTE, cell: refCell('supplier') },
];

const fields: CrudField[] = [
  { prop: 'warehouse_id', label: 'wms.reorderRule.warehouse', type: 'remoteSelect', remote: WAREHOUSE_REMOTE, rules: ['required'], toForm: refToForm },
  { prop: 'product_id', label: 'wms.reorderRule.product', type: 'remoteSelect', remote: PRODUCT_REMOTE, rules: ['required'], toForm: refToForm },
  { prop: 'supplier_id', label: 'wms.reorderRule.supplier', type: 'remoteSelect', remote: SUPPLIER_REMOTE, rules: ['required'], toForm: refToForm },
  { prop: 'min', label: 'wms.reorderRule.min', type: 'number', defaultValue: 0, rules: ['required', 'integer'], props: { precision: 0, min: 0 } },
  { prop: 'max', label: 'wms.reorderRule.max', type: 'number', defaultValue: 0, rules: ['required', 'integer'], props: { precision: 0, min: 0 } },
  { prop: 'multiple', label: 'wms.reorderRule.multiple', type: 'number', defaultValue: 1, rules: ['required', 'integer'], props: { precision: 0, min: 1 }, tip: 'wms.reorderRule.multipleTip' },
];

/** The reorder list of one warehouse and its "Create draft orders". */
const ReorderList = observer(function ReorderList() {
  const t = useT();
  const { navTabs } = useStore();
  const nodes = navTabs.nodesOf('/admin/wms/reorderRule');
  const [open, setOpen] = useState(false);
  const [warehouseId, setWarehouseId] = useState<number | null>(null);
  const [lines, setLines] = useState<ReorderLine[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const load = async (id: number | null) => {
    setWarehouseId(id);
    setError('');
    if (!id) return setLines([]);
    setBusy(true);
    try {
      setLines(await fetchReorder(id));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  if (!nodes.includes('/admin/wms/reorder/index')) return null;
  const suggested = lines.filter((l) => l.suggested > 0).length;
  return (
    <>
      <Button icon={<IconBulb />} onClick={() => setOpen(true)} data-directed="reorder-open">
        {t('wms.reorderRule.list')}
      </Button>
      <Modal title={t('wms.reorderRule.list')} visible={open} onCancel={() => setOpen(false)} footer={null} style={{ width: 'min(960px, 96vw)' }} unmountOnExit>
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <Space wrap>
            <WarehouseSelect value={warehouseId} onChange={(v) => void load(v)} />
            {nodes.includes('/admin/wms/reorder/draft') && (
              <Button
                type="primary"
                disabled={!warehouseId || !suggested}
                loading={busy}
                data-directed="reorder-draft"
                onClick={async () => {
                  if (!warehouseId) return;
                  setBusy(true);
                  try {
                    await draftReorder(warehouseId);
                  } catch {
                    // the request layer shows the message
                  } finally {
                    setBusy(false);
                  }
                  await load(warehouseId);
                }}
              >
                {t('wms.reorderRule.draft')}
              </Button>
            )}
          </Space>
          {error && <div className="arco-form-message-help">{error}</div>}
          {warehouseId ? (
            <Table
              rowKey="id"
              size="small"
              loading={busy}
              pagination={false}
              scroll={{ x: 760 }}
              data={lines}
              data-directed="reorder-list"
              columns={[
                { title: t('wms.reorderRule.product'), dataIndex: 'product', width: 180, render: (_: unknown, l: ReorderLine) => `${l.product?.product_no ?? ''} ${l.product?.name ?? ''}` },
                { title: t('wms.reorderRule.onHand'), dataIndex: 'on_hand', align: 'right' },
                { title: t('wms.reorderRule.pending'), dataIndex: 'inbound_pending', align: 'right' },
                { title: t('wms.reorderRule.reserved'), dataIndex: 'reserved', align: 'right' },
                { title: t('wms.reorderRule.position'), dataIndex: 'position', align: 'right' },
                { title: t('wms.reorderRule.min'), dataIndex: 'min', align: 'right' },
                { title: t('wms.reorderRule.max'), dataIndex: 'max', align: 'right' },
                { title: t('wms.reorderRule.multiple'), dataIndex: 'multiple', align: 'right' },
                { title: t('wms.reorderRule.suggested'), dataIndex: 'suggested', align: 'right', render: (v: number) => <b data-directed="reorder-suggested">{v}</b> },
              ]}
            />
          ) : (
            <Empty description={t('wms.reorderRule.chooseWarehouse')} />
          )}
        </Space>
      </Modal>
    </>
  );
});

export default function ReorderRulePage() {
  const root = useStore();
  const [store] = useState(() => new CrudTableStore(root, { api: REORDER_RULE_API, columns, fields, quickSearchFields: ['wms.reorderRule.id', 'wms.reorderRule.product', 'wms.reorderRule.supplier'] }));
  return <CrudPage store={store} entity="wms.reorderRule.rule" toolbarExtra={<ReorderList />} />;
}
