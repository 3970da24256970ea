/**
 * Pick faces (/admin/wms/pickFace): the shelves products are picked from, each kept between its min and max.
 * "Run replenishment" creates replenishment tasks (on My tasks) for every face below its min; a pick that
 * takes a face below its min does the same by itself (setting auto_replenish).
 */
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import { CrudPage, CrudTableStore, type CrudColumn, type CrudField } from '@/components/crud';
import { PICK_FACE_API, runReplenishment } from '@/api/orders';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { PRODUCT_REMOTE } from '../putawayRule';
import { SHELF_REMOTE, WAREHOUSE_REMOTE, refCell, refToForm } from '../warehouse/location';

const columns: CrudColumn[] = [
  { prop: 'id', label: 'wms.pickFace.id', width: 70, operator: '=', sortable: true },
  { prop: 'warehouse.name', label: 'wms.pickFace.warehouse', minWidth: 130, ellipsis: true, operator: '=', searchField: 'warehouse_id', searchRemote: WAREHOUSE_REMOTE, cell: refCell('warehouse') },
  { prop: 'shelf.name', label: 'wms.pickFace.shelf', minWidth: 130, ellipsis: true, operator: '=', searchField: 'warehouse_shelf_id', searchRemote: SHELF_REMOTE, cell: refCell('shelf') },
  { prop: 'product.name', label: 'wms.pickFace.product', minWidth: 150, ellipsis: true, operator: '=', searchField: 'product_id', searchRemote: PRODUCT_REMOTE, cell: refCell('product') },
  { prop: 'min', label: 'wms.pickFace.min', width: 90, sortable: true, operator: 'RANGE' },
  { prop: 'max', label: 'wms.pickFace.max', width: 90, sortable: true, operator: 'RANGE' },
  { prop: 'updatetime', label: 'wms.pickFace.updatetime', render: 'datetime', width: 170, sortable: true, hidden: true },
];

const fields: CrudField[] = [
  { prop: 'warehouse_shelf_id', label: 'wms.pickFace.shelf', type: 'remoteSelect', remote: { ...SHELF_REMOTE, params: { kind: 0 } }, rules: ['required'], toForm: refToForm },
  { prop: 'product_id', label: 'wms.pickFace.product', type: 'remoteSelect', remote: PRODUCT_REMOTE, rules: ['required'], toForm: refToForm },
  { prop: 'min', label: 'wms.pickFace.min', type: 'number', defaultValue: 0, rules: ['required', 'integer'], props: { precision: 0, min: 0 } },
  { prop: 'max', label: 'wms.pickFace.max', type: 'number', defaultValue: 0, rules: ['required', 'integer'], props: { precision: 0, min: 0 }, tip: 'wms.pickFace.maxTip' },
];

const RunButton = observer(function RunButton({ onDone }: { onDone: () => void }) {
  const t = useT();
  const { navTabs } = useStore();
  const [busy, setBusy] = useState(false);
  if (!navTabs.nodesOf('/admin/wms/pickFace').includes('/admin/wms/replenishment/run')) return null;
  return (
    <Button
      type="primary"
      icon={<IconRefresh />}
      loading={busy}
      data-directed="run-replenishment"
      onClick={async () => {
        setBusy(true);
        try {
          await runReplenishment(null);
          onDone();
        } catch {
          // the request layer shows the message
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('wms.pickFace.run')}
    </Button>
  );
});

export default function PickFacePage() {
  const root = useStore();
  const [store] = useState(() => new CrudTableStore(root, { api: PICK_FACE_API, columns, fields, quickSearchFields: ['wms.pickFace.id', 'wms.pickFace.product', 'wms.pickFace.shelf'] }));
  return <CrudPage store={store} entity="wms.pickFace.face" toolbarExtra={<RunButton onDone={() => void store.load()} />} />;
}
